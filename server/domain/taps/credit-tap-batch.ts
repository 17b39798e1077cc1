/**
 * POST /user/{id}/points (docs/design.md §5): the server decides what a batch of taps is worth. It credits
 * min(taps, budget) at the multiplier in force when the batch arrives, times the booster's factor when one
 * runs or ended within the grace (docs/decisions/019); the client's own figures are only compared (a mismatch,
 * like a clipped claim, counts as suspicious). A batch id is credited once: a replay, even a concurrent one,
 * answers the stored result. A batch whose taps reach an achievement's goal unlocks it in the same transaction;
 * its reward is in the answer's points (and in the stored answer a replay gets). The user's referrer, if any,
 * gets their share of the batch's points in the same transaction (docs/decisions/022): the taps' points only, never
 * the combo bonus. Every complete 50 taps of a combo chain mint a bonus on top (combos.ts), and the first sync of
 * a UTC day claims the day's streak reward when AUTO_CLAIM is on and it is not claimed yet (docs/decisions/039).
 */
import { MAX_TAPS_WITH_INTERVALS } from "#contracts/fair-play-rules.ts";
import { MICRO_PER_UNIT } from "#contracts/micro.ts";
import { insertRewardsRow, type RewardsRow } from "../../db/repos/rewards.repo.ts";
import {
  findBatch,
  lockRewardsWithBatch,
  type NewBatch,
  recordTapBatch,
  type StoredBatch,
} from "../../db/repos/tap-batches.repo.ts";
import { countSyncOnLockedRow, type DayClaim, type SyncState } from "../../db/repos/tap-sync.repo.ts";
import type { Settings, Uses } from "../deps.ts";
import {
  announceUnlocks,
  maskOf,
  pendingUnlocks,
  recordUnlocks,
  rewardOf,
  streakGoalsReached,
  tapGoalsReached,
} from "../economy/achievements.ts";
import { boostFactorAt } from "../economy/boosters.ts";
import { shareTapPoints } from "../economy/referrals.ts";
import { claimTodayOnLockedRow, streakMovementKey } from "../economy/streak.ts";
import { claimStreakOn } from "../economy/streak-rules.ts";
import { utcDayOf, utcWeekStartOf } from "../economy/utc-days.ts";
import { accountBanned, accountFrozen } from "../fair-play/errors.ts";
import { refuseIfFrozen } from "../fair-play/money-gate.ts";
import { type IntervalStats, intervalStats } from "../fair-play/signals.ts";
import { afterBatchWritten } from "../fair-play/tap-signals.ts";
import { announce } from "../live/announcer.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { pointsChanged, pointsPayload } from "../live/screen-events.ts";
import type { LimitRule } from "../rate-limit.ts";
import { comboBonusMicro, comboOf } from "./combos.ts";
import { badIntervals, tooManySyncs } from "./errors.ts";
import type { SyncHint } from "./sync-hints.ts";
import { readInGroup } from "./sync-read-groups.ts";
import { writeInGroup } from "./sync-write-groups.ts";
import { fullBucket, takeTaps } from "./token-bucket.ts";

/**
 * A sync reads and writes the rewards row, keeps this instance's hint of it, may share points, and asks for a
 * check of the tap signals after its answer when the batch could complete one (fair-play/tap-signals.ts).
 */
type TapSyncDeps = LiveTransactionDeps &
  Uses<"log" | "syncHints" | "background"> &
  Settings<"economy" | "fairPlay">;

export const TAP_SYNC_LIMIT: LimitRule = { name: "tap-sync", limit: 30, windowSeconds: 60 };

export interface TapBatchClaim {
  batchId: string;
  taps: number;
  /** What the client thinks the batch earned, if it said. */
  claimedPointsMicro: number | null;
  /** What the client thinks its multiplier is, if it said. */
  claimedMultiplierMicro: number | null;
  /** The ms between taps as the client saw them, one per tap, if it sent them (docs/fair-play.md). */
  intervals?: readonly number[] | undefined;
}

