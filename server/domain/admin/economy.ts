/**
 * GET /admin/economy (docs/fair-play.md, The economy): the last `days` UTC days, today included, and the
 * coverage of what the platform owes (players' wallets, and their points at POINTS_PER_USDT) by what it holds
 * (the treasury, and the hot wallet as reconciliation last saw it).
 */
import type { Kysely } from "kysely";
import {
  type EconomyDayRow,
  economyDays,
  liabilityFigures,
} from "../../db/read-models/economy.read-model.ts";
import type { Database } from "../../db/schema.ts";
import { utcDayKey, utcDayOf } from "../economy/utc-days.ts";
import { payoutMicro } from "../wallet/withdraw-rewards.ts";

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
  const today = utcDayOf(deps.clock());
  const rows = await economyDays(deps.db, today - days + 1, today);
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
