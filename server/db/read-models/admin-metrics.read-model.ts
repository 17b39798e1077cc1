/**
 * Counts and sums behind the admin dashboard, each one SQL aggregate over role `user` (never a user list loaded
 * into memory). A read model (README.md here); server/domain/admin/metrics.ts derives the figures.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export interface UserFigures {
  totalUsers: number;
  totalPointsMicro: number;
  /** Users with a deposit address. */
  totalWallets: number;
  /** Users who logged in at or after `activeSince`. */
  activeUsers: number;
}

export async function userFigures(db: Kysely<Database>, activeSince: Date): Promise<UserFigures> {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("user_rewards as r", "r.user_id", "u.id")
    .select([
      sql<number>`count(*)::int`.as("total_users"),
      sql<number>`coalesce(sum(r.points_micro), 0)::bigint`.as("total_points"),
      sql<number>`count(u.trc20_address)::int`.as("total_wallets"),
      sql<number>`count(*) FILTER (WHERE u.last_login >= ${activeSince})::int`.as("active"),
    ])
    .where("u.role", "=", "user")
    .executeTakeFirstOrThrow();
  return {
    totalUsers: Number(row.total_users),
    totalPointsMicro: Number(row.total_points),
    totalWallets: Number(row.total_wallets),
    activeUsers: Number(row.active),
  };
}

/** What every ledger transfer since `since` moved. */
export async function transferVolumeMicro(db: Kysely<Database>, since: Date): Promise<number> {
  const row = await db
    .selectFrom("ledger_transfers")
    .select(sql<number>`coalesce(sum(amount_micro), 0)::bigint`.as("v"))
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.v);
}

/** Users without a rewards row yet are at the default multiplier (0.001, that is 1000 micro). */
export async function multiplierFigures(db: Kysely<Database>) {
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

/** Streak claims of one UTC day and boosters bought since `since`, every account's. */
export async function economyFigures(db: Kysely<Database>, day: number, since: Date) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("streak_claims")
        .select(sql<number>`count(*)::int`.as("v"))
        .where("day", "=", day)
        .as("streak_claims"),
      eb
        .selectFrom("booster_purchases")
        .select(sql<number>`count(*)::int`.as("v"))
        .where("starts_at", ">=", since)
        .as("booster_sales"),
    ])
    .executeTakeFirstOrThrow();
  return { streakClaims: Number(row.streak_claims ?? 0), boosterSales: Number(row.booster_sales ?? 0) };
}
