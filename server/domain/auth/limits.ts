/**
 * The auth rate limits (docs/api.md, "Rules for every route"; docs/decisions/015). Failed logins count per
 * account and address pair, per account and per address; a pair the account has signed in from before is
 * the owner's own place and only its own pair counts there, so a stranger's failures never lock the owner out.
 */
import type { LimitRule } from "../rate-limit.ts";

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

/** Failures of one account from one address (IPv6: /64). Growing delays apply here too. */
export const FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: LimitRule = {
  name: "login:pair",
  limit: 10,
  windowSeconds: FIFTEEN_MINUTES,
};

/** Failures of one account from addresses it has never signed in from. */
export const FAILED_LOGINS_PER_ACCOUNT: LimitRule = {
  name: "login:account",
  limit: 10,
  windowSeconds: FIFTEEN_MINUTES,
};

/** Failures from one address, for any account except those that signed in from it before. */
export const FAILED_LOGINS_PER_IP: LimitRule = {
  name: "login:ip",
  limit: 50,
  windowSeconds: FIFTEEN_MINUTES,
};

/** After the third failure of a pair, each one makes the next attempt wait twice as long: 1 s, 2 s, 4 s, … */
export function delayAfterFailures(failures: number): number {
  return failures <= 3 ? 0 : Math.min(2 ** (failures - 4), FIFTEEN_MINUTES);
}

/** How long an address an account signed in from counts as the owner's own. */
export const KNOWN_SOURCE_DAYS = 30;

export const PASSWORD_RESETS_PER_ACCOUNT: LimitRule = {
  name: "forgot-password:account",
  limit: 5,
  windowSeconds: HOUR,
};

export const PASSWORD_RESETS_PER_IP: LimitRule = {
  name: "forgot-password:ip",
  limit: 20,
  windowSeconds: HOUR,
};

/** Sign-ups per address; the limit itself is the SIGNUP_LIMIT_PER_IP_HOUR setting. */
export const signupsPerIp = (limit: number): LimitRule => ({ name: "signup:ip", limit, windowSeconds: HOUR });

/** Telegram sign-ins per Telegram user: one signed initData must not mint sessions without end. */
export const TELEGRAM_SIGN_INS_PER_USER: LimitRule = {
  name: "telegram-signin:user",
  limit: 30,
  windowSeconds: HOUR,
};
