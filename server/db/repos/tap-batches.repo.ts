/** Tap batches: the stored answer of each synced batch, and the points history read from them. */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";
import { type RewardsColumns, type RewardsRow, toRewards } from "./rewards.repo.ts";

export interface StoredBatch {
  tapsCredited: number;
  pointsMicro: number;
  multiplierMicro: number;
  pointsAfterMicro: number;
  totalTapsAfter: number;
  /** The combo bonus minted on top of `pointsMicro` (0: none). */
  comboBonusMicro: number;
}

// The two statements of every tap sync are plain SQL rather than query builders: building costs more CPU than
// the round trip itself on this path (about 0.1 ms a query here), and these are the hottest queries we have.

interface LockedRow extends RewardsColumns {
  taps_credited: number | null;
  batch_points_micro: number | null;
  batch_multiplier_micro: number | null;
  points_after_micro: number | null;
  total_taps_after: number | null;
  combo_bonus_micro: number | null;
  referrer_id: string | null;
}

export interface RewardsWithBatch {
  rewards: RewardsRow;
  /** The batch with this id, if the user sent it before. */
  batch: StoredBatch | null;
  /** Who invited the user, if anyone: their share of this batch is minted in the same transaction. */
  referrerId: string | null;
}

/**
 * Locks the user's rewards row and looks the batch id up in one round trip. The rewards columns are the latest
 * committed version (FOR UPDATE waits for and re-reads the row), but the joined batch comes from the statement's
 * snapshot: a batch committed by a concurrent request while this one waited for the lock is not seen here.
 * recordTapBatch catches that case.
 */
export async function lockRewardsWithBatch(
  trx: Transaction<Database>,
  userId: string,
  batchId: string,
): Promise<RewardsWithBatch | undefined> {
  const { rows } = await sql<LockedRow>`
    SELECT r.points_micro, r.total_taps, r.multiplier_micro, r.bucket_milli_taps, r.bucket_updated_at,
      r.booster_factor, r.booster_ends_at, r.achievements_mask, r.combo_chain, r.combo_at, r.streak_claimed_day, b.taps_credited, b.points_micro AS batch_points_micro, b.multiplier_micro AS batch_multiplier_micro,
      b.points_after_micro, b.total_taps_after, b.combo_bonus_micro, f.referrer_id
    FROM user_rewards r
    LEFT JOIN tap_batches b ON b.user_id = r.user_id AND b.batch_id = ${batchId}
    LEFT JOIN referrals f ON f.friend_id = r.user_id
    WHERE r.user_id = ${userId}
    FOR UPDATE OF r`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  return {
    rewards: toRewards(row),
    referrerId: row.referrer_id,
    batch:
      row.taps_credited === null
        ? null
        : {
            tapsCredited: row.taps_credited,
            pointsMicro: row.batch_points_micro ?? 0,
            multiplierMicro: row.batch_multiplier_micro ?? 0,
            pointsAfterMicro: row.points_after_micro ?? 0,
            totalTapsAfter: row.total_taps_after ?? 0,
            comboBonusMicro: row.combo_bonus_micro ?? 0,
          },
  };
}

export interface NewBatch {
  userId: string;
  batchId: string;
  tapsClaimed: number;
  tapsCredited: number;
  pointsMicro: number;
  multiplierMicro: number;
  pointsAfterMicro: number;
  totalTapsAfter: number;
  bucketMilliTaps: number;
  bucketUpdatedAt: Date;
  suspicious: boolean;
  /** The booster factor the batch is credited at (1 without a booster). */
  boosterFactor: number;
  /** The user's unlocked achievements after this batch (its own unlocks included). */
  achievementsMask: number;
  at: Date;
  /** UTC day number of `at`, and of the Monday of its week: the leaderboard's and statistics' rollup rows. */
  utcDay: number;
  utcWeekStart: number;
  /** The batch's timing summary for fair play's signals: null without intervals. */
  intervalCount: number | null;
  intervalCv: number | null;
  /** The combo bonus minted on top of `pointsMicro`, and the chain as it stands after the batch. */
  comboBonusMicro: number;
  comboChain: number;
  comboAt: Date | null;
}

/**
 * Writes the batch, the user's new totals and the day, week and all-time rollups in one statement (one round
 * trip; the caller holds the row lock, so the totals it computed are current). Nothing changes unless the batch
 * row was inserted: false means this batch id was stored meanwhile by a concurrent request.
 */
