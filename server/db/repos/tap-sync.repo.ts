/**
 * The statements of a tap sync's usual case (docs/decisions/027, 028, 032): a read (nothing written, so no
 * commit to wait for), and a write that counts the attempt against the sync limit and commits the batch only
 * if the user's rewards row is still the version that was read, for a group of syncs at once. Each is its own
 * autocommit statement: no BEGIN, no COMMIT, no lock held while the server computes. `version` is the row's
 * `xmin` (the transaction that wrote it), which every update changes.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { AccountStatus, Database } from "../schema.ts";
import { type RewardsColumns, type RewardsRow, toRewards } from "./rewards.repo.ts";
import type { StreakClaimRow } from "./streaks.repo.ts";
import { hourBit, type StoredBatch } from "./tap-batches.repo.ts";

interface SyncStateRow extends Partial<RewardsColumns> {
  sync_count: number | null;
  sync_window_ends_at: Date | null;
  version: string | null;
  taps_credited: number | null;
  batch_points_micro: number | null;
  batch_multiplier_micro: number | null;
  points_after_micro: number | null;
  total_taps_after: number | null;
  combo_bonus_micro: number | null;
  referrer_id: string | null;
  standing: AccountStatus | null;
  claim_day: number | null;
  claim_streak: number | null;
  claim_best: number | null;
  claim_freezes: number | null;
}

export interface SyncState {
  /** The sync limit's window for this user as it stands (null: no sync counted yet). */
  window: { count: number; endsAt: Date } | null;
  /** The user's rewards row and its version; null when the user never tapped (no row yet). */
  rewards: { row: RewardsRow; version: string } | null;
  batch: StoredBatch | null;
  referrerId: string | null;
  /** The account's fair-play status (ok when it has none): a frozen or banned account's sync is refused. */
  standing: AccountStatus;
  /** The user's latest streak claim (null: never claimed), so the day's first sync can price its auto-claim. */
  lastClaim: StreakClaimRow | null;
}

/** Reads the rewards row with its version and the sync limit's window, the batch with this id if it was stored
 * before, the user's referrer and standing, and the latest streak claim. */
export async function readSyncState(
  db: Kysely<Database>,
  query: { userId: string; batchId: string },
): Promise<SyncState> {
  const [state] = await readSyncStates(db, [query]);
  return state!;
}

/**
 * `readSyncState` for many syncs in one statement (docs/decisions/044): the syncs that need a read in the same
 * turn of the event loop share one round trip. Answers in the queries' order; a query may repeat.
 */
export async function readSyncStates(
  db: Kysely<Database>,
  queries: readonly { userId: string; batchId: string }[],
): Promise<SyncState[]> {
  const { rows } = await sql<SyncStateRow & { n: string }>`/* prepared: tap-sync-read-group */
    SELECT q.n, r.xmin::text AS version,
      r.points_micro, r.total_taps, r.multiplier_micro, r.bucket_milli_taps, r.bucket_updated_at,
      r.booster_factor, r.booster_ends_at, r.achievements_mask, r.combo_chain, r.combo_at, r.streak_claimed_day, r.sync_count, r.sync_window_ends_at,
      b.taps_credited, b.points_micro AS batch_points_micro, b.multiplier_micro AS batch_multiplier_micro,
      b.points_after_micro, b.total_taps_after, b.combo_bonus_micro, f.referrer_id, s.status AS standing,
      c.day AS claim_day, c.streak AS claim_streak, c.best AS claim_best, c.freezes AS claim_freezes
    FROM unnest(${queries.map((q) => q.userId)}::uuid[], ${queries.map((q) => q.batchId)}::uuid[])
      WITH ORDINALITY AS q (user_id, batch_id, n)
    LEFT JOIN user_rewards r ON r.user_id = q.user_id
    LEFT JOIN tap_batches b ON b.user_id = q.user_id AND b.batch_id = q.batch_id
    LEFT JOIN referrals f ON f.friend_id = q.user_id
    LEFT JOIN account_standing s ON s.user_id = q.user_id
    LEFT JOIN LATERAL (
      SELECT day, streak, best, freezes FROM streak_claims
      WHERE user_id = q.user_id ORDER BY day DESC LIMIT 1
    ) c ON true`.execute(db);
  const byPosition = new Map(rows.map((row) => [Number(row.n), row]));
  return queries.map((_, i) => toSyncState(byPosition.get(i + 1)!));
}