export interface TapBatchResult {
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
  /** `pointsMicro`: the taps' own points; `comboBonusMicro`: what combos minted on top. */
  credited: { taps: number; pointsMicro: number; comboBonusMicro: number };
  /** The day's streak claim this sync made (auto-claim), else null. */
  streak: { current: number; rewardMicro: number } | null;
  replayed: boolean;
}

const replayOf = (batch: StoredBatch): TapBatchResult => ({
  pointsMicro: batch.pointsAfterMicro,
  totalTaps: batch.totalTapsAfter,
  multiplierMicro: batch.multiplierMicro,
  credited: {
    taps: batch.tapsCredited,
    pointsMicro: batch.pointsMicro,
    comboBonusMicro: batch.comboBonusMicro,
  },
  streak: null,
  replayed: true,
});

/** A client may or may not count a booster near its end (the grace), so points at either rate are honest. */
function claimMismatches(claim: TapBatchClaim, multiplierMicro: number, factor: number): boolean {
  if (claim.claimedMultiplierMicro !== null && claim.claimedMultiplierMicro !== multiplierMicro) return true;
  const honest = [claim.taps * multiplierMicro, claim.taps * multiplierMicro * factor];
  return claim.claimedPointsMicro !== null && !honest.includes(claim.claimedPointsMicro);
}

/** What a batch is worth against the rewards row as it stands: the same rules on both paths. */
function priceBatch(
  deps: Settings<"economy">,
  rewards: RewardsRow,
  claim: TapBatchClaim,
  now: Date,
  timing: IntervalStats | null,
) {
  const take = takeTaps(
    { milliTaps: rewards.bucketMilliTaps, updatedAt: rewards.bucketUpdatedAt },
    claim.taps,
    now,
  );
  const multiplierMicro = rewards.multiplierMicro;
  const factor = boostFactorAt(rewards, now, deps.config.economy.boosters.graceMs);
  const creditedPointsMicro = take.granted * multiplierMicro * factor;
  const combo = comboOf({
    previous: { chain: rewards.comboChain, at: rewards.comboAt },
    intervals: claim.intervals,
    taps: claim.taps,
    credited: take.granted,
    now,
  });
  const bonusMicro = comboBonusMicro(
    combo.completed,
    multiplierMicro * factor,
    deps.config.economy.comboBonusPercent,
  );
  const totalTaps = rewards.totalTaps + take.granted;
  // Goals are checked against the bits read with the row: no query unless this batch reaches one.
  const unlocks = pendingUnlocks(
    tapGoalsReached(totalTaps),
    rewards.achievementsMask,
    deps.config.economy.achievementRewardPoints,
  );
  const result: TapBatchResult = {
    pointsMicro: rewards.pointsMicro + creditedPointsMicro + bonusMicro + rewardOf(unlocks),
    totalTaps,
    multiplierMicro,
    credited: { taps: take.granted, pointsMicro: creditedPointsMicro, comboBonusMicro: bonusMicro },
    streak: null,
    replayed: false,
  };
  const batch: NewBatch = {
    userId: "",
    batchId: claim.batchId,
    tapsClaimed: claim.taps,
    tapsCredited: take.granted,
    pointsMicro: creditedPointsMicro,
    multiplierMicro,
    pointsAfterMicro: result.pointsMicro,
    totalTapsAfter: result.totalTaps,
    bucketMilliTaps: take.bucket.milliTaps,
    bucketUpdatedAt: take.bucket.updatedAt,
    suspicious: take.granted < claim.taps || claimMismatches(claim, multiplierMicro, factor),
    boosterFactor: factor,
    achievementsMask: rewards.achievementsMask | maskOf(unlocks),
    at: now,
    utcDay: utcDayOf(now),
    utcWeekStart: utcWeekStartOf(utcDayOf(now)),
    intervalCount: timing?.count ?? null,
    intervalCv: timing?.cv ?? null,
    comboBonusMicro: bonusMicro,
    comboChain: combo.after.chain,
    comboAt: combo.after.at,
  };
  return { result, unlocks, batch };
}