export async function recordTapBatch(trx: Transaction<Database>, batch: NewBatch): Promise<boolean> {
  const { rows } = await sql<{ updated: number }>`
    WITH inserted AS (
      INSERT INTO tap_batches (user_id, batch_id, taps_claimed, taps_credited, points_micro, multiplier_micro,
        points_after_micro, total_taps_after, suspicious, booster_factor, created_at, interval_count, interval_cv,
        combo_bonus_micro)
      VALUES (${batch.userId}, ${batch.batchId}, ${batch.tapsClaimed}, ${batch.tapsCredited}, ${batch.pointsMicro},
        ${batch.multiplierMicro}, ${batch.pointsAfterMicro}, ${batch.totalTapsAfter}, ${batch.suspicious},
        ${batch.boosterFactor}, ${batch.at}, ${batch.intervalCount}::int, ${batch.intervalCv}::real,
        ${batch.comboBonusMicro}::bigint)
      ON CONFLICT (user_id, batch_id) DO NOTHING
      RETURNING batch_id
    ), rolled_up AS (
      INSERT INTO tap_rollups AS r (user_id, period, period_start, taps, points_micro, reached_at, hours_mask)
      SELECT ${batch.userId}, v.period, v.period_start, ${batch.tapsCredited},
        ${batch.pointsMicro}::bigint + ${batch.comboBonusMicro}::bigint, ${batch.at},
        CASE WHEN v.period = 'd' THEN ${hourBit(batch.at)}::int ELSE 0 END
      FROM (VALUES ('d', ${batch.utcDay}::int), ('w', ${batch.utcWeekStart}::int), ('a', 0)) AS v (period, period_start)
      WHERE ${batch.tapsCredited}::int > 0 AND EXISTS (SELECT 1 FROM inserted)
      ON CONFLICT (user_id, period, period_start) DO UPDATE SET
        taps = r.taps + EXCLUDED.taps,
        hours_mask = r.hours_mask | EXCLUDED.hours_mask,
        points_micro = r.points_micro + EXCLUDED.points_micro,
        reached_at = CASE WHEN EXCLUDED.points_micro > 0 THEN EXCLUDED.reached_at ELSE r.reached_at END
    )
    UPDATE user_rewards SET
      points_micro = ${batch.pointsAfterMicro},
      total_taps = ${batch.totalTapsAfter},
      bucket_milli_taps = ${batch.bucketMilliTaps},
      bucket_updated_at = ${batch.bucketUpdatedAt},
      suspicious_claims = suspicious_claims + ${batch.suspicious ? 1 : 0},
      clipped_taps = clipped_taps + ${batch.tapsClaimed - batch.tapsCredited},
      achievements_mask = ${batch.achievementsMask},
      combo_chain = ${batch.comboChain}::int,
      combo_at = ${batch.comboAt}::timestamptz
    WHERE user_id = ${batch.userId} AND EXISTS (SELECT 1 FROM inserted)
    RETURNING 1 AS updated`.execute(trx);
  return rows.length === 1;
}

/** The day rollup's bit of the batch's UTC hour (fair play's round-the-clock). */
export const hourBit = (at: Date) => 1 << at.getUTCHours();

export async function findBatch(
  db: Kysely<Database>,
  userId: string,
  batchId: string,
): Promise<StoredBatch | undefined> {
  const row = await db
    .selectFrom("tap_batches")
    .select([
      "taps_credited",
      "points_micro",
      "multiplier_micro",
      "points_after_micro",
      "total_taps_after",
      "combo_bonus_micro",
    ])
    .where("user_id", "=", userId)
    .where("batch_id", "=", batchId)
    .executeTakeFirst();
  return (
    row && {
      tapsCredited: row.taps_credited,
      pointsMicro: row.points_micro,
      multiplierMicro: row.multiplier_micro,
      pointsAfterMicro: row.points_after_micro,
      totalTapsAfter: row.total_taps_after,
      comboBonusMicro: row.combo_bonus_micro,
    }
  );
}

export interface HistoryPosition {
  at: Date;
  id: string;
}

/** Credited batches, newest first, strictly after `after` (or from it on, `includingAfter`). */
export function listCreditedBatches(
  db: Kysely<Database>,
  userId: string,
  page: { limit: number; after: HistoryPosition | null; includingAfter?: boolean },
) {
  let query = db
    .selectFrom("tap_batches")
    .select([
      "batch_id",
      "points_micro",
      "combo_bonus_micro",
      "multiplier_micro",
      "booster_factor",
      "created_at",
    ])
    .where("user_id", "=", userId)
    .where("taps_credited", ">", 0);
  if (page.after) {
    const { at, id } = page.after;
    query = page.includingAfter
      ? query.where(sql<boolean>`(created_at, batch_id) <= (${at}, ${id}::uuid)`)
      : query.where(sql<boolean>`(created_at, batch_id) < (${at}, ${id}::uuid)`);
  }
  return query.orderBy("created_at", "desc").orderBy("batch_id", "desc").limit(page.limit).execute();
}
