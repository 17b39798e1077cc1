/**
 * The two statements of a tap sync's usual case (docs/decisions/027): a read (nothing written, so no commit to
 * wait for), and a write that counts the attempt against the sync limit and commits the batch only if the
 * user's rewards row is still the version that was read. Each is its own autocommit statement: no BEGIN, no
 * COMMIT, no lock held while the server computes. `version` is the row's `xmin` (the transaction that wrote
 * it), which every update changes.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";
import { type RewardsColumns, type RewardsRow, toRewards } from "./rewards.repo.ts";
import type { StoredBatch } from "./tap-batches.repo.ts";

interface SyncStateRow extends Partial<RewardsColumns> {
  window_count: number | null;
  window_reset_at: Date | null;
  window_blocked_until: Date | null;
  version: string | null;
  taps_credited: number | null;
  batch_points_micro: number | null;
  batch_multiplier_micro: number | null;
  points_after_micro: number | null;
  total_taps_after: number | null;
  referrer_id: string | null;
}

export interface SyncState {
  /** The sync limit's window for this user as it stands (null: no attempt counted lately). */
  window: { count: number; resetAt: Date; blockedUntil: Date | null } | null;
  /** The user's rewards row and its version; null when the user never tapped (no row yet). */
  rewards: { row: RewardsRow; version: string } | null;
  batch: StoredBatch | null;
  referrerId: string | null;
}

/** Reads the rewards row with its version, the batch with this id if it was stored before, the user's
 * referrer and the sync limit's window. */
export async function readSyncState(
  db: Kysely<Database>,
  query: { userId: string; batchId: string; limitKey: string },
): Promise<SyncState> {
  const { rows } = await sql<SyncStateRow>`
    SELECT r.xmin::text AS version,
      r.points_micro, r.total_taps, r.multiplier_micro, r.bucket_milli_taps, r.bucket_updated_at,
      r.booster_factor, r.booster_ends_at, r.achievements_mask,
      b.taps_credited, b.points_micro AS batch_points_micro, b.multiplier_micro AS batch_multiplier_micro,
      b.points_after_micro, b.total_taps_after, f.referrer_id,
      l.count AS window_count, l.reset_at AS window_reset_at, l.blocked_until AS window_blocked_until
    FROM (VALUES (1)) AS one (x)
    LEFT JOIN user_rewards r ON r.user_id = ${query.userId}
    LEFT JOIN tap_batches b ON b.user_id = ${query.userId} AND b.batch_id = ${query.batchId}
    LEFT JOIN referrals f ON f.friend_id = ${query.userId}
    LEFT JOIN rate_limits l ON l.key = ${query.limitKey}`.execute(db);
  const row = rows[0]!;
  return {
    window:
      row.window_count === null || row.window_reset_at === null
        ? null
        : { count: row.window_count, resetAt: row.window_reset_at, blockedUntil: row.window_blocked_until },
    rewards: row.version === null ? null : { row: toRewards(row as RewardsColumns), version: row.version },
    batch:
      row.taps_credited === null
        ? null
        : {
            tapsCredited: row.taps_credited,
            pointsMicro: row.batch_points_micro ?? 0,
            multiplierMicro: row.batch_multiplier_micro ?? 0,
            pointsAfterMicro: row.points_after_micro ?? 0,
            totalTapsAfter: row.total_taps_after ?? 0,
          },
    referrerId: row.referrer_id,
  };
}

export interface VersionedBatch {
  userId: string;
  /** The rewards row's version the batch was computed from. */
  version: string;
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
  boosterFactor: number;
  achievementsMask: number;
  at: Date;
  utcDay: number;
  utcWeekStart: number;
  /** The `points` live event's payload, when the points changed (appended to the user's stream). */
  pointsEvent: unknown | null;
  /** The sync limit's counter, counted with the batch: the window's key, its length, and now. */
  limit: { key: string; windowSeconds: number; now: Date };
}

/**
 * Writes the batch, the user's new totals, the rollups, the `points` event and the sync limit's count in one
 * statement, if the rewards row is still at `version`: the row is locked first (a concurrent writer is waited
 * for, then the version is checked again on its result), so nothing changes it until this statement commits. Answers null
 * when the row had moved on (nothing was written: read again), else the stream position of the event (0 when
 * there was none).
 */
