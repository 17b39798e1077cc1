/** Tickets that open a live stream from EventSource (docs/decisions/017): stored only as SHA-256 hashes. */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export async function insertLiveTicket(
  db: Kysely<Database>,
  ticket: { ticketHash: string; sessionId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("live_tickets")
    .values({ ticket_hash: ticket.ticketHash, session_id: ticket.sessionId, expires_at: ticket.expiresAt })
    .execute();
}

/** Uses the ticket up: only one caller ever gets its session id back, and only before it expires. */
export async function consumeLiveTicket(
  db: Kysely<Database>,
  ticketHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable("live_tickets")
    .set({ used_at: now })
    .where("ticket_hash", "=", ticketHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("session_id")
    .executeTakeFirst();
  return row?.session_id;
}

/** Deletes up to `limit` tickets that expired before `cutoff`; rows another statement holds wait for the next run. */
export async function deleteLiveTicketsExpiredBefore(
  db: Kysely<Database>,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const result = await sql`
    DELETE FROM live_tickets WHERE ticket_hash IN (
      SELECT ticket_hash FROM live_tickets WHERE expires_at < ${cutoff} LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
