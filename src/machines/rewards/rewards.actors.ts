/** Real actors of the Multipliers and Withdraw Rewards dialogs and of the wallet history. */
import { type AnyActorRef, fromPromise, waitFor } from "xstate";
import type { ApiResult } from "#src/api/errors.ts";
import type {
  MultiplierOption,
  PurchaseAnswer,
  RewardsApi,
  WalletHistoryAnswer,
  WithdrawRewardsAnswer,
} from "#src/api/rewards.ts";

function unwrap<T>(result: ApiResult<T>): T {
  if (result.error) throw result.error;
  return result.data;
}

/**
 * Sends the taps not yet acknowledged and waits (at most 10 s) for the server's answer, so a withdrawal
 * can use every point the user sees.
 */
async function settleTaps(taps: AnyActorRef | undefined) {
  if (!taps) return;
  taps.send({ type: "FLUSH" });
  await waitFor(
    taps,
    (snapshot) => snapshot.context.batches.length === 0 && snapshot.context.unsyncedTaps === 0,
    { timeout: 10_000 },
  ).catch(() => undefined);
}

export function createRewardsActors(deps: { rewards: RewardsApi; taps: () => AnyActorRef | undefined }) {
  const { rewards, taps } = deps;
  return {
    loadOptions: fromPromise<MultiplierOption[]>(async () => unwrap(await rewards.multipliers())),
    purchase: fromPromise<PurchaseAnswer, { value: number; idempotencyKey: string }>(async ({ input }) =>
      unwrap(await rewards.purchaseMultiplier({ multiplier_value: input.value }, input.idempotencyKey)),
    ),
    loadHistoryPage: fromPromise<WalletHistoryAnswer, { cursor: string | null }>(async ({ input }) =>
      unwrap(await rewards.walletHistory({ limit: 20, ...(input.cursor ? { cursor: input.cursor } : {}) })),
    ),
    withdraw: fromPromise<WithdrawRewardsAnswer, { amount: number; idempotencyKey: string }>(
      async ({ input }) => {
        await settleTaps(taps());
        return unwrap(await rewards.withdrawRewards({ amount: input.amount }, input.idempotencyKey));
      },
    ),
  };
}
