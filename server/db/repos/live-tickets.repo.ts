/** Tickets that open a live stream from EventSource (docs/decisions/017): stored only as SHA-256 hashes. */
import type { Kysely } from "kysely";
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

export async function deleteLiveTicketsExpiredBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom("live_tickets").where("expires_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
