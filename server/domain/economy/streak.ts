/**
 * GET /rewards/streak and POST /rewards/streak/claim (docs/api.md, Economy). The rules are in
 * streak-rules.ts; here they meet the database. A claim locks the user's rewards row first, so claims of one
 * user run one at a time whatever device sends them, and the claim row's primary key (user, day) backs it
 * up: one claim a UTC day, however many requests race. The reward is a points movement keyed by the day.
 */

import { MICRO_PER_UNIT } from "#contracts/micro.ts";
import { findLatestStreakClaim, insertStreakClaim } from "../../db/repos/streaks.repo.ts";
import type { Settings, Uses } from "../deps.ts";
import { runIdempotent } from "../idempotency.ts";
import type { LiveTransactionDeps } from "../live/live-transaction.ts";
import { lockRewardsAccount, movePoints } from "../taps/rewards-account.ts";
import { streakGoalsReached, unlockAchievements } from "./achievements.ts";
import { streakAlreadyClaimed } from "./errors.ts";
import { claimStreakOn, nextStreakReward, streakOn } from "./streak-rules.ts";
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
      const today = utcDayOf(now);
      const rewards = await lockRewardsAccount(trx, userId, now);
      const claim = claimStreakOn(
        (await findLatestStreakClaim(trx, userId)) ?? null,
        today,
        deps.config.economy.streak,
      );
      if (!claim) throw streakAlreadyClaimed();
      const rewardMicro = claim.rewardPoints * MICRO_PER_UNIT;
      if (!(await insertStreakClaim(trx, { ...claim, userId, rewardMicro, at: now })))
        throw streakAlreadyClaimed();

      const pointsMicro =
        rewardMicro > 0
          ? await movePoints(trx, userId, rewards, {
              deltaMicro: rewardMicro,
              kind: "streak",
              idempotencyKey: `streak:${utcDayKey(today)}`,
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
        current: claim.streak,
        best: claim.best,
        rewardPoints: claim.rewardPoints,
        pointsMicro: after.pointsMicro,
        totalTaps: rewards.totalTaps,
      };
    },
  );
}