function toSyncState(row: SyncStateRow): SyncState {
  return {
    window:
      row.sync_count === null || row.sync_window_ends_at === null
        ? null
        : { count: row.sync_count, endsAt: row.sync_window_ends_at },
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
            comboBonusMicro: row.combo_bonus_micro ?? 0,
          },
    referrerId: row.referrer_id,
    standing: row.standing ?? "ok",
    lastClaim:
      row.claim_day === null
        ? null
        : {
            day: row.claim_day,
            streak: row.claim_streak ?? 0,
            best: row.claim_best ?? 0,
            freezes: row.claim_freezes ?? 0,
          },
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
  /** The batch's timing summary (fair play): null (or left out) without intervals. */
  intervalCount?: number | null | undefined;
  intervalCv?: number | null | undefined;
  /** The combo bonus minted on top of `pointsMicro`, and the chain as it stands after the batch (left out:
   * no bonus, no chain). */
  comboBonusMicro?: number | undefined;
  comboChain?: number | undefined;
  comboAt?: Date | null | undefined;
  /** The `points` live event's payload, when the points changed (appended to the user's stream). */
  pointsEvent: unknown | null;
  /**
   * The day's streak claim this sync makes (auto-claim, docs/decisions/044), priced from the row's latest claim:
   * written with the batch, its reward already in `pointsAfterMicro`. Left out: no claim.
   */
  streakClaim?: DayClaim | null | undefined;
  /** The sync limit, checked and counted with the batch: the window's length, the syncs it allows, and now. */
  limit: { windowSeconds: number; attempts: number; now: Date };
}

/** A day's streak claim as written: the claim row, and the keyed points movement that pays its reward. */
export interface DayClaim extends StreakClaimRow {
  freezesUsed: number;
  rewardMicro: number;
  /** The movement's key (one payment per user and day: the same key the hand claim uses). */
  movementKey: string;
}

/**
 * Writes each batch, its user's new totals, the rollups, the `points` event, the sync limit's count and the day's
 * streak claim when the batch makes one (its row, its payment, the row's note of the day), all in one statement
 * for the whole group (one commit, one round trip: docs/decisions/032), for every batch whose
 * rewards row is still at its `version` and whose sync-limit window has room. The rows are locked in user order
 * first (a concurrent writer is waited for, then the version is checked again on its result), so nothing
 * changes them until this statement commits. One batch per user in a group (the caller keeps it so).
 * A claim is written only while the row's note and the claims agree that the day is not claimed yet.
 * Answers, in the batches' order, null for a batch that was not written (the row had moved on, the window is
 * full, the day was claimed, or the batch was stored before: read again), else the row's new version and the stream position of
 * the event (0 when there was none).
 */
