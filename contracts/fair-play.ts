/**
 * Fair play (docs/fair-play.md): the player's standing and appeal, the back office's risk review, held USDT
 * withdrawals, and the operator's economy. Signals are never shown to the player, only their standing.
 */
import { Type } from "typebox";
import { PlainText, Uuid } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import {
  ACCOUNT_STATUSES,
  APPEAL_MAX_LENGTH,
  APPEAL_MIN_LENGTH,
  ECONOMY_DEFAULT_DAYS,
  ECONOMY_MAX_DAYS,
  RISK_ACTIONS,
  RISK_FILTERS,
  SIGNAL_IDS,
} from "./fair-play-rules.ts";
import { Balance, Cursor, IdempotencyHeaders, Limit, NextCursor, Timestamp } from "./money.ts";

export * from "./fair-play-rules.ts";

const strict = { additionalProperties: false } as const;
const literals = <const T extends readonly string[]>(values: T) => Type.Enum([...values] as [...T]);
const Params = Type.Object({ id: Uuid }, strict);
const NullableText = Type.Union([Type.String(), Type.Null()]);

/** Where an account stands: `ok`, `review` (its USDT withdrawals wait for an admin), `frozen` or `banned`. */
export const AccountStatus = literals(ACCOUNT_STATUSES);
export const Appeal = Type.Union([
  Type.Object({ at: Timestamp, message: Type.String() }, strict),
  Type.Null(),
]);

/** One raised signal: which, its weight, what was seen (in words an admin can check), and when. */
export const RaisedSignal = Type.Object(
  { id: literals(SIGNAL_IDS), weight: Type.Integer({ minimum: 0 }), evidence: Type.String(), at: Timestamp },
  strict,
);

export const RiskItem = Type.Object(
  {
    userId: Uuid,
    email: NullableText,
    name: Type.String(),
    score: Type.Integer({ minimum: 0 }),
    status: AccountStatus,
    signals: Type.Array(RaisedSignal),
    appeal: Appeal,
    createdAt: Timestamp,
    lastActive: Type.Union([Timestamp, Type.Null()]),
  },
  strict,
);

const Reason = PlainText({ minLength: 3, maxLength: 500 });

export const standing = defineEndpoint({
  method: "GET",
  path: "/user/:id/standing",
  policy: "self",
  summary: "The account's standing in plain words, and its open appeal (never the signals behind it)",
  tags: ["user"],
  params: Params,
  response: {
    200: Type.Object(
      { status: literals(["ok", "review", "frozen"] as const), message: Type.String(), appeal: Appeal },
      strict,
    ),
  },
});

export const appeal = defineEndpoint({
  method: "POST",
  path: "/user/:id/standing/appeal",
  policy: "self",
  summary: "Ask a person to review the account; one open appeal at a time (409 APPEAL_OPEN)",
  tags: ["user"],
  params: Params,
  body: Type.Object(
    { message: PlainText({ minLength: APPEAL_MIN_LENGTH, maxLength: APPEAL_MAX_LENGTH }) },
    strict,
  ),
  response: { 200: Type.Object({ success: Type.Literal(true) }, strict) },
});

export const riskList = defineEndpoint({
  method: "GET",
  path: "/admin/risk",
  policy: "admin",
  summary: "Accounts by score, highest first, with their signals and evidence; filtered by status or appeal",
  tags: ["admin"],
  querystring: Type.Object(
    {
      status: Type.Optional(literals(RISK_FILTERS)),
      limit: Type.Optional(Limit),
      cursor: Type.Optional(Cursor),
    },
    strict,
  ),
  response: { 200: Type.Object({ items: Type.Array(RiskItem), nextCursor: NextCursor }, strict) },
});

const Person = Type.Object(
  { userId: Uuid, email: NullableText, name: Type.String(), status: AccountStatus },
  strict,
);

