/** Per-user points, taps, multiplier and tap budget (table user_rewards), plus the points they spent. */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, PointsMovementKind } from "../schema.ts";

export interface RewardsRow {
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
  bucketMilliTaps: number;
  bucketUpdatedAt: Date;
  /** The latest booster bought: its factor (1 when none was ever bought) and end (null: none). */
  boosterFactor: number;
  boosterEndsAt: Date | null;
  /** One bit per unlocked achievement. */
  achievementsMask: number;
  /** The running combo chain (taps) and when its last credited tap arrived (null: never). */
  comboChain: number;
  comboAt: Date | null;
  /** The last UTC day the streak was claimed, as far as the row knows (null: unknown). */
  streakClaimedDay: number | null;
}

const REWARDS_COLUMNS = [
  "r.points_micro",
  "r.total_taps",
  "r.multiplier_micro",
  "r.bucket_milli_taps",
  "r.bucket_updated_at",
  "r.booster_factor",
  "r.booster_ends_at",
  "r.achievements_mask",
  "r.combo_chain",
  "r.combo_at",
  "r.streak_claimed_day",
] as const;

export interface RewardsColumns {
  points_micro: number;
  total_taps: number;
  multiplier_micro: number;
  bucket_milli_taps: number;
  bucket_updated_at: Date;
  booster_factor: number;
  booster_ends_at: Date | null;
  achievements_mask: number;
  combo_chain: number;
  combo_at: Date | null;
  streak_claimed_day: number | null;
}

export function toRewards(row: RewardsColumns): RewardsRow {
  return {
    pointsMicro: row.points_micro,
    totalTaps: row.total_taps,
    multiplierMicro: row.multiplier_micro,
    bucketMilliTaps: row.bucket_milli_taps,
    bucketUpdatedAt: row.bucket_updated_at,
    boosterFactor: row.booster_factor,
    boosterEndsAt: row.booster_ends_at,
    achievementsMask: row.achievements_mask,
    comboChain: row.combo_chain,
    comboAt: row.combo_at,
    streakClaimedDay: row.streak_claimed_day,
  };
}

/** Creates the user's row unless it exists; waits for (and yields to) a concurrent creation. */
export async function insertRewardsRow(
  db: Kysely<Database>,
  row: { userId: string; bucketMilliTaps: number; at: Date },
): Promise<void> {
  await db
    .insertInto("user_rewards")
    .values({ user_id: row.userId, bucket_milli_taps: row.bucketMilliTaps, bucket_updated_at: row.at })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export async function findRewards(db: Kysely<Database>, userId: string): Promise<RewardsRow | undefined> {
  const row = await db
    .selectFrom("user_rewards as r")
    .select(REWARDS_COLUMNS)
    .where("r.user_id", "=", userId)
    .executeTakeFirst();
  return row && toRewards(row);
}

/** Locks the user's row until the transaction ends: every change to points and multiplier goes through it. */
export async function lockRewards(
  trx: Transaction<Database>,
  userId: string,
): Promise<RewardsRow | undefined> {
  const row = await trx
    .selectFrom("user_rewards as r")
    .select(REWARDS_COLUMNS)
    .where("r.user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  return row && toRewards(row);
}

export async function setPointsAndMultiplier(
  trx: Transaction<Database>,
  userId: string,
  values: { pointsMicro: number; multiplierMicro: number },
): Promise<void> {
  await trx
    .updateTable("user_rewards")
    .set({ points_micro: values.pointsMicro, multiplier_micro: values.multiplierMicro })
    .where("user_id", "=", userId)
    .execute();
}

/** Sets the user's points to a figure computed under the row's lock. */
export async function setPoints(
  trx: Transaction<Database>,
  userId: string,
  pointsMicro: number,
): Promise<void> {
  await trx
    .updateTable("user_rewards")
    .set({ points_micro: pointsMicro })
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Notes on the (locked) row that the streak is claimed up to `day`, so a tap sync knows without asking the
 * claims (auto-claim, docs/decisions/039). Never moves the day back.
 */
export async function noteStreakClaimedDay(trx: Transaction<Database>, userId: string, day: number) {
  await sql`
    UPDATE user_rewards SET streak_claimed_day = ${day}::int
    WHERE user_id = ${userId} AND streak_claimed_day IS DISTINCT FROM ${day}::int
      AND (streak_claimed_day IS NULL OR streak_claimed_day < ${day}::int)`.execute(trx);
}

/**
 * Records a change of points other than a tap batch (the caller has updated the balance). With a key, a
 * second movement for the same fact fails the transaction (unique per user): it would be a second payment.
 */
export async function insertPointsMovement(
  trx: Transaction<Database>,
  movement: {
    userId: string;
    deltaMicro: number;
    kind: PointsMovementKind;
    idempotencyKey?: string;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto("points_movements")
    .values({
      user_id: movement.userId,
      delta_micro: movement.deltaMicro,
      kind: movement.kind,
      idempotency_key: movement.idempotencyKey ?? null,
      created_at: movement.at,
    })
    .execute();
}

/** Adds achievement rewards to the points and their bits to the mask (the caller holds the row's lock). */
export async function addAchievementRewards(
  trx: Transaction<Database>,
  userId: string,
  change: { rewardMicro: number; mask: number },
): Promise<void> {
  await trx
    .updateTable("user_rewards")
    .set((eb) => ({
      points_micro: eb("points_micro", "+", change.rewardMicro),
      achievements_mask: sql<number>`achievements_mask | ${change.mask}`,
    }))
    .where("user_id", "=", userId)
    .execute();
}

export async function countSuspiciousClaims(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom("user_rewards")
    .select(["suspicious_claims", "clipped_taps"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { suspiciousClaims: row?.suspicious_claims ?? 0, clippedTaps: row?.clipped_taps ?? 0 };
}

export interface PointsAudit {
  userId: string;
  pointsMicro: number;
  totalTaps: number;
  /** What the user's tap batches credited, their combo bonuses included. */
  creditedMicro: number;
  creditedTaps: number;
  /** Every other points movement (spending, grants), signed. */
  movedMicro: number;
}

/** Every rewards row beside the sums of its batches and movements, for the invariant check. */
export async function auditPoints(db: Kysely<Database>): Promise<PointsAudit[]> {
  const rows = await db
    .selectFrom("user_rewards as r")
    .select((eb) => [
      "r.user_id",
      "r.points_micro",
      "r.total_taps",
      eb
        .selectFrom("tap_batches as b")
        .select(sql<number>`coalesce(sum(b.points_micro + b.combo_bonus_micro), 0)::bigint`.as("v"))
        .whereRef("b.user_id", "=", "r.user_id")
        .as("credited_micro"),
      eb
        .selectFrom("tap_batches as b")
        .select(sql<number>`coalesce(sum(b.taps_credited), 0)::bigint`.as("v"))
        .whereRef("b.user_id", "=", "r.user_id")
        .as("credited_taps"),
      eb
        .selectFrom("points_movements as m")
        .select(sql<number>`coalesce(sum(m.delta_micro), 0)::bigint`.as("v"))
        .whereRef("m.user_id", "=", "r.user_id")
        .as("moved_micro"),
    ])
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    pointsMicro: row.points_micro,
    totalTaps: row.total_taps,
    creditedMicro: Number(row.credited_micro ?? 0),
    creditedTaps: Number(row.credited_taps ?? 0),
    movedMicro: Number(row.moved_micro ?? 0),
  }));
}
