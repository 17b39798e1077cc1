/**
 * The economy's routes (docs/api.md, Economy): the caller's daily streak, boosters and achievements under
 * /rewards/…, their referrals, the leaderboard and their statistics.
 */
import type { FastifyInstance } from "fastify";
import * as contract from "#contracts/economy.ts";
import { LEADERBOARD_DEFAULT_LIMIT, STATS_DEFAULT_DAYS } from "#contracts/limits.ts";
import { achievementsOf } from "../domain/economy/achievements.ts";
import { boostersOf, purchaseBooster } from "../domain/economy/boosters.ts";
import { leaderboard, playerStats } from "../domain/economy/leaderboard.ts";
import { referralsOf } from "../domain/economy/referrals.ts";
import { claimStreak, streakStatus } from "../domain/economy/streak.ts";
import { idempotencyKeyOf } from "./idempotency-key.ts";
import { registerEndpoint } from "./register-endpoint.ts";
import { microToWire } from "./wire-units.ts";

export function registerRewardsRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  registerEndpoint(app, contract.getStreak, async ({ auth }) => {
    const streak = await streakStatus(ctx, auth.user.id);
    return {
      current: streak.current,
      best: streak.best,
      claimedToday: streak.claimedToday,
      nextReward: streak.nextRewardPoints,
      freezes: streak.freezes,
      resetsAt: streak.resetsAt.toISOString(),
    };
  });

  registerEndpoint(app, contract.claimStreak, async ({ auth, request }) => {
    const claim = await claimStreak(ctx, {
      userId: auth.user.id,
      idempotencyKey: idempotencyKeyOf(request.headers),
    });
    return {
      current: claim.current,
      best: claim.best,
      reward: claim.rewardPoints,
      points: microToWire(claim.pointsMicro),
      totalTaps: claim.totalTaps,
    };
  });

  registerEndpoint(app, contract.listBoosters, ({ auth }) => boostersOf(ctx, auth.user.id));

  registerEndpoint(app, contract.purchaseBooster, async ({ auth, body, request }) => {
    const result = await purchaseBooster(ctx, {
      userId: auth.user.id,
      idempotencyKey: idempotencyKeyOf(request.headers),
      boosterId: body.boosterId,
    });
    return { active: result.active, points: microToWire(result.pointsMicro), totalTaps: result.totalTaps };
  });

  registerEndpoint(app, contract.listAchievements, async ({ auth }) => {
    const achievements = await achievementsOf(
      ctx.db,
      ctx.config.economy.achievementRewardPoints,
      auth.user.id,
    );
    return {
      achievements: achievements.map((a) => ({ ...a, unlockedAt: a.unlockedAt?.toISOString() ?? null })),
    };
  });

  registerEndpoint(app, contract.getReferrals, async ({ auth }) => {
    const view = await referralsOf(ctx, auth.user.id);
    return {
      code: view.code,
      link: view.link,
      invited: view.invited,
      earnedPoints: microToWire(view.earnedMicro),
      earnedToday: microToWire(view.earnedTodayMicro),
      dailyCap: microToWire(view.dailyCapMicro),
      sharePercent: view.sharePercent,
      friends: view.friends.map((friend) => ({
        name: friend.name,
        joinedAt: friend.joinedAt.toISOString(),
        earnedForYou: microToWire(friend.earnedForYouMicro),
      })),
    };
  });

  registerEndpoint(app, contract.getLeaderboard, async ({ auth, query }) => {
    const period = query.period ?? "day";
    const board = await leaderboard(ctx, {
      period,
      limit: query.limit ?? LEADERBOARD_DEFAULT_LIMIT,
      userId: auth.user.id,
    });
    return {
      period,
      entries: board.entries.map(({ pointsMicro, ...entry }) => ({
        ...entry,
        points: microToWire(pointsMicro),
      })),
      me: { rank: board.me.rank, points: microToWire(board.me.pointsMicro) },
    };
  });

  registerEndpoint(app, contract.getUserStats, async ({ params, query }) => {
    const stats = await playerStats(ctx, params.id, query.days ?? STATS_DEFAULT_DAYS);
    return {
      days: stats.days.map((day) => ({
        date: day.date,
        taps: day.taps,
        points: microToWire(day.pointsMicro),
      })),
      totals: {
        taps: stats.totals.taps,
        points: microToWire(stats.totals.pointsMicro),
        earnedToday: microToWire(stats.totals.earnedTodayMicro),
      },
      multiplierHistory: stats.multiplierHistory.map((change) => ({
        at: change.at.toISOString(),
        multiplier: microToWire(change.multiplierMicro),
        source: change.source,
      })),
    };
  });
}
