/**
 * Typed calls of the Rewards area (docs/api.md, Economy): the daily streak, boosters (the specification's
 * "purchase item") and achievements, plus the points history the area shows. Claims and purchases carry an
 * Idempotency-Key that the calling machine keeps for one attempt (docs/decisions/020).
 */

import type * as economy from "#contracts/economy.ts";
import type { AnswerOf } from "#contracts/endpoint.ts";
import type * as user from "#contracts/user.ts";
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

const withKey = (idempotencyKey: string) => ({ headers: { "Idempotency-Key": idempotencyKey } });

export function economyApi(client: ApiClient) {
  return {
    streak: () => client.get<StreakAnswer>("/rewards/streak"),
    claimStreak: (idempotencyKey: string) =>
      client.post<ClaimAnswer>("/rewards/streak/claim", undefined, withKey(idempotencyKey)),
    boosters: () => client.get<BoostersAnswer>("/rewards/boosters"),
    purchaseBooster: (boosterId: string, idempotencyKey: string) =>
      client.post<BoosterPurchaseAnswer>(
        "/rewards/boosters/purchase",
        { boosterId },
        withKey(idempotencyKey),
      ),
    achievements: () => client.get<AnswerOf<typeof economy.listAchievements>>("/rewards/achievements"),
    referrals: () => client.get<ReferralsAnswer>("/referrals"),
    pointsHistory: (userId: string, query: { limit?: number; cursor?: string } = {}) =>
      client.get<PointsHistoryAnswer>(`/user/${encodeURIComponent(userId)}/points/history`, { query }),
  };
}

export type EconomyApi = ReturnType<typeof economyApi>;
