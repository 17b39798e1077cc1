/** The auth rate limits of CONTRACT.md. */
import type { LimitRule } from "../rate-limit.ts";

const FIFTEEN_MINUTES = 15 * 60;

export const FAILED_LOGINS_PER_ACCOUNT: LimitRule = {
  name: "login:account",
  limit: 10,
  windowSeconds: FIFTEEN_MINUTES,
};

export const FAILED_LOGINS_PER_IP: LimitRule = {
  name: "login:ip",
  limit: 50,
  windowSeconds: FIFTEEN_MINUTES,
};

export const PASSWORD_RESETS_PER_ACCOUNT: LimitRule = {
  name: "forgot-password:account",
  limit: 5,
  windowSeconds: 60 * 60,
};