export async function writeVersionedBatches(
  db: Kysely<Database>,
  batches: readonly VersionedBatch[],
): Promise<Array<{ seq: number; version: string } | null>> {
  const column = <T>(pick: (batch: VersionedBatch) => T) => batches.map(pick);
  const iso = (date: Date) => date.toISOString();
  // The window's rule (its length and the syncs it allows) is the same for every sync.
  const { windowSeconds, attempts } = batches[0]!.limit;
  const { rows } = await sql<{
    user_id: string;
    version: string;
    seq: number | null;
  }>`/* prepared: tap-sync-write-group */
    WITH input AS (
      SELECT * FROM unnest(
        ${column((b) => b.userId)}::uuid[], ${column((b) => b.version)}::text[], ${column((b) => b.batchId)}::uuid[],
        ${column((b) => b.tapsClaimed)}::int[], ${column((b) => b.tapsCredited)}::int[],
        ${column((b) => b.pointsMicro)}::bigint[], ${column((b) => b.multiplierMicro)}::bigint[],
        ${column((b) => b.pointsAfterMicro)}::bigint[], ${column((b) => b.totalTapsAfter)}::bigint[],
        ${column((b) => b.bucketMilliTaps)}::bigint[], ${column((b) => iso(b.bucketUpdatedAt))}::timestamptz[],
        ${column((b) => b.suspicious)}::bool[], ${column((b) => b.boosterFactor)}::int[],
        ${column((b) => b.achievementsMask)}::int[], ${column((b) => iso(b.at))}::timestamptz[],
        ${column((b) => iso(b.limit.now))}::timestamptz[],
        ${column((b) => b.utcDay)}::int[], ${column((b) => b.utcWeekStart)}::int[],
        ${column((b) => (b.pointsEvent === null ? null : JSON.stringify(b.pointsEvent)))}::jsonb[],
        ${column((b) => b.intervalCount ?? null)}::int[], ${column((b) => b.intervalCv ?? null)}::real[],
        ${column((b) => hourBit(b.at))}::int[], ${column((b) => b.comboBonusMicro ?? 0)}::bigint[],
        ${column((b) => b.comboChain ?? 0)}::int[], ${column((b) => (b.comboAt ? iso(b.comboAt) : null))}::timestamptz[],
        ${column((b) => b.streakClaim?.day ?? null)}::int[], ${column((b) => b.streakClaim?.streak ?? null)}::int[],
        ${column((b) => b.streakClaim?.best ?? null)}::int[], ${column((b) => b.streakClaim?.freezes ?? null)}::int[],
        ${column((b) => b.streakClaim?.freezesUsed ?? null)}::int[],
        ${column((b) => b.streakClaim?.rewardMicro ?? null)}::bigint[],
        ${column((b) => b.streakClaim?.movementKey ?? null)}::text[]
      ) AS i (user_id, version, batch_id, taps_claimed, taps_credited, points_micro, multiplier_micro,
        points_after_micro, total_taps_after, bucket_milli_taps, bucket_updated_at, suspicious, booster_factor,
        achievements_mask, at, limit_now, utc_day, utc_week_start, points_event, interval_count, interval_cv,
        hour_bit, combo_bonus_micro, combo_chain, combo_at, claim_day, claim_streak, claim_best, claim_freezes,
        claim_freezes_used, claim_reward_micro, claim_key)
    ), locked AS (
      SELECT i.* FROM user_rewards r JOIN input i ON i.user_id = r.user_id
      WHERE r.xmin::text = i.version
        AND ${windowHasRoom({ attempts, now: sql.ref<Date>("i.limit_now") })}
        -- A claim only for a day nobody claimed: the row's note and the claims themselves say so.
        AND (i.claim_day IS NULL OR (
          (r.streak_claimed_day IS NULL OR r.streak_claimed_day < i.claim_day)
          AND NOT EXISTS (SELECT 1 FROM streak_claims c WHERE c.user_id = i.user_id AND c.day >= i.claim_day)))
      -- One lock order for every group, so two groups never wait on each other in a cycle.
      ORDER BY r.user_id
      FOR UPDATE OF r
    ), inserted AS (
      INSERT INTO tap_batches (user_id, batch_id, taps_claimed, taps_credited, points_micro, multiplier_micro,
        points_after_micro, total_taps_after, suspicious, booster_factor, created_at, interval_count, interval_cv,
        combo_bonus_micro)
      SELECT user_id, batch_id, taps_claimed, taps_credited, points_micro, multiplier_micro, points_after_micro,
        total_taps_after, suspicious, booster_factor, at, interval_count, interval_cv, combo_bonus_micro
      FROM locked
      ON CONFLICT (user_id, batch_id) DO NOTHING
      RETURNING user_id
    ), written AS (
      SELECT locked.* FROM locked JOIN inserted USING (user_id)
    ), rolled_up AS (
      INSERT INTO tap_rollups AS r (user_id, period, period_start, taps, points_micro, reached_at, hours_mask)
      SELECT w.user_id, v.period, v.period_start, w.taps_credited, w.points_micro + w.combo_bonus_micro, w.at,
        CASE WHEN v.period = 'd' THEN w.hour_bit ELSE 0 END
      FROM written w
      CROSS JOIN LATERAL (VALUES ('d', w.utc_day), ('w', w.utc_week_start), ('a', 0)) AS v (period, period_start)
      WHERE w.taps_credited > 0
      ON CONFLICT (user_id, period, period_start) DO UPDATE SET
        taps = r.taps + EXCLUDED.taps,
        hours_mask = r.hours_mask | EXCLUDED.hours_mask,
        points_micro = r.points_micro + EXCLUDED.points_micro,
        reached_at = CASE WHEN EXCLUDED.points_micro > 0 THEN EXCLUDED.reached_at ELSE r.reached_at END
    ), claimed AS (
      INSERT INTO streak_claims (user_id, day, streak, best, freezes, freezes_used, reward_micro, created_at)
      SELECT user_id, claim_day, claim_streak, claim_best, claim_freezes, claim_freezes_used, claim_reward_micro, at
      FROM written WHERE claim_day IS NOT NULL
    ), paid AS (
      INSERT INTO points_movements (user_id, delta_micro, kind, idempotency_key, created_at)
      SELECT user_id, claim_reward_micro, 'streak', claim_key, at
      FROM written WHERE claim_day IS NOT NULL AND claim_reward_micro > 0
    ), updated AS (
      UPDATE user_rewards r SET
        points_micro = w.points_after_micro,
        total_taps = w.total_taps_after,
        bucket_milli_taps = w.bucket_milli_taps,
        bucket_updated_at = w.bucket_updated_at,
        suspicious_claims = r.suspicious_claims + CASE WHEN w.suspicious THEN 1 ELSE 0 END,
        clipped_taps = r.clipped_taps + (w.taps_claimed - w.taps_credited),
        achievements_mask = w.achievements_mask,
        combo_chain = w.combo_chain,
        combo_at = w.combo_at,
        streak_claimed_day = COALESCE(w.claim_day, r.streak_claimed_day),
        ${countSync({ windowSeconds, now: sql.ref<Date>("w.limit_now") })}
      FROM written w
      WHERE r.user_id = w.user_id
      RETURNING r.user_id, r.xmin::text AS version
    ), counter AS (
      INSERT INTO live_streams AS s (stream, last_seq)
      SELECT user_id::text, 1 FROM written WHERE points_event IS NOT NULL
      ORDER BY user_id
      ON CONFLICT (stream) DO UPDATE SET last_seq = s.last_seq + 1
      RETURNING s.stream, s.last_seq
    ), appended AS (
      INSERT INTO live_events (stream, seq, type, payload, family_id, created_at)
      SELECT c.stream, c.last_seq, 'points', w.points_event, NULL, w.at
      FROM counter c JOIN written w ON w.user_id::text = c.stream
      RETURNING stream, seq
    )
    SELECT u.user_id::text AS user_id, u.version, a.seq
    FROM updated u LEFT JOIN appended a ON a.stream = u.user_id::text`.execute(db);
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  return batches.map((batch) => {
    const row = byUser.get(batch.userId);
    return row ? { version: row.version, seq: Number(row.seq ?? 0) } : null;
  });
}

