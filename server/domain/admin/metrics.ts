/**
 * The dashboard's figures (docs/api.md, Admin; docs/decisions/013). User counts cover role `user` only.
 * Active: logged in within 30 days; daily volume: every ledger transfer of the last 24 hours; the average is
 * cut to whole micro-points. Streak claims and booster sales count today, the UTC day the economy runs on.
 */
import type { Kysely } from "kysely";
import {
  economyFigures,
  multiplierFigures,
  transferVolumeMicro,
  userFigures,
} from "../../db/read-models/admin-metrics.read-model.ts";
import type { Database } from "../../db/schema.ts";
import { startOfUtcDay, utcDayOf } from "../economy/utc-days.ts";
import { treasuryBalanceMicro } from "../ledger/accounts.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function adminMetrics(db: Kysely<Database>, now: Date) {
  const users = await userFigures(db, new Date(now.getTime() - 30 * DAY_MS));
  const dailyVolumeMicro = await transferVolumeMicro(db, new Date(now.getTime() - DAY_MS));
  const today = utcDayOf(now);
  const economy = await economyFigures(db, today, startOfUtcDay(today));
  return {
    totalUsers: users.totalUsers,
    totalPointsMicro: users.totalPointsMicro,
    totalWallets: users.totalWallets,
    activeUsers: users.activeUsers,
    averagePointsMicro: users.totalUsers === 0 ? 0 : Math.floor(users.totalPointsMicro / users.totalUsers),
    poolBalanceMicro: await treasuryBalanceMicro(db),
    dailyVolumeMicro,
    streakClaimsToday: economy.streakClaims,
    boosterSalesToday: economy.boosterSales,
  };
}

/** Users without a rewards row yet count at the default multiplier (0.001). */
export const multiplierStats = (db: Kysely<Database>) => multiplierFigures(db);