/**
 * Credits the batch. The usual case is one statement and no transaction (docs/decisions/027, 028 and 032):
 * the versioned write, priced from this instance's hint of the rewards row and sent with the other syncs that
 * reach their write in the same turn; without a hint, or when the write finds the hint stale, a read first
 * (grouped the same way: sync-read-groups.ts).
 * The first sync of a UTC day makes its auto-claim in that same write, priced from the latest claim read with
 * the row (docs/decisions/044). A batch that unlocks an achievement (a streak one included) or shares points with
 * a referrer, a user's first batch, and a row that keeps moving between read and write take the locking
 * transaction below, whose rules are the same.
 */
export async function creditTapBatch(
  deps: TapSyncDeps,
  userId: string,
  claim: TapBatchClaim,
): Promise<TapBatchResult> {
  const timing = timingOf(claim);
  const now = deps.clock();
  const sync = { userId, claim, now, timing };
  const hint = deps.syncHints.get(userId);
  if (hint) {
    // A hint is never of a frozen account: a freeze moves the rewards row on (fair-play/decisions.ts).
    const written = await writeFromRow(deps, sync, hint);
    if (written !== null && written !== NEEDS_LOCK) return written;
    // Stale, a replay, a full window or a batch for the locking path: the read below decides which.
    deps.syncHints.delete(userId);
  }
  for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt += 1) {
    const state = await readInGroup(deps.db, { userId, batchId: claim.batchId });
    // A replay is a read: it answers what was stored and counts nothing.
    if (state.batch) return replayOf(state.batch);
    if (state.standing === "frozen") throw accountFrozen();
    if (state.standing === "banned") throw accountBanned();
    const waitSeconds = refusal(state.window, now);
    if (waitSeconds !== null) throw tooManySyncs(waitSeconds);
    if (!state.rewards) break;
    const known = { ...state.rewards, referrerId: state.referrerId, lastClaim: state.lastClaim };
    const written = await writeFromRow(deps, sync, known);
    if (written === NEEDS_LOCK) break;
    if (written) return written;
  }
  return creditInTransaction(deps, sync);
}

/**
 * The batch's timing summary, or null without intervals. Intervals must number the taps, and a batch with them
 * carries at most MAX_TAPS_WITH_INTERVALS taps; anything else is refused before anything is read or written.
 */
function timingOf(claim: TapBatchClaim): IntervalStats | null {
  const { intervals } = claim;
  if (intervals === undefined) return null;
  if (intervals.length !== claim.taps || claim.taps > MAX_TAPS_WITH_INTERVALS) {
    throw badIntervals(claim.taps, intervals.length);
  }
  return intervalStats(intervals);
}

interface Sync {
  userId: string;
  claim: TapBatchClaim;
  now: Date;
  timing: IntervalStats | null;
}

/** After the answer, the tap signals this batch could complete are checked (fair-play/tap-signals.ts). */
function noteWritten(deps: TapSyncDeps, sync: Sync, credited: number): void {
  afterBatchWritten(deps, sync.userId, {
    at: sync.now,
    tapsClaimed: sync.claim.taps,
    tapsCredited: credited,
    timing: sync.timing,
  });
}

const NEEDS_LOCK = "needs-lock";

/**
 * Prices the batch from the row as known (read, or this instance's hint) and writes it if the row is still at
 * that version. Answers the result (and keeps the new row as the next sync's hint), null when nothing was
 * written, or NEEDS_LOCK for a batch that unlocks an achievement or shares points with a referrer, and for a
 * day's claim the row cannot price alone (the payments are written by the locking path). The day's first sync
 * makes its auto-claim here too, priced from the latest claim known with the row (docs/decisions/044).
 */
