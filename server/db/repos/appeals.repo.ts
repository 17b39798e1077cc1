/** Players' appeals (docs/fair-play.md): at most one open per account, held by appeals_one_open_idx. */
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export interface OpenAppeal {
  at: Date;
  message: string;
}

/** Files the appeal unless one is open: false then (exact under any concurrency: the partial unique index). */
export async function insertAppeal(
  db: Kysely<Database>,
  appeal: { userId: string; message: string; at: Date },
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO appeals (id, user_id, message, created_at)
    VALUES (${randomUUID()}, ${appeal.userId}, ${appeal.message}, ${appeal.at})
    ON CONFLICT (user_id) WHERE answered_at IS NULL DO NOTHING
    RETURNING id`.execute(db);
  return rows.length === 1;
}

export async function findOpenAppeal(db: Kysely<Database>, userId: string): Promise<OpenAppeal | null> {
  const row = await db
    .selectFrom("appeals")
    .select(["created_at", "message"])
    .where("user_id", "=", userId)
    .where("answered_at", "is", null)
    .executeTakeFirst();
  return row ? { at: row.created_at, message: row.message } : null;
}

/** Answers the account's open appeal, if any (an admin decided on the account). */
export async function answerOpenAppeal(
  db: Kysely<Database>,
  userId: string,
  answer: { by: string; at: Date },
): Promise<void> {
  await db
    .updateTable("appeals")
    .set({ answered_at: answer.at, answered_by: answer.by })
    .where("user_id", "=", userId)
    .where("answered_at", "is", null)
    .execute();
}
