/** /rewards/…: the caller's daily streak, boosters and achievements (docs/api.md, Economy). */
import type { FastifyInstance } from "fastify";
import * as contract from "#src/api/contracts/economy.ts";
import { achievementsOf } from "../domain/economy/achievements.ts";
import { boostersOf, purchaseBooster } from "../domain/economy/boosters.ts";
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
}
