/**
 * Housekeeping that keeps tables from growing without bound: rate-limit counters whose window has ended,
 * remembered sign-in addresses nobody used for longer than they count, live events past their retention and
 * expired stream tickets. Any instance may run it: every delete is idempotent.
 */
import type { AppContext } from "../context.ts";
import { deleteLoginSourcesBefore } from "../db/repos/login-sources.repo.ts";
import { KNOWN_SOURCE_DAYS } from "./auth/limits.ts";
import { pruneLiveEvents } from "./live/retention.ts";
import { purgeEndedWindows } from "./rate-limit.ts";

export const MAINTENANCE_INTERVAL_MS = 60_000;

export async function runMaintenance(
  ctx: AppContext,
): Promise<{ windows: number; loginSources: number; liveEvents: number; streamTickets: number }> {
  const now = ctx.clock();
  const windows = await purgeEndedWindows(ctx.db, now);
  const loginSources = await deleteLoginSourcesBefore(
    ctx.db,
    new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000),
  );
  const live = await pruneLiveEvents(ctx.db, now);
  return { windows, loginSources, liveEvents: live.events, streamTickets: live.tickets };
}
