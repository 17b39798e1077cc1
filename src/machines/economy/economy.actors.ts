/** Real actors of the Rewards area's machines: the economy calls of the one API client. */
import { fromPromise } from "xstate";
import type {
  Achievement,
  BoosterPurchaseAnswer,
  BoostersAnswer,
  ClaimAnswer,
  EconomyApi,
  PointsHistoryAnswer,
  ReferralsAnswer,
  StreakAnswer,
} from "#src/api/economy.ts";
import { unwrap } from "#src/machines/shared/unwrap.ts";

export const HISTORY_PAGE_SIZE = 20;

export function createEconomyActors(deps: { economy: EconomyApi }) {
  const { economy } = deps;
  return {
    loadBoosters: fromPromise<BoostersAnswer>(async () => unwrap(await economy.boosters())),
    purchaseBooster: fromPromise<BoosterPurchaseAnswer, { boosterId: string; idempotencyKey: string }>(
      async ({ input }) => unwrap(await economy.purchaseBooster(input.boosterId, input.idempotencyKey)),
    ),
    loadStreak: fromPromise<StreakAnswer>(async () => unwrap(await economy.streak())),
    claimStreak: fromPromise<ClaimAnswer, { idempotencyKey: string }>(async ({ input }) =>
      unwrap(await economy.claimStreak(input.idempotencyKey)),
    ),
    loadAchievements: fromPromise<Achievement[]>(
      async () => unwrap(await economy.achievements()).achievements,
    ),
    loadReferrals: fromPromise<ReferralsAnswer>(async () => unwrap(await economy.referrals())),
    loadHistoryPage: fromPromise<PointsHistoryAnswer, { userId: string; cursor: string | null }>(
      async ({ input }) =>
        unwrap(
          await economy.pointsHistory(input.userId, {
            limit: HISTORY_PAGE_SIZE,
            ...(input.cursor ? { cursor: input.cursor } : {}),
          }),
        ),
    ),
  };
}

/** The browser's clipboard and share sheet, for the Referral card's Copy and Share. */
export const referralSharing = {
  copyText: fromPromise<void, { text: string }>(async ({ input }) => {
    await navigator.clipboard.writeText(input.text);
  }),
  shareLink: fromPromise<void, { title: string; text: string; url: string }>(async ({ input }) => {
    await navigator.share(input);
  }),
};

/** Whether this browser has a share sheet (the Web Share API); the Share button shows only where it does. */
export const canShareLinks = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

export type EconomyActors = ReturnType<typeof createEconomyActors>;
