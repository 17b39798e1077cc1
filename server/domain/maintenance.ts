/**
 * Housekeeping that keeps tables from growing without bound: rate-limit counters whose window has ended,
 * remembered sign-in addresses nobody used for longer than they count, live events past their retention,
 * expired stream tickets, sessions of no further use, idempotency records past their retention and sign-in
 * networks older than fair play reads them
 * (docs/decisions/035). Any instance may run it: every delete is idempotent, and the big tables are pruned in
 * bounded batches (prune-in-batches.ts).
 */
import { deleteLoginSourcesBefore } from "../db/repos/login-sources.repo.ts";
import { KNOWN_SOURCE_DAYS } from "./auth/limits.ts";
import { pruneEndedSessions } from "./auth/session-retention.ts";
import type { Uses } from "./deps.ts";
import { pruneOldNetworks } from "./fair-play/networks.ts";
import { pruneIdempotencyKeys } from "./idempotency-retention.ts";
import { pruneLiveEvents } from "./live/retention.ts";
import { purgeEndedWindows } from "./rate-limit.ts";

export const MAINTENANCE_INTERVAL_MS = 60_000;

export interface MaintenanceCounts {
  windows: number;
  loginSources: number;
  liveEvents: number;
  streamTickets: number;
  sessions: number;
  idempotencyKeys: number;
  networks: number;
}

export async function runMaintenance(deps: Uses<"db" | "clock">): Promise<MaintenanceCounts> {
  const now = deps.clock();
  const windows = await purgeEndedWindows(deps.db, now);
  const loginSources = await deleteLoginSourcesBefore(
    deps.db,
    new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000),
  );
  const live = await pruneLiveEvents(deps.db, now);
  const sessions = await pruneEndedSessions(deps.db, now);
  const idempotencyKeys = await pruneIdempotencyKeys(deps.db, now);
  const networks = await pruneOldNetworks(deps);
  return {
    windows,
    loginSources,
    liveEvents: live.events,
    streamTickets: live.tickets,
    sessions,
    idempotencyKeys,
    networks,
  };
}
