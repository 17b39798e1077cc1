/** Typed calls of the Wallet screen: the deposit address, the token, chain transfers and USDT withdrawals. */

import type { AnswerOf, BodyOf } from "#contracts/endpoint.ts";
import type * as user from "#contracts/user.ts";
import type * as wallet from "#contracts/wallet.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";

export type GenerateWalletAnswer = AnswerOf<typeof wallet.generateWallet>;
export type TokenInfoAnswer = AnswerOf<typeof wallet.tokenInfo>;
export type TokenBalanceAnswer = AnswerOf<typeof wallet.tokenBalance>;
export type ChainTransactionsAnswer = AnswerOf<typeof wallet.chainTransactions>;
export type ChainTransaction = ChainTransactionsAnswer["transactions"][number];
export type TokenTransferAnswer = AnswerOf<typeof wallet.tokenTransfer>;
export type WithdrawalStatusAnswer = AnswerOf<typeof wallet.withdrawalStatus>;
export type WalletBalanceAnswer = AnswerOf<typeof wallet.walletBalance>;
export type UserRecord = AnswerOf<typeof user.getUser>;

const routes = {
  user: route<typeof user.getUser>("GET", "/user/:id"),
  updateUser: route<typeof user.updateUser>("PATCH", "/user/:id"),
  generate: route<typeof wallet.generateWallet>("POST", "/wallet/generate"),
  tokenInfo: route<typeof wallet.tokenInfo>("GET", "/wallet/token/info"),
  tokenBalance: route<typeof wallet.tokenBalance>("GET", "/wallet/token/balance"),
  transactions: route<typeof wallet.chainTransactions>("GET", "/wallet/transactions"),
  withdrawal: route<typeof wallet.withdrawalStatus>("GET", "/wallet/withdrawals/:id"),
  walletBalance: route<typeof wallet.walletBalance>("GET", "/wallet/balance"),
  transfer: route<typeof wallet.tokenTransfer>("POST", "/wallet/token/transfer"),
};

export function walletApi(client: ApiClient) {
  return {
    /** The user record: its `trc20_address` is the saved deposit address (docs/product.md §4). */
    user: (userId: string) => call(client, routes.user, { params: { id: userId } }),
    saveAddress: (userId: string, address: string) =>
      call(client, routes.updateUser, { params: { id: userId }, body: { trc20_address: address } }),
    generate: () => call(client, routes.generate, { body: { type: "trc20" } }),
    tokenInfo: () => call(client, routes.tokenInfo),
    tokenBalance: () => call(client, routes.tokenBalance),
    transactions: (limit: number) => call(client, routes.transactions, { query: { limit } }),
    withdrawal: (id: string) => call(client, routes.withdrawal, { params: { id } }),
    walletBalance: () => call(client, routes.walletBalance),
    transfer: (body: BodyOf<typeof wallet.tokenTransfer>, idempotencyKey: string) =>
      call(client, routes.transfer, { body, headers: { "Idempotency-Key": idempotencyKey } }),
  };
}

export type WalletApi = ReturnType<typeof walletApi>;
