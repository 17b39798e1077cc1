/**
 * GET /rewards/streak and POST /rewards/streak/claim (docs/api.md, Economy). The rules are in
 * streak-rules.ts; here they meet the database. A claim locks the user's rewards row first, so claims of one
 * user run one at a time whatever device sends them, and the claim row's primary key (user, day) backs it
 * up: one claim a UTC day, however many requests race. The reward is a points movement keyed by the day.
 */

import type { Transaction } from "kysely";
import { MICRO_PER_UNIT } from "#contracts/micro.ts";
import { noteStreakClaimedDay, type RewardsRow } from "../../db/repos/rewards.repo.ts";
import { findLatestStreakClaim, insertStreakClaim } from "../../db/repos/streaks.repo.ts";
import type { Database } from "../../db/schema.ts";
import type { Settings, Uses } from "../deps.ts";
import { runIdempotent } from "../idempotency.ts";
import type { LiveTransactionDeps } from "../live/live-transaction.ts";
import { lockRewardsAccount, movePoints } from "../taps/rewards-account.ts";
import { maskOf, streakGoalsReached, unlockAchievements } from "./achievements.ts";
import { streakAlreadyClaimed } from "./errors.ts";
import { claimStreakOn, nextStreakReward, type StreakClaimOutcome, streakOn } from "./streak-rules.ts";
import { startOfUtcDay, utcDayKey, utcDayOf } from "./utc-days.ts";

export interface StreakStatus {
  current: number;
  best: number;
  claimedToday: boolean;
  nextRewardPoints: number;
  freezes: number;
  /** When today (UTC) ends. */
  resetsAt: Date;
}

export async function streakStatus(
  deps: Uses<"db" | "clock"> & Settings<"economy">,
  userId: string,
): Promise<StreakStatus> {
  const today = utcDayOf(deps.clock());
  const streak = streakOn((await findLatestStreakClaim(deps.db, userId)) ?? null, today);
  return {
    current: streak.current,
    best: streak.best,
    claimedToday: streak.claimedToday,
    nextRewardPoints: nextStreakReward(streak, deps.config.economy.streak),
    freezes: streak.freezes,
    resetsAt: startOfUtcDay(today + 1),
  };
}

/** JSON-safe: a replayed Idempotency-Key answers the stored copy. */
export interface StreakClaimResult {
  current: number;
  best: number;
  rewardPoints: number;
  pointsMicro: number;
  totalTaps: number;
}

export function claimStreak(
  deps: LiveTransactionDeps & Settings<"economy">,
  request: { userId: string; idempotencyKey: string },
): Promise<StreakClaimResult> {
  const { userId } = request;
  return runIdempotent(
    deps,
    { callerId: userId, key: request.idempotencyKey, scope: "streak-claim", body: {} },
    async (trx) => {
      const now = deps.clock();
      const rewards = await lockRewardsAccount(trx, userId, now);
      const claimed = await claimTodayOnLockedRow(deps, trx, { userId, rewards, now });
      if (!claimed) throw streakAlreadyClaimed();
      return {
        current: claimed.claim.streak,
        best: claimed.claim.best,
        rewardPoints: claimed.claim.rewardPoints,
        pointsMicro: claimed.rewards.pointsMicro,
        totalTaps: rewards.totalTaps,
      };
    },
  );
}

/** The key of a day's streak payment: one per user and day, whichever path claims it. */
export const streakMovementKey = (day: number) => `streak:${utcDayKey(day)}`;

export interface ClaimedToday {
  claim: StreakClaimOutcome;
  rewardMicro: number;
  /** The rewards row after the claim: its reward and any streak achievement's. */
  rewards: RewardsRow;
}

/**
 * Claims today's streak on the user's rewards row, which the caller's transaction has locked: the claim row,
 * its keyed points movement and `points` event, any streak achievement, and the row's note of the claimed
 * day. Answers null when today is already claimed (the row's note is brought up to date all the same). Both
 * the hand claim and a tap sync's auto-claim (docs/decisions/039) come here, so they pay the same, once.
 */
export async function claimTodayOnLockedRow(
  deps: Settings<"economy">,
  trx: Transaction<Database>,
  locked: { userId: string; rewards: RewardsRow; now: Date },
): Promise<ClaimedToday | null> {
  const { userId, rewards, now } = locked;
  const today = utcDayOf(now);
  const claim = claimStreakOn(
    (await findLatestStreakClaim(trx, userId)) ?? null,
    today,
    deps.config.economy.streak,
  );
  const rewardMicro = (claim?.rewardPoints ?? 0) * MICRO_PER_UNIT;
  const inserted =
    claim !== null && (await insertStreakClaim(trx, { ...claim, userId, rewardMicro, at: now }));
  await noteStreakClaimedDay(trx, userId, today);
  if (!claim || !inserted) return null;

  const pointsMicro =
    rewardMicro > 0
      ? await movePoints(trx, userId, rewards, {
          deltaMicro: rewardMicro,
          kind: "streak",
          idempotencyKey: streakMovementKey(today),
          at: now,
        })
      : rewards.pointsMicro;
  const after = await unlockAchievements(
    trx,
    deps.config.economy.achievementRewardPoints,
    { userId, ...rewards, pointsMicro },
    streakGoalsReached(claim.streak),
    now,
  );
  return {
    claim,
    rewardMicro,
    rewards: {
      ...rewards,
      pointsMicro: after.pointsMicro,
      achievementsMask: rewards.achievementsMask | maskOf(after.unlocked),
      streakClaimedDay: Math.max(rewards.streakClaimedDay ?? today, today),
    },
  };
}
