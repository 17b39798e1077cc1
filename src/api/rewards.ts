/** Typed calls for points, taps, multipliers and the wallet balance (types from the shared contracts). */

import type { AnswerOf, BodyOf } from "#contracts/endpoint.ts";
import type * as user from "#contracts/user.ts";
import type * as wallet from "#contracts/wallet.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";

export type SyncAnswer = AnswerOf<typeof user.syncTaps>;
export type MultiplierOption = AnswerOf<typeof wallet.multipliers>[number];
export type PurchaseAnswer = AnswerOf<typeof wallet.purchaseMultiplier>;
export type WithdrawRewardsAnswer = AnswerOf<typeof wallet.withdrawRewards>;
export type WalletHistoryAnswer = AnswerOf<typeof wallet.walletHistory>;

const routes = {
  points: route<typeof user.getPoints>("GET", "/user/:id/points"),
  multiplier: route<typeof user.getMultiplier>("GET", "/user/:id/multiplier"),
  syncTaps: route<typeof user.syncTaps>("POST", "/user/:id/points"),
  walletBalance: route<typeof wallet.walletBalance>("GET", "/wallet/balance"),
  multipliers: route<typeof wallet.multipliers>("GET", "/wallet/multipliers"),
  purchaseMultiplier: route<typeof wallet.purchaseMultiplier>("POST", "/wallet/multipliers/purchase"),
  withdrawRewards: route<typeof wallet.withdrawRewards>("POST", "/wallet/withdraw-rewards"),
  walletHistory: route<typeof wallet.walletHistory>("GET", "/wallet/history"),
};

const withKey = (idempotencyKey: string) => ({ "Idempotency-Key": idempotencyKey });

export function rewardsApi(client: ApiClient) {
  return {
    points: (userId: string) => call(client, routes.points, { params: { id: userId } }),
    multiplier: (userId: string) => call(client, routes.multiplier, { params: { id: userId } }),
    syncTaps: (userId: string, body: BodyOf<typeof user.syncTaps>, options: { keepalive?: boolean } = {}) =>
      call(client, routes.syncTaps, { params: { id: userId }, body, ...options }),
    walletBalance: () => call(client, routes.walletBalance),
    multipliers: () => call(client, routes.multipliers),
    purchaseMultiplier: (body: BodyOf<typeof wallet.purchaseMultiplier>, idempotencyKey: string) =>
      call(client, routes.purchaseMultiplier, { body, headers: withKey(idempotencyKey) }),
    withdrawRewards: (body: BodyOf<typeof wallet.withdrawRewards>, idempotencyKey: string) =>
      call(client, routes.withdrawRewards, { body, headers: withKey(idempotencyKey) }),
    walletHistory: (query: { limit?: number; cursor?: string } = {}) =>
      call(client, routes.walletHistory, { query }),
  };
}

export type RewardsApi = ReturnType<typeof rewardsApi>;