async function writeFromRow(
  deps: TapSyncDeps,
  sync: Sync,
  known: SyncHint,
): Promise<TapBatchResult | typeof NEEDS_LOCK | null> {
  const { userId, claim, now } = sync;
  const dayClaim = mustClaimStreak(deps, known.row, now) ? claimFromRow(deps, known, now) : null;
  if (dayClaim === NEEDS_LOCK) return NEEDS_LOCK;
  // As on the locking path: the claim first, so the batch is priced on the row as the claim leaves it.
  const row = dayClaim?.row ?? known.row;
  const priced = priceBatch(deps, row, claim, now, sync.timing);
  const { batch } = priced;
  const result: TapBatchResult = {
    ...priced.result,
    streak: dayClaim && { current: dayClaim.claim.streak, rewardMicro: dayClaim.claim.rewardMicro },
  };
  const sharesPoints = known.referrerId !== null && result.credited.pointsMicro > 0;
  if (priced.unlocks.length > 0 || sharesPoints) return NEEDS_LOCK;
  const written = await writeInGroup(deps.db, {
    ...batch,
    userId,
    version: known.version,
    limit: syncLimitAt(now),
    streakClaim: dayClaim?.claim ?? null,
    pointsEvent:
      result.pointsMicro === known.row.pointsMicro
        ? null
        : pointsPayload({
            pointsMicro: result.pointsMicro,
            totalTaps: result.totalTaps,
            multiplierMicro: result.multiplierMicro,
          }),
  });
  if (!written) return null;
  deps.syncHints.set(userId, {
    version: written.version,
    referrerId: known.referrerId,
    lastClaim: dayClaim?.claim ?? known.lastClaim,
    row: {
      ...row,
      pointsMicro: result.pointsMicro,
      totalTaps: result.totalTaps,
      bucketMilliTaps: batch.bucketMilliTaps,
      bucketUpdatedAt: batch.bucketUpdatedAt,
      achievementsMask: batch.achievementsMask,
      comboChain: batch.comboChain,
      comboAt: batch.comboAt,
    },
  });
  if (written.seq > 0) await announce(deps.db, [`${userId}:${written.seq}`]).catch(noteUnannounced(deps));
  noteWritten(deps, sync, result.credited.taps);
  return result;
}

/**
 * Today's auto-claim priced from the row and its latest claim, with the row as the claim leaves it (its reward
 * in the points, today noted). NEEDS_LOCK when the claim would unlock a streak achievement (its payment is the
 * locking path's), or when the claims say today is claimed but the row's note lags: the locking path brings the
 * note up to date.
 */
function claimFromRow(deps: Settings<"economy">, known: SyncHint, now: Date) {
  const today = utcDayOf(now);
  const outcome = claimStreakOn(known.lastClaim, today, deps.config.economy.streak);
  if (!outcome) return NEEDS_LOCK;
  const achieved = pendingUnlocks(
    streakGoalsReached(outcome.streak),
    known.row.achievementsMask,
    deps.config.economy.achievementRewardPoints,
  );
  if (achieved.length > 0) return NEEDS_LOCK;
  const rewardMicro = outcome.rewardPoints * MICRO_PER_UNIT;
  const claim: DayClaim = {
    day: outcome.day,
    streak: outcome.streak,
    best: outcome.best,
    freezes: outcome.freezes,
    freezesUsed: outcome.freezesUsed,
    rewardMicro,
    movementKey: streakMovementKey(today),
  };
  const row: RewardsRow = {
    ...known.row,
    pointsMicro: known.row.pointsMicro + rewardMicro,
    streakClaimedDay: today,
  };
  return { claim, row };
}

/**
 * Auto-claim: with AUTO_CLAIM on, a sync whose row does not note today's claim claims today, with its batch in
 * the grouped write or on the locking path. The note rides on the row every sync reads, so the steady state
 * (today noted) costs nothing.
 */