/** One batch alone: `writeVersionedBatches` with a group of one. */
export async function writeVersionedBatch(
  db: Kysely<Database>,
  batch: VersionedBatch,
): Promise<{ seq: number; version: string } | null> {
  const [written] = await writeVersionedBatches(db, [batch]);
  return written ?? null;
}

/** The sync limit: a window still running that is full refuses. `now` as in `countSync`. */
export function windowHasRoom(limit: { attempts: number; now: Date | RawBuilder<Date> }) {
  return sql`(sync_window_ends_at IS NULL OR sync_window_ends_at <= (${limit.now})::timestamptz
    OR sync_count < ${limit.attempts}::int)`;
}

/**
 * The SET clause that counts one sync in the rewards row's window: the first sync after a window ended starts a
 * new one of `windowSeconds` (a fixed window, like server/domain/rate-limit.ts). `now` is a time, or a column
 * holding each row's own time (a group's write).
 */
export function countSync(limit: { windowSeconds: number; now: Date | RawBuilder<Date> }) {
  const now = sql`(${limit.now})::timestamptz`;
  const ended = sql`(sync_window_ends_at IS NULL OR sync_window_ends_at <= ${now})`;
  return sql`sync_count = CASE WHEN ${ended} THEN 1 ELSE sync_count + 1 END,
        sync_window_ends_at = CASE WHEN ${ended}
          THEN ${now} + make_interval(secs => ${limit.windowSeconds}::int) ELSE sync_window_ends_at END`;
}

/**
 * Counts a sync in the window of a rewards row the caller's transaction has locked (the locking path). Answers
 * null when it was counted, else the end of the full window that refuses it.
 */
export async function countSyncOnLockedRow(
  trx: Kysely<Database>,
  userId: string,
  limit: { windowSeconds: number; attempts: number; now: Date },
): Promise<Date | null> {
  const counted = await sql`
    UPDATE user_rewards SET ${countSync(limit)}
    WHERE user_id = ${userId} AND ${windowHasRoom(limit)}`.execute(trx);
  if (Number(counted.numAffectedRows ?? 0) === 1) return null;
  const { rows } = await sql<{ ends_at: Date }>`
    SELECT sync_window_ends_at AS ends_at FROM user_rewards WHERE user_id = ${userId}`.execute(trx);
  return rows[0]!.ends_at;
}
