/** Typed calls for points, taps, multipliers and the wallet balance (types from the shared contracts). */

import type { AnswerOf, BodyOf } from "#contracts/endpoint.ts";
import type * as user from "#contracts/user.ts";
import type * as wallet from "#contracts/wallet.ts";
import type { ApiClient } from "./client.ts";

export type SyncAnswer = AnswerOf<typeof user.syncTaps>;
export type MultiplierOption = AnswerOf<typeof wallet.multipliers>[number];
export type PurchaseAnswer = AnswerOf<typeof wallet.purchaseMultiplier>;
export type WithdrawRewardsAnswer = AnswerOf<typeof wallet.withdrawRewards>;
export type WalletHistoryAnswer = AnswerOf<typeof wallet.walletHistory>;

const path = (userId: string, rest = "") => `/user/${encodeURIComponent(userId)}${rest}`;

export function rewardsApi(client: ApiClient) {
  return {
    points: (userId: string) => client.get<AnswerOf<typeof user.getPoints>>(path(userId, "/points")),
    multiplier: (userId: string) =>
      client.get<AnswerOf<typeof user.getMultiplier>>(path(userId, "/multiplier")),
    syncTaps: (userId: string, body: BodyOf<typeof user.syncTaps>, options: { keepalive?: boolean } = {}) =>
      client.post<SyncAnswer>(path(userId, "/points"), body, options),
    walletBalance: () => client.get<AnswerOf<typeof wallet.walletBalance>>("/wallet/balance"),
    multipliers: () => client.get<MultiplierOption[]>("/wallet/multipliers"),
    purchaseMultiplier: (body: BodyOf<typeof wallet.purchaseMultiplier>, idempotencyKey: string) =>
      client.post<PurchaseAnswer>("/wallet/multipliers/purchase", body, {
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    withdrawRewards: (body: BodyOf<typeof wallet.withdrawRewards>, idempotencyKey: string) =>
      client.post<WithdrawRewardsAnswer>("/wallet/withdraw-rewards", body, {
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    walletHistory: (query: { limit?: number; cursor?: string } = {}) =>
      client.get<WalletHistoryAnswer>("/wallet/history", { query }),
  };
}

export type RewardsApi = ReturnType<typeof rewardsApi>;