export const riskDetail = defineEndpoint({
  method: "GET",
  path: "/admin/users/:id/risk",
  policy: "admin",
  summary: "One account's risk: its signals, the networks it used in 30 days, its referrer and its friends",
  tags: ["admin"],
  params: Params,
  response: {
    200: Type.Object(
      {
        ...RiskItem.properties,
        /** IPv4 addresses, IPv6 as /64, with how many accounts used each in the same 30 days. */
        networks: Type.Array(
          Type.Object({ network: Type.String(), accounts: Type.Integer({ minimum: 1 }) }, strict),
        ),
        referrer: Type.Union([Person, Type.Null()]),
        friends: Type.Array(
          Type.Object({ ...Person.properties, score: Type.Integer({ minimum: 0 }) }, strict),
        ),
      },
      strict,
    ),
  },
});

export const riskAction = defineEndpoint({
  method: "POST",
  path: "/admin/users/:id/risk",
  policy: "admin",
  summary: "Clear, freeze, unfreeze or ban an account, with a reason (audited)",
  tags: ["admin"],
  headers: IdempotencyHeaders,
  params: Params,
  body: Type.Object({ action: literals(RISK_ACTIONS), reason: Reason }, strict),
  response: { 200: Type.Object({ success: Type.Literal(true), status: AccountStatus }, strict) },
});

/** A withdrawal as the admin decisions answer it. */
export const DecidedWithdrawal = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    status: literals(["pending", "failed"] as const),
    amount: Balance,
    to: Type.String(),
    reason: NullableText,
  },
  strict,
);

export const approveWithdrawal = defineEndpoint({
  method: "POST",
  path: "/admin/withdrawals/:id/approve",
  policy: "admin",
  summary: "Approve a held withdrawal: it is broadcast as any other (audited; exactly once)",
  tags: ["admin"],
  headers: IdempotencyHeaders,
  params: Params,
  response: { 200: Type.Object({ success: Type.Literal(true), withdrawal: DecidedWithdrawal }, strict) },
});

export const rejectWithdrawal = defineEndpoint({
  method: "POST",
  path: "/admin/withdrawals/:id/reject",
  policy: "admin",
  summary: "Reject a held withdrawal with a reason: the reserved USDT goes back to the wallet (audited)",
  tags: ["admin"],
  headers: IdempotencyHeaders,
  params: Params,
  body: Type.Object({ reason: Reason }, strict),
  response: { 200: Type.Object({ success: Type.Literal(true), withdrawal: DecidedWithdrawal }, strict) },
});

export const EconomyDay = Type.Object(
  {
    date: Type.String({ format: "date" }),
    newUsers: Type.Integer({ minimum: 0 }),
    activeUsers: Type.Integer({ minimum: 0 }),
    taps: Type.Integer({ minimum: 0 }),
    pointsMinted: Balance,
    pointsConverted: Balance,
    depositsUsdt: Balance,
    withdrawalsUsdt: Balance,
    /**
     * The coverage at the day's end (today's: now), as `liabilities.coverage` is counted from the balances then:
     * the ledger's wallets and treasury, the points outstanding, the hot wallet as the last reconciliation before
     * it saw it. Null when nothing was owed.
     */
    coverage: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  },
  strict,
);

export const economy = defineEndpoint({
  method: "GET",
  path: "/admin/economy",
  policy: "admin",
  summary: "The economy per UTC day, and what the platform owes against what it holds",
  tags: ["admin"],
  querystring: Type.Object(
    {
      days: Type.Optional(
        Type.Integer({ minimum: 1, maximum: ECONOMY_MAX_DAYS, default: ECONOMY_DEFAULT_DAYS }),
      ),
    },
    strict,
  ),
  response: {
    200: Type.Object(
      {
        days: Type.Array(EconomyDay),
        liabilities: Type.Object(
          {
            pointsOutstanding: Balance,
            pointsOutstandingUsdt: Balance,
            walletsUsdt: Balance,
            treasuryUsdt: Balance,
            hotWalletUsdt: Balance,
            /** (treasury + hot wallet) / (wallets + points outstanding in USDT); null when nothing is owed. */
            coverage: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
          },
          strict,
        ),
      },
      strict,
    ),
  },
});

/** The player's standing and the admins' review of accounts. */
export const riskEndpoints = [standing, appeal, riskList, riskDetail, riskAction] as const;
/** Held withdrawals decided by admins, and the operator's economy. */
export const heldWithdrawalEndpoints = [approveWithdrawal, rejectWithdrawal, economy] as const;
