/**
 * GET /admin/economy (docs/fair-play.md, The economy): the last `days` UTC days, today included, and the
 * coverage of what the platform owes (players' wallets, and their points at POINTS_PER_USDT) by what it holds
 * (the treasury, and the hot wallet as reconciliation last saw it).
 *
 * A day is counted from the tables once it is finished (FINISHED_AFTER_MS past its midnight, so a tap sync
 * that began before midnight has committed) and kept in `economy_days`; later answers read it there and count
 * only the days not yet kept and the unfinished ones (today's, and yesterday's for a few minutes).
 *
 * Each day also answers its coverage at its end (today's: now), from the balances as they stood then
 * (docs/decisions/040-coverage-trend.md), kept with the day's figures once it is finished.
 */
import type { Kysely } from "kysely";
import {
  type DayEndBalances,
  dayEndBalances,
  type EconomyDayRow,
  economyDays,
  liabilityFigures,
} from "../../db/read-models/economy.read-model.ts";
import { keepDayEndBalances, keepEconomyDays, keptEconomyDays } from "../../db/repos/economy-days.repo.ts";
import type { Database } from "../../db/schema.ts";
import { utcDayKey, utcDayOf } from "../economy/utc-days.ts";
import { payoutMicro } from "../wallet/withdraw-rewards.ts";

/** How long after its midnight a day is taken as finished: longer than any transaction takes. */
export const FINISHED_AFTER_MS = 10 * 60_000;

export interface EconomyReport {
  /** `coverage`: at the day's end (today's: now); null when nothing was owed then. */
  days: (Omit<EconomyDayRow, "day"> & { date: string; coverage: number | null })[];
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
    days: rows.map(({ day, balances, ...figures }) => ({
      date: utcDayKey(day),
      ...figures,
      coverage: coverageOf(balances, deps.pointsPerUsdt),
    })),
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

/** (treasury + hot wallet) / (wallets + points outstanding in USDT, rounded down as a conversion would); null when nothing is owed. */
export function coverageOf(balances: Omit<DayEndBalances, "day">, pointsPerUsdt: number): number | null {
  const owed = balances.walletsMicro + payoutMicro(balances.pointsOutstandingMicro, pointsPerUsdt);
  return owed === 0 ? null : (balances.treasuryMicro + balances.hotWalletMicro) / owed;
}

type EconomyDay = EconomyDayRow & { balances: DayEndBalances };

/**
 * Days `from`..`to`: the kept ones as kept, the rest counted (and kept when finished). The balances are counted
 * back from today's for the days that lack them (today, days not kept, days kept before migration 019).
 */
async function daysFrom(db: Kysely<Database>, now: Date, from: number, to: number): Promise<EconomyDay[]> {
  const lastFinished = Math.min(to, utcDayOf(new Date(now.getTime() - FINISHED_AFTER_MS)) - 1);
  const kept = lastFinished < from ? [] : await keptEconomyDays(db, from, lastFinished);
  const figuresByDay = new Map<number, EconomyDayRow>(kept.map(({ balances: _, ...row }) => [row.day, row]));
  const balancesByDay = new Map<number, DayEndBalances>();
  for (const row of kept) if (row.balances) balancesByDay.set(row.day, row.balances);
  const missing = [];
  for (let day = from; day <= to; day += 1) if (!figuresByDay.has(day)) missing.push(day);
  const [first, last] = [missing[0], missing.at(-1)];
  // One count over the span of the missing days (often only today, or today and a first long range).
  const counted = first !== undefined && last !== undefined ? await economyDays(db, first, last) : [];
  const fresh = counted.filter((row) => !figuresByDay.has(row.day));
  for (const row of fresh) figuresByDay.set(row.day, row);
  let lacking = to;
  for (let day = to; day >= from; day -= 1) if (!balancesByDay.has(day)) lacking = day;
  const refilled = kept.filter((row) => row.balances === null).map((row) => row.day);
  for (const balances of await dayEndBalances(db, lacking, to))
    if (!balancesByDay.has(balances.day)) balancesByDay.set(balances.day, balances);
  const days: EconomyDay[] = [];
  for (let day = from; day <= to; day += 1) {
    const figures = figuresByDay.get(day);
    const balances = balancesByDay.get(day);
    if (!figures || !balances) throw new Error(`the economy of day ${day} was not counted`);
    days.push({ ...figures, balances });
  }
  await keepEconomyDays(
    db,
    days.filter((row) => row.day <= lastFinished && fresh.some((counted) => counted.day === row.day)),
    now,
  );
  await keepDayEndBalances(
    db,
    days.filter((row) => refilled.includes(row.day)).map((row) => row.balances),
  );
  return days;
}
