import { Type } from "typebox";
import { defineEndpoint } from "./endpoint.ts";
import {
  Amount,
  Balance,
  IdempotencyHeaders,
  ListQuery,
  Multiplier,
  NextCursor,
  Timestamp,
  TotalTaps,
} from "./money.ts";

const strict = { additionalProperties: false } as const;
const tags = ["wallet"] as const;

export const walletBalance = defineEndpoint({
  method: "GET",
  path: "/wallet/balance",
  policy: "authenticated",
  summary: "The caller's wallet balance in USDT",
  tags,
  response: { 200: Type.Object({ success: Type.Literal(true), balance: Balance }, strict) },
});

export const MultiplierOption = Type.Object({ multiplier_value: Multiplier, price_usdt: Balance }, strict);

export const multipliers = defineEndpoint({
  method: "GET",
  path: "/wallet/multipliers",
  policy: "authenticated",
  summary: "The multiplier catalogue, ascending",
  tags,
  response: { 200: Type.Array(MultiplierOption) },
});

export const purchaseMultiplier = defineEndpoint({
  method: "POST",
  path: "/wallet/multipliers/purchase",
  policy: "authenticated",
  summary:
    "Buy a higher multiplier: 100 points plus its price from the wallet, atomically. Idempotent by Idempotency-Key.",
  tags,
  headers: IdempotencyHeaders,
  body: Type.Object({ multiplier_value: Multiplier }, strict),
  response: {
    200: Type.Object(
      {
        success: Type.Literal(true),
        multiplier: Multiplier,
        points: Balance,
        totalTaps: TotalTaps,
        walletBalance: Balance,
      },
      strict,
    ),
  },
});

export const withdrawRewards = defineEndpoint({
  method: "POST",
  path: "/wallet/withdraw-rewards",
  policy: "authenticated",
  summary:
    "Move points into the wallet at POINTS_PER_USDT, paid by the treasury. Idempotent by Idempotency-Key.",
  tags,
  headers: IdempotencyHeaders,
  body: Type.Object({ amount: Amount }, strict),
  response: {
    200: Type.Object(
      { success: Type.Literal(true), points: Balance, totalTaps: TotalTaps, walletBalance: Balance },
      strict,
    ),
  },
});

export const WalletTransaction = Type.Object(
  {
    id: Type.String(),
    type: Type.Union([Type.Literal("deposit"), Type.Literal("withdraw"), Type.Literal("purchase")]),
    amount: Balance,
    description: Type.String(),
    timestamp: Timestamp,
    status: Type.Union([Type.Literal("pending"), Type.Literal("completed"), Type.Literal("failed")]),
  },
  strict,
);

export const walletHistory = defineEndpoint({
  method: "GET",
  path: "/wallet/history",
  policy: "authenticated",
  summary: "Every movement of the caller's wallet, newest first",
  tags,
  querystring: ListQuery,
  response: {
    200: Type.Object({ transactions: Type.Array(WalletTransaction), nextCursor: NextCursor }, strict),
  },
});

/** A base58check TRON address; the server checks the checksum too (400 when it fails). */
export const TronAddress = Type.String({
  minLength: 34,
  maxLength: 34,
  pattern: "^T[1-9A-HJ-NP-Za-km-z]{33}$",
});

export const generateWallet = defineEndpoint({
  method: "POST",
  path: "/wallet/generate",
  policy: "authenticated",
  summary:
    "The caller's USDT TRC20 deposit address, derived from the platform's HD seed; the same on every call",
  tags,
  body: Type.Object({ type: Type.Literal("trc20") }, strict),
  response: {
    200: Type.Object({ success: Type.Literal(true), address: TronAddress, message: Type.String() }, strict),
  },
});

