/**
 * Live events are kept 15 minutes (the contract promises at least 10) and tickets until they expire; the
 * maintenance round prunes both. A stream whose resume position was pruned starts with `reset`: its counter
 * row remembers how far it went, so what is missing below it was pruned (docs/decisions/017).
 */
import type { Kysely } from "kysely";
import { deleteLiveEventsBefore } from "../../db/repos/live-events.repo.ts";
import { deleteLiveTicketsExpiredBefore } from "../../db/repos/live-tickets.repo.ts";
import type { Database } from "../../db/schema.ts";
import { pruneInBatches } from "../prune-in-batches.ts";

export const LIVE_EVENT_RETENTION_MS = 15 * 60_000;

export async function pruneLiveEvents(
  db: Kysely<Database>,
  now: Date,
): Promise<{ events: number; tickets: number }> {
  const events = await deleteLiveEventsBefore(db, new Date(now.getTime() - LIVE_EVENT_RETENTION_MS));
  const tickets = await pruneInBatches((limit) => deleteLiveTicketsExpiredBefore(db, now, limit));
  return { events, tickets };
}