export async function writeVersionedBatch(
  db: Kysely<Database>,
  batch: VersionedBatch,
): Promise<{ seq: number } | null> {
  const { rows } = await sql<{ written: number; seq: number | null }>`
    WITH locked AS (
      SELECT user_id FROM user_rewards
      WHERE user_id = ${batch.userId} AND xmin::text = ${batch.version}
      FOR UPDATE
    ), inserted AS (
      INSERT INTO tap_batches (user_id, batch_id, taps_claimed, taps_credited, points_micro, multiplier_micro,
        points_after_micro, total_taps_after, suspicious, booster_factor, created_at)
      SELECT user_id, ${batch.batchId}, ${batch.tapsClaimed}, ${batch.tapsCredited}, ${batch.pointsMicro},
        ${batch.multiplierMicro}, ${batch.pointsAfterMicro}, ${batch.totalTapsAfter}, ${batch.suspicious},
        ${batch.boosterFactor}, ${batch.at}
      FROM locked
      ON CONFLICT (user_id, batch_id) DO NOTHING
      RETURNING batch_id
    ), rolled_up AS (
      INSERT INTO tap_rollups AS r (user_id, period, period_start, taps, points_micro, reached_at)
      SELECT ${batch.userId}, v.period, v.period_start, ${batch.tapsCredited}, ${batch.pointsMicro}, ${batch.at}
      FROM (VALUES ('d', ${batch.utcDay}::int), ('w', ${batch.utcWeekStart}::int), ('a', 0)) AS v (period, period_start)
      WHERE ${batch.tapsCredited}::int > 0 AND EXISTS (SELECT 1 FROM inserted)
      ON CONFLICT (user_id, period, period_start) DO UPDATE SET
        taps = r.taps + EXCLUDED.taps,
        points_micro = r.points_micro + EXCLUDED.points_micro,
        reached_at = CASE WHEN EXCLUDED.points_micro > 0 THEN EXCLUDED.reached_at ELSE r.reached_at END
    ), updated AS (
      UPDATE user_rewards SET
        points_micro = ${batch.pointsAfterMicro},
        total_taps = ${batch.totalTapsAfter},
        bucket_milli_taps = ${batch.bucketMilliTaps},
        bucket_updated_at = ${batch.bucketUpdatedAt},
        suspicious_claims = suspicious_claims + ${batch.suspicious ? 1 : 0},
        clipped_taps = clipped_taps + ${batch.tapsClaimed - batch.tapsCredited},
        achievements_mask = ${batch.achievementsMask}
      WHERE user_id = ${batch.userId} AND EXISTS (SELECT 1 FROM inserted)
      RETURNING 1
    ), counter AS (
      INSERT INTO live_streams AS s (stream, last_seq)
      SELECT ${batch.userId}, 1 FROM inserted WHERE ${batch.pointsEvent !== null}
      ON CONFLICT (stream) DO UPDATE SET last_seq = s.last_seq + 1
      RETURNING s.last_seq
    ), appended AS (
      INSERT INTO live_events (stream, seq, type, payload, family_id, created_at)
      SELECT ${batch.userId}, counter.last_seq, 'points', ${JSON.stringify(batch.pointsEvent)}::jsonb, NULL, ${batch.at}
      FROM counter
      RETURNING seq
    ), attempt AS (
      -- The fixed window of the rate limiter (server/db/repos/rate-limits.repo.ts), counted with the batch.
      INSERT INTO rate_limits (key, count, reset_at)
      SELECT ${batch.limit.key}, 1, ${new Date(batch.limit.now.getTime() + batch.limit.windowSeconds * 1000)}
      FROM inserted
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${batch.limit.now} THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= ${batch.limit.now} THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END,
        blocked_until = CASE WHEN rate_limits.reset_at <= ${batch.limit.now} THEN NULL ELSE rate_limits.blocked_until END
    )
    SELECT (SELECT count(*) FROM updated)::int AS written, (SELECT max(seq) FROM appended) AS seq`.execute(
    db,
  );
  const row = rows[0]!;
  return row.written === 1 ? { seq: row.seq ?? 0 } : null;
}
