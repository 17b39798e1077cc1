/** Typed calls of the Wallet screen: the deposit address, the token, chain transfers and USDT withdrawals. */

import type { AnswerOf, BodyOf } from "#contracts/endpoint.ts";
import type * as user from "#contracts/user.ts";
import type * as wallet from "#contracts/wallet.ts";
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

export function walletApi(client: ApiClient) {
  return {
    /** The user record: its `trc20_address` is the saved deposit address (docs/product.md §4). */
    user: (userId: string) => client.get<UserRecord>(`/user/${encodeURIComponent(userId)}`),
    saveAddress: (userId: string, address: string) =>
      client.patch<UserRecord>(`/user/${encodeURIComponent(userId)}`, { trc20_address: address }),
    generate: () => client.post<GenerateWalletAnswer>("/wallet/generate", { type: "trc20" }),
    tokenInfo: () => client.get<TokenInfoAnswer>("/wallet/token/info"),
    tokenBalance: () => client.get<TokenBalanceAnswer>("/wallet/token/balance"),
    transactions: (limit: number) =>
      client.get<ChainTransactionsAnswer>("/wallet/transactions", { query: { limit } }),
    withdrawal: (id: string) =>
      client.get<WithdrawalStatusAnswer>(`/wallet/withdrawals/${encodeURIComponent(id)}`),
    walletBalance: () => client.get<WalletBalanceAnswer>("/wallet/balance"),
    transfer: (body: BodyOf<typeof wallet.tokenTransfer>, idempotencyKey: string) =>
      client.post<TokenTransferAnswer>("/wallet/token/transfer", body, {
        headers: { "Idempotency-Key": idempotencyKey },
      }),
  };
}

export type WalletApi = ReturnType<typeof walletApi>;