const mustClaimStreak = (deps: Settings<"economy">, row: RewardsRow, now: Date) =>
  deps.config.economy.autoClaim && (row.streakClaimedDay === null || row.streakClaimedDay < utcDayOf(now));

const syncLimitAt = (now: Date) => ({
  windowSeconds: TAP_SYNC_LIMIT.windowSeconds,
  attempts: TAP_SYNC_LIMIT.limit,
  now,
});

const secondsUntil = (when: Date, now: Date) =>
  Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 1000));

/** Seconds to wait when the sync limit's window, as read, refuses another sync now, else null. */
function refusal(window: SyncState["window"], now: Date): number | null {
  if (!window || window.endsAt <= now || window.count < TAP_SYNC_LIMIT.limit) return null;
  return secondsUntil(window.endsAt, now);
}

/** Reads and writes before the row moves again this many times, then waits its turn on the row's lock. */
const OPTIMISTIC_TRIES = 3;

const noteUnannounced = (deps: Uses<"log">) => (err: unknown) =>
  deps.log.warn({ err }, "live events committed but not announced");

/** The locking path: the row is locked, so whatever the batch touches is decided in one transaction. */
async function creditInTransaction(deps: TapSyncDeps, sync: Sync): Promise<TapBatchResult> {
  const { userId, claim, now } = sync;
  let credited: number | null = null;
  const answer = await transactionWithLiveEvents(deps, async (trx) => {
    // The standing first, then the rewards row: the order every money route and decision takes them.
    await refuseIfFrozen(trx, userId);
    let state = await lockRewardsWithBatch(trx, userId, claim.batchId);
    if (!state) {
      const bucket = fullBucket(now);
      await insertRewardsRow(trx, { userId, bucketMilliTaps: bucket.milliTaps, at: bucket.updatedAt });
      state = await lockRewardsWithBatch(trx, userId, claim.batchId);
      if (!state) throw new Error(`rewards row of user ${userId} vanished`);
    }
    if (state.batch) return replayOf(state.batch);
    const refusedUntil = await countSyncOnLockedRow(trx, userId, syncLimitAt(now));
    if (refusedUntil) throw tooManySyncs(secondsUntil(refusedUntil, now));

    let { rewards } = state;
    // Auto-claim first, so the batch is priced on the row as the claim left it (its reward in the points).
    const claimed = mustClaimStreak(deps, rewards, now)
      ? await claimTodayOnLockedRow(deps, trx, { userId, rewards, now })
      : null;
    if (claimed) rewards = claimed.rewards;
    const priced = priceBatch(deps, rewards, claim, now, sync.timing);
    const { unlocks, batch } = priced;
    const result: TapBatchResult = {
      ...priced.result,
      streak: claimed && { current: claimed.claim.streak, rewardMicro: claimed.rewardMicro },
    };
    const recorded = await recordTapBatch(trx, { ...batch, userId });
    if (recorded) {
      await recordUnlocks(trx, userId, unlocks, now);
      if (state.referrerId !== null && result.credited.pointsMicro > 0) {
        await shareTapPoints(deps, trx, {
          friendId: userId,
          referrerId: state.referrerId,
          batchId: claim.batchId,
          pointsMicro: result.credited.pointsMicro,
          at: now,
        });
      }
      if (result.pointsMicro !== rewards.pointsMicro) {
        pointsChanged(trx, userId, {
          pointsMicro: result.pointsMicro,
          totalTaps: result.totalTaps,
          multiplierMicro: result.multiplierMicro,
        });
      }
      announceUnlocks(trx, userId, unlocks);
      credited = result.credited.taps;
      return result;
    }
    // A concurrent send of this batch committed while we waited for the lock: answer what it stored.
    const stored = await findBatch(trx, userId, claim.batchId);
    if (!stored) throw new Error(`tap batch ${claim.batchId} neither recorded nor found`);
    return replayOf(stored);
  });
  if (credited !== null) noteWritten(deps, sync, credited);
  return answer;
}
