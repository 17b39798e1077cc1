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

export const walletEndpoints = [
  walletBalance,
  multipliers,
  purchaseMultiplier,
  withdrawRewards,
  walletHistory,
] as const;
