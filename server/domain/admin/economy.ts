/**
 * GET /admin/economy (docs/fair-play.md, The economy): the last `days` UTC days, today included, and the
 * coverage of what the platform owes (players' wallets, and their points at POINTS_PER_USDT) by what it holds
 * (the treasury, and the hot wallet as reconciliation last saw it).
 *
 * A day is counted from the tables once it is finished (FINISHED_AFTER_MS past its midnight, so a tap sync
 * that began before midnight has committed) and kept in `economy_days`; later answers read it there and count
 * only the days not yet kept and the unfinished ones (today's, and yesterday's for a few minutes).
 */
import type { Kysely } from "kysely";
import {
  type EconomyDayRow,
  economyDays,
  liabilityFigures,
} from "../../db/read-models/economy.read-model.ts";
import { keepEconomyDays, keptEconomyDays } from "../../db/repos/economy-days.repo.ts";
import type { Database } from "../../db/schema.ts";
import { utcDayKey, utcDayOf } from "../economy/utc-days.ts";
import { payoutMicro } from "../wallet/withdraw-rewards.ts";

/** How long after its midnight a day is taken as finished: longer than any transaction takes. */
export const FINISHED_AFTER_MS = 10 * 60_000;

export interface EconomyReport {
  days: (Omit<EconomyDayRow, "day"> & { date: string })[];
  liabilities: {
    pointsOutstandingMicro: number;
    pointsOutstandingUsdtMicro: number;
    walletsMicro: number;
    treasuryMicro: number;
    hotWalletMicro: number;
    /** Null when nothing is owed. */
    coverage: number | null;
  };
}

export async function economyReport(
  deps: { db: Kysely<Database>; clock: () => Date; pointsPerUsdt: number },
  days: number,
): Promise<EconomyReport> {
  const now = deps.clock();
  const rows = await daysFrom(deps.db, now, utcDayOf(now) - days + 1, utcDayOf(now));
  const figures = await liabilityFigures(deps.db);
  const pointsOutstandingUsdtMicro = payoutMicro(figures.pointsOutstandingMicro, deps.pointsPerUsdt);
  // Before any reconciliation reached the chain, nothing is known of the hot wallet: it counts as empty.
  const hotWalletMicro = figures.hotWalletMicro ?? 0;
  const owed = figures.walletsMicro + pointsOutstandingUsdtMicro;
  return {
    days: rows.map(({ day, ...figures }) => ({ date: utcDayKey(day), ...figures })),
    liabilities: {
      pointsOutstandingMicro: figures.pointsOutstandingMicro,
      pointsOutstandingUsdtMicro,
      walletsMicro: figures.walletsMicro,
      treasuryMicro: figures.treasuryMicro,
      hotWalletMicro,
      coverage: owed === 0 ? null : (figures.treasuryMicro + hotWalletMicro) / owed,
    },
  };
}

/** Days `from`..`to`: the kept ones as kept, the rest counted (and kept when finished). */
async function daysFrom(db: Kysely<Database>, now: Date, from: number, to: number): Promise<EconomyDayRow[]> {
  const lastFinished = Math.min(to, utcDayOf(new Date(now.getTime() - FINISHED_AFTER_MS)) - 1);
  const kept = lastFinished < from ? [] : await keptEconomyDays(db, from, lastFinished);
  const byDay = new Map(kept.map((row) => [row.day, row]));
  const missing = [];
  for (let day = from; day <= to; day += 1) if (!byDay.has(day)) missing.push(day);
  const [first, last] = [missing[0], missing.at(-1)];
  if (first !== undefined && last !== undefined) {
    // One count over the span of the missing days (often only today, or today and a first long range).
    const counted = await economyDays(db, first, last);
    const fresh = counted.filter((row) => !byDay.has(row.day));
    await keepEconomyDays(
      db,
      fresh.filter((row) => row.day <= lastFinished),
      now,
    );
    for (const row of fresh) byDay.set(row.day, row);
  }
  return [...byDay.values()].sort((a, b) => a.day - b.day);
}
