import { Type } from "typebox";
import { Email } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { Amount, Balance, Timestamp } from "./money.ts";

const strict = { additionalProperties: false } as const;
const tags = ["devnet"] as const;

export const fundWallet = defineEndpoint({
  method: "POST",
  path: "/devnet/fund-wallet",
  policy: "admin",
  summary:
    "Local devnet only (CHAIN=local, never in production or behind a proxy), for tests and demos: an admin " +
    "moves `amount` USDT from the treasury into the wallet of the account with this email, and grants it " +
    "`points` if given. Audited like every admin action.",
  tags,
  body: Type.Object({ email: Email, amount: Balance, points: Type.Optional(Amount) }, strict),
  response: {
    200: Type.Object({ success: Type.Literal(true), balance: Balance, points: Balance }, strict),
  },
});

export const deposit = defineEndpoint({
  method: "POST",
  path: "/devnet/deposit",
  policy: "loopback",
  summary:
    "Local devnet only (CHAIN=local): send `amount` test USDT to a TRC20 address from the devnet faucet. The " +
    "deposit watcher credits it once it confirms (a few seconds). `failed: true` records a transaction the " +
    "chain refused, which is never credited. Answers only callers on this machine.",
  tags,
  body: Type.Object(
    {
      address: Type.String({ minLength: 1, maxLength: 100 }),
      amount: Amount,
      failed: Type.Optional(Type.Boolean()),
    },
    strict,
  ),
  response: { 200: Type.Object({ success: Type.Literal(true), txId: Type.String() }, strict) },
});

export const DevnetTransaction = Type.Object(
  {
    txId: Type.String(),
    blockNumber: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    amount: Balance,
    token: Type.Literal("USDT"),
    status: Type.Union([Type.Literal("pending"), Type.Literal("confirmed"), Type.Literal("failed")]),
    timestamp: Timestamp,
  },
  strict,
);

export const devnetTransaction = defineEndpoint({
  method: "GET",
  path: "/devnet/transactions/:txId",
  policy: "public",
  summary: "Local devnet only (CHAIN=local): one devnet transaction, the explorer page the wallet links to",
  tags,
  params: Type.Object({ txId: Type.String({ pattern: "^[0-9a-f]{64}$" }) }, strict),
  response: { 200: DevnetTransaction },
});

export const localMailbox = defineEndpoint({
  method: "GET",
  path: "/devnet/mail",
  policy: "loopback",
  summary:
    "Local devnet only (CHAIN=local, no SMTP_URL): the newest mails the server kept for `to` in its outbox " +
    "(reset and verification links, Telegram link notices), as a local trial has no mail server. Answers only " +
    "callers on this machine; an empty list once SMTP_URL sends real mail.",
  tags,
  querystring: Type.Object({ to: Email }, strict),
  response: {
    200: Type.Object(
      {
        mails: Type.Array(
          Type.Object(
            { kind: Type.String(), subject: Type.String(), text: Type.String(), createdAt: Timestamp },
            strict,
          ),
        ),
      },
      strict,
    ),
  },
});

export const devnetEndpoints = [fundWallet, deposit, devnetTransaction, localMailbox] as const;
