/**
 * The dashboard's figures, each one SQL aggregate (never a user list loaded into memory). User counts cover
 * role `user` only (docs/api.md, Rules for every route and Admin). Active: logged in within 30 days; daily
 * volume: every ledger transfer of the last 24 hours.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { treasuryBalanceMicro } from "../ledger/accounts.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function adminMetrics(db: Kysely<Database>, now: Date) {
  const users = await db
    .selectFrom("users as u")
    .leftJoin("user_rewards as r", "r.user_id", "u.id")
    .select([
      sql<number>`count(*)::int`.as("total_users"),
      sql<number>`coalesce(sum(r.points_micro), 0)::bigint`.as("total_points"),
      sql<number>`count(u.trc20_address)::int`.as("total_wallets"),
      sql<number>`count(*) FILTER (WHERE u.last_login >= ${new Date(now.getTime() - 30 * DAY_MS)})::int`.as(
        "active",
      ),
    ])
    .where("u.role", "=", "user")
    .executeTakeFirstOrThrow();
  const volume = await db
    .selectFrom("ledger_transfers")
    .select(sql<number>`coalesce(sum(amount_micro), 0)::bigint`.as("v"))
    .where("created_at", ">=", new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  const totalUsers = Number(users.total_users);
  const totalPointsMicro = Number(users.total_points);
  return {
    totalUsers,
    totalPointsMicro,
    totalWallets: Number(users.total_wallets),
    activeUsers: Number(users.active),
    averagePointsMicro: totalUsers === 0 ? 0 : Math.floor(totalPointsMicro / totalUsers),
    poolBalanceMicro: await treasuryBalanceMicro(db),
    dailyVolumeMicro: Number(volume.v),
  };
}

/** Users without a rewards row yet are at the default multiplier (0.001). */
export async function multiplierStats(db: Kysely<Database>) {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("user_rewards as r", "r.user_id", "u.id")
    .select([
      sql<number>`count(*)::int`.as("total"),
      sql<number>`coalesce(avg(coalesce(r.multiplier_micro, 1000)), 0)::float8`.as("avg"),
      sql<number>`coalesce(max(coalesce(r.multiplier_micro, 1000)), 0)::bigint`.as("max"),
      sql<number>`coalesce(min(coalesce(r.multiplier_micro, 1000)), 0)::bigint`.as("min"),
    ])
    .where("u.role", "=", "user")
    .executeTakeFirstOrThrow();
  return {
    totalUsers: Number(row.total),
    averageMicro: Number(row.avg),
    highestMicro: Number(row.max),
    lowestMicro: Number(row.min),
  };
}
