/**
 * Typed calls of the Rewards area (docs/api.md, Economy): the daily streak, boosters (the specification's
 * "purchase item") and achievements, plus the points history the area shows. Claims and purchases carry an
 * Idempotency-Key that the calling machine keeps for one attempt (docs/decisions/020).
 */

import type * as economy from "#contracts/economy.ts";
import type { AnswerOf } from "#contracts/endpoint.ts";
import type * as user from "#contracts/user.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";

export type StreakAnswer = AnswerOf<typeof economy.getStreak>;
export type ClaimAnswer = AnswerOf<typeof economy.claimStreak>;
export type BoostersAnswer = AnswerOf<typeof economy.listBoosters>;
export type Booster = BoostersAnswer["catalogue"][number];
export type ActiveBooster = NonNullable<BoostersAnswer["active"]>;
export type BoosterPurchaseAnswer = AnswerOf<typeof economy.purchaseBooster>;
export type Achievement = AnswerOf<typeof economy.listAchievements>["achievements"][number];
export type PointsHistoryAnswer = AnswerOf<typeof user.pointsHistory>;
export type ReferralsAnswer = AnswerOf<typeof economy.getReferrals>;
export type ReferredFriend = ReferralsAnswer["friends"][number];
/** One credited batch; `factor` is the booster's (1 without one). */
export type PointsHistoryEntry = PointsHistoryAnswer["history"][number];

const routes = {
  streak: route<typeof economy.getStreak>("GET", "/rewards/streak"),
  claimStreak: route<typeof economy.claimStreak>("POST", "/rewards/streak/claim"),
  boosters: route<typeof economy.listBoosters>("GET", "/rewards/boosters"),
  purchaseBooster: route<typeof economy.purchaseBooster>("POST", "/rewards/boosters/purchase"),
  achievements: route<typeof economy.listAchievements>("GET", "/rewards/achievements"),
  referrals: route<typeof economy.getReferrals>("GET", "/referrals"),
  pointsHistory: route<typeof user.pointsHistory>("GET", "/user/:id/points/history"),
};

const withKey = (idempotencyKey: string) => ({ headers: { "Idempotency-Key": idempotencyKey } });

export function economyApi(client: ApiClient) {
  return {
    streak: () => call(client, routes.streak),
    claimStreak: (idempotencyKey: string) => call(client, routes.claimStreak, withKey(idempotencyKey)),
    boosters: () => call(client, routes.boosters),
    purchaseBooster: (boosterId: string, idempotencyKey: string) =>
      call(client, routes.purchaseBooster, { body: { boosterId }, ...withKey(idempotencyKey) }),
    achievements: () => call(client, routes.achievements),
    referrals: () => call(client, routes.referrals),
    pointsHistory: (userId: string, query: { limit?: number; cursor?: string } = {}) =>
      call(client, routes.pointsHistory, { params: { id: userId }, query }),
  };
}

export type EconomyApi = ReturnType<typeof economyApi>;
