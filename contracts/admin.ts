import { Type } from "typebox";
import { ADMIN_USERS_SORT_FIELDS, MANAGED_USERS_SORT_FIELDS } from "./admin-sorts.ts";
import { Email, Password, PersonName, PlainText, Uuid } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { Amount, Balance, Cursor, Limit, Multiplier, NextCursor, Timestamp } from "./money.ts";

export * from "./admin-sorts.ts";

const strict = { additionalProperties: false } as const;
const tags = ["admin"] as const;
const policy = "admin" as const;

/**
 * Admin lists: a page, a case-insensitive part of the email, and `field:asc|desc` (docs/api.md, "Lists" under
 * Rules for every route).
 */
export const AdminListQuery = Type.Object(
  {
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
    q: Type.Optional(PlainText({ maxLength: 254 })),
    sort: Type.Optional(Type.String({ pattern: "^[A-Za-z_]+:(asc|desc)$", maxLength: 40 })),
  },
  strict,
);
const PageQuery = Type.Object({ limit: Type.Optional(Limit), cursor: Type.Optional(Cursor) }, strict);
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
const NullableText = Type.Union([Type.String(), Type.Null()]);
/**
 * Who an account is in the admin's lists: its email, or for an account made from Telegram (no email,
 * docs/decisions/031) its name and Telegram @username.
 */