export const tokenInfo = defineEndpoint({
  method: "GET",
  path: "/wallet/token/info",
  policy: "authenticated",
  summary:
    "The token the wallet holds: USDT on TRC20, its contract and the explorer's transaction URL prefix",
  tags,
  response: {
    200: Type.Object(
      {
        success: Type.Literal(true),
        symbol: Type.Literal("USDT"),
        decimals: Type.Literal(6),
        network: Type.Literal("TRC20"),
        contract: TronAddress,
        /** Append a transaction id to get its explorer page. */
        explorer: Type.String(),
      },
      strict,
    ),
  },
});

export const tokenBalance = defineEndpoint({
  method: "GET",
  path: "/wallet/token/balance",
  policy: "authenticated",
  summary: "USDT held on chain at the caller's deposit address; null before an address exists",
  tags,
  response: {
    200: Type.Object({ success: Type.Literal(true), balance: Type.Union([Balance, Type.Null()]) }, strict),
  },
});

export const ChainTransaction = Type.Object(
  {
    type: Type.Union([Type.Literal("receive"), Type.Literal("send")]),
    value: Balance,
    timestamp: Timestamp,
    txId: Type.String({ pattern: "^[0-9a-f]{64}$" }),
    /** Ours: a receive is "confirmed" once credited to the wallet, "failed" when the chain refused it. */
    status: Type.Union([Type.Literal("pending"), Type.Literal("confirmed"), Type.Literal("failed")]),
  },
  strict,
);

export const chainTransactions = defineEndpoint({
  method: "GET",
  path: "/wallet/transactions",
  policy: "authenticated",
  summary:
    "The latest USDT transfers of the caller's deposit address, newest first. Also scans them, so a new " +
    "confirmed deposit is credited before the answer.",
  tags,
  querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }, strict),
  response: {
    200: Type.Object({ success: Type.Literal(true), transactions: Type.Array(ChainTransaction) }, strict),
  },
});

export const Withdrawal = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    /** `review`: held for a person's approval, the amount already reserved (docs/fair-play.md). */
    status: Type.Union([Type.Literal("pending"), Type.Literal("review")]),
    amount: Balance,
    to: TronAddress,
    txId: Type.Optional(Type.String()),
  },
  strict,
);

export const tokenTransfer = defineEndpoint({
  method: "POST",
  path: "/wallet/token/transfer",
  policy: "authenticated",
  summary:
    "Withdraw USDT from the wallet to a TRC20 address (at least 300). Reserves the amount now; the transfer is " +
    "broadcast, then posted on confirmation or released on failure. Idempotent by Idempotency-Key.",
  tags,
  headers: IdempotencyHeaders,
  body: Type.Object({ to: Type.String({ minLength: 1, maxLength: 100 }), amount: Amount }, strict),
  response: { 202: Type.Object({ success: Type.Literal(true), withdrawal: Withdrawal }, strict) },
});

export const withdrawalStatus = defineEndpoint({
  method: "GET",
  path: "/wallet/withdrawals/:id",
  policy: "authenticated",
  summary:
    "One of the caller's USDT withdrawals, to follow it from pending to confirmed (or failed and refunded)",
  tags,
  params: Type.Object({ id: Type.String({ format: "uuid" }) }, strict),
  response: {
    200: Type.Object(
      {
        id: Type.String({ format: "uuid" }),
        /** `review`: held for an admin's decision (docs/fair-play.md). */
        status: Type.Union([
          Type.Literal("review"),
          Type.Literal("pending"),
          Type.Literal("confirmed"),
          Type.Literal("failed"),
        ]),
        amount: Balance,
        to: TronAddress,
        txId: Type.Union([Type.String(), Type.Null()]),
        /** Why an admin rejected it (then `failed`); null otherwise. */
        reason: Type.Union([Type.String(), Type.Null()]),
      },
      strict,
    ),
  },
});

export const walletEndpoints = [
  walletBalance,
  multipliers,
  purchaseMultiplier,
  withdrawRewards,
  walletHistory,
  generateWallet,
  tokenInfo,
  tokenBalance,
  chainTransactions,
  tokenTransfer,
  withdrawalStatus,
] as const;
