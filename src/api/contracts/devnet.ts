import { Type } from "typebox";
import { Email } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { Amount, Balance } from "./money.ts";

const strict = { additionalProperties: false } as const;
const tags = ["devnet"] as const;

export const fundWallet = defineEndpoint({
  method: "POST",
  path: "/devnet/fund-wallet",
  policy: "loopback",
  summary:
    "Local devnet only (CHAIN=local), for tests and demos: move `amount` USDT from the treasury into the " +
    "wallet of the account with this email, and grant it `points` if given. Answers only callers on this machine.",
  tags,
  body: Type.Object({ email: Email, amount: Balance, points: Type.Optional(Amount) }, strict),
  response: {
    200: Type.Object({ success: Type.Literal(true), balance: Balance, points: Balance }, strict),
  },
});

export const devnetEndpoints = [fundWallet] as const;