const AccountNames = {
  email: NullableText,
  name: Type.String(),
  telegramUsername: NullableText,
};
/** The optional Idempotency-Key of the admin's money routes. */
const OptionalIdempotency = Type.Object(
  {
    "idempotency-key": Type.Optional(
      Type.String({ minLength: 8, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" }),
    ),
  },
  { additionalProperties: true },
);

export const metrics = defineEndpoint({
  method: "GET",
  path: "/admin/metrics",
  policy,
  summary: "Platform figures, computed in SQL",
  tags,
  response: {
    200: Type.Object(
      {
        totalUsers: Type.Integer(),
        totalPoints: Balance,
        totalWallets: Type.Integer(),
        activeUsers: Type.Integer(),
        averagePoints: Balance,
        poolBalance: Balance,
        dailyVolume: Balance,
        // Optional in the type only (screens written before the economy build their figures without them);
        // the server always sends both.
        /** Daily streak claims made today (UTC), by every account. */
        streakClaimsToday: Type.Optional(Type.Integer({ minimum: 0 })),
        /** Boosters bought today (UTC), by every account. */
        boosterSalesToday: Type.Optional(Type.Integer({ minimum: 0 })),
      },
      strict,
    ),
  },
});

export const users = defineEndpoint({
  method: "GET",
  path: "/admin/users",
  policy,
  summary: `Every user (role user), searchable by email and sortable by ${ADMIN_USERS_SORT_FIELDS.join(", ")}`,
  tags,
  querystring: AdminListQuery,
  response: {
    200: Type.Object(
      {
        items: Type.Array(
          Type.Object(
            {
              id: Uuid,
              ...AccountNames,
              points: Balance,
              wallet_address: NullableText,
              created_at: Timestamp,
              last_login: NullableTimestamp,
            },
            strict,
          ),
        ),
        nextCursor: NextCursor,
        total: Type.Integer(),
      },
      strict,
    ),
  },
});

const WithdrawBody = Type.Object(
  { address: Type.String({ minLength: 1, maxLength: 100 }), amount: Amount },
  strict,
);
const WithdrawAnswer = Type.Object(
  {
    success: Type.Literal(true),
    withdrawal: Type.Object(
      { id: Uuid, status: Type.Literal("pending"), amount: Balance, to: Type.String() },
      strict,
    ),
  },
  strict,
);

export const withdraw = defineEndpoint({
  method: "POST",
  path: "/admin/withdraw",
  policy,
  summary: "Send treasury USDT to a TRC20 address through the chain gateway; reserved at once",
  tags,
  headers: OptionalIdempotency,
  body: WithdrawBody,
  response: { 202: WithdrawAnswer },
});

export const withdrawUsdt = defineEndpoint({
  ...withdraw,
  path: "/admin/withdraw-usdt",
  summary: "Same as /admin/withdraw",
});

export const withdrawals = defineEndpoint({
  method: "GET",
  path: "/admin/withdrawals",
  policy,
  summary:
    "The treasury's movements, newest first: withdrawals to the chain, and every other movement as a deposit",
  tags,
  // `status=review`: only the withdrawals held for an admin's decision (docs/fair-play.md).
  querystring: Type.Object(
    { ...PageQuery.properties, status: Type.Optional(Type.Literal("review")) },
    strict,
  ),
  response: {
    200: Type.Object(
      {
        items: Type.Array(
          Type.Object(
            {
              id: Type.String(),
              type: Type.Union([Type.Literal("withdrawal"), Type.Literal("deposit")]),
              address: NullableText,
              amount: Balance,
              timestamp: Timestamp,
              status: Type.Union([
                Type.Literal("pending"),
                Type.Literal("completed"),
                Type.Literal("failed"),
                Type.Literal("review"),
              ]),
              txId: NullableText,
              /** The account a user's withdrawal came from, its email and its risk score; null for the treasury's. */
              userId: Type.Union([Uuid, Type.Null()]),
              email: Type.Union([Type.String(), Type.Null()]),
              score: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
            },
            strict,
          ),
        ),
        nextCursor: NextCursor,
      },
      strict,
    ),
  },
});

export const fundWallet = defineEndpoint({
  method: "POST",
  path: "/admin/fund-wallet",
  policy,
  summary: "Move USDT from the treasury into a user's wallet",
  tags,
  headers: OptionalIdempotency,
  body: Type.Object({ userId: Uuid, amount: Amount }, strict),
  response: { 200: Type.Object({ success: Type.Literal(true), balance: Balance }, strict) },
});

export const fundedWallets = defineEndpoint({
  method: "GET",
  path: "/admin/funded-wallets",
  policy,
  summary: "User wallets holding more than zero, largest first",
  tags,
  querystring: PageQuery,
  response: {
    200: Type.Object(
      {
        items: Type.Array(
          Type.Object(
            {
              id: Uuid,
              ...AccountNames,
              walletAddress: NullableText,
              balance: Balance,
              lastUpdated: Timestamp,
            },
            strict,
          ),
        ),
        nextCursor: NextCursor,
        totalBalance: Balance,
        count: Type.Integer(),
      },
      strict,
    ),
  },
});

export const poolBalance = defineEndpoint({
  method: "GET",
  path: "/admin/pool-balance",
  policy,
  summary: "The treasury (reward pool) balance",
  tags,
  response: { 200: Type.Object({ balance: Balance }, strict) },
});

const ManagedUser = {
  id: Uuid,
  ...AccountNames,
  multiplier: Multiplier,
  points: Balance,
  lastActive: NullableTimestamp,
};

export const usersWithFundedWallets = defineEndpoint({
  method: "GET",
  path: "/admin/users-with-funded-wallets",
  policy,
  summary: `Users whose wallet holds more than zero; sortable by ${MANAGED_USERS_SORT_FIELDS.join(", ")}`,
  tags,
  querystring: AdminListQuery,
  response: {
    200: Type.Object(
      {
        items: Type.Array(Type.Object({ ...ManagedUser, walletAddress: NullableText }, strict)),
        nextCursor: NextCursor,
        total: Type.Integer(),
      },
      strict,
    ),
  },
});

export const usersWithoutFundedWallets = defineEndpoint({
  method: "GET",
  path: "/admin/users-without-funded-wallets",
  policy,
  summary: `Users whose wallet is empty; sortable by ${MANAGED_USERS_SORT_FIELDS.join(", ")}`,
  tags,
  querystring: AdminListQuery,
  response: {
    200: Type.Object(
      { items: Type.Array(Type.Object(ManagedUser, strict)), nextCursor: NextCursor, total: Type.Integer() },
      strict,
    ),
  },
});

export const updateMultiplier = defineEndpoint({
  method: "POST",
  path: "/admin/update-multiplier",
  policy,
  summary: "Set a user's multiplier (0.001 to 1000, at most 6 decimals; lowering is allowed)",
  tags,
  body: Type.Object({ userId: Uuid, multiplier: Type.Number({ minimum: 0.001, maximum: 1000 }) }, strict),
  response: { 200: Type.Object({ success: Type.Literal(true), multiplier: Multiplier }, strict) },
});

export const multiplierStats = defineEndpoint({
  method: "GET",
  path: "/admin/multiplier-stats",
  policy,
  summary: "Average, highest and lowest multiplier over users",
  tags,
  response: {
    200: Type.Object(
      {
        averageMultiplier: Type.Number(),
        highestMultiplier: Type.Number(),
        lowestMultiplier: Type.Number(),
        totalUsers: Type.Integer(),
      },
      strict,
    ),
  },
});

export const createAdmin = defineEndpoint({
  method: "POST",
  path: "/admin/create-admin",
  policy,
  summary: "Create another admin account (the same password rules as sign-up)",
  tags,
  body: Type.Object({ email: Email, password: Password, name: PersonName }, strict),
  response: {
    201: Type.Object(
      {
        success: Type.Literal(true),
        user: Type.Object(
          { id: Uuid, email: Type.String(), name: Type.String(), role: Type.Literal("admin") },
          strict,
        ),
      },
      strict,
    ),
  },
});

export const auditLog = defineEndpoint({
  method: "GET",
  path: "/admin/audit-log",
  policy,
  summary: "Every admin action, newest first",
  tags,
  querystring: PageQuery,
  response: {
    200: Type.Object(
      {
        items: Type.Array(
          Type.Object(
            {
              id: Type.String(),
              actor: Type.String(),
              action: Type.String(),
              target: NullableText,
              amount: Type.Union([Balance, Type.Null()]),
              timestamp: Timestamp,
              /** Why the admin decided so (fair play's decisions, held withdrawals); null for other actions. */
              reason: NullableText,
            },
            strict,
          ),
        ),
        nextCursor: NextCursor,
      },
      strict,
    ),
  },
});

export const adminEndpoints = [
  metrics,
  users,
  withdraw,
  withdrawUsdt,
  withdrawals,
  fundWallet,
  fundedWallets,
  poolBalance,
  usersWithFundedWallets,
  usersWithoutFundedWallets,
  updateMultiplier,
  multiplierStats,
  createAdmin,
  auditLog,
] as const;
