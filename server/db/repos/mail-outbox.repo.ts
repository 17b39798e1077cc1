import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

export interface OutboxMailInput {
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
  sentAt: Date | null;
}

export async function insertOutboxMail(db: Kysely<Database>, mail: OutboxMailInput): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      created_at: mail.createdAt,
      sent_at: mail.sentAt,
    })
    .execute();
  return id;
}

export async function markOutboxMailSent(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db.updateTable("mail_outbox").set({ sent_at: at }).where("id", "=", id).execute();
}

/** Newest first. */
/** Newest first; `limit` keeps a long history from being read whole. */
export function listOutboxMailFor(db: Kysely<Database>, to: string, limit = 100) {
  return db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("to_address", "=", to)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}
