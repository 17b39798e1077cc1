/** Real actors of the Multipliers and Withdraw Rewards dialogs and of the wallet history. */
import { fromPromise } from "xstate";
import type {
  MultiplierOption,
  PurchaseAnswer,
  RewardsApi,
  WalletHistoryAnswer,
  WithdrawRewardsAnswer,
} from "#src/api/rewards.ts";
import { unwrap } from "#src/machines/shared/unwrap.ts";

export function createRewardsActors(deps: { rewards: RewardsApi }) {
  const { rewards } = deps;
  return {
    loadOptions: fromPromise<MultiplierOption[]>(async () => unwrap(await rewards.multipliers())),
    purchase: fromPromise<PurchaseAnswer, { value: number; idempotencyKey: string }>(async ({ input }) =>
      unwrap(await rewards.purchaseMultiplier({ multiplier_value: input.value }, input.idempotencyKey)),
    ),
    loadHistoryPage: fromPromise<WalletHistoryAnswer, { cursor: string | null }>(async ({ input }) =>
      unwrap(await rewards.walletHistory({ limit: 20, ...(input.cursor ? { cursor: input.cursor } : {}) })),
    ),
    withdraw: fromPromise<WithdrawRewardsAnswer, { amount: number; idempotencyKey: string }>(
      async ({ input }) =>
        unwrap(await rewards.withdrawRewards({ amount: input.amount }, input.idempotencyKey)),
    ),
  };
}
