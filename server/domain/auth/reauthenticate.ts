/**
 * Asking for the current password again before the ways into an account change (docs/decisions/033), so that a
 * stolen session alone cannot tie the account to the thief's Telegram. A wrong password counts against the
 * account exactly as a failed login from a strange address does (limits.ts), so a session cannot be used to guess
 * the password either; a right one is given back. An account without a password (made from Telegram) has nothing
 * to confirm.
 */
import type { UserRow } from "../../db/schema.ts";
import { AppError, rateLimited } from "../../errors.ts";
import type { Uses } from "../deps.ts";
import { countAttempt, forgiveAttempt } from "../rate-limit.ts";
import { FAILED_LOGINS_PER_ACCOUNT } from "./limits.ts";
import { verifyPassword } from "./passwords.ts";

export const reauthRequired = () =>
  new AppError(
    "REAUTH_REQUIRED",
    "Enter your current password to change how you sign in. Forgot it? Log out and reset it from the login page.",
  );

export async function confirmCurrentPassword(
  deps: Uses<"db" | "clock">,
  account: Pick<UserRow, "email" | "password_hash">,
  password: string | undefined,
): Promise<void> {
  if (account.password_hash === null || account.email === null) return;
  if (password === undefined || password === "") throw reauthRequired();
  const now = deps.clock();
  const verdict = await countAttempt(deps.db, FAILED_LOGINS_PER_ACCOUNT, account.email, now);
  if (!verdict.allowed) {
    throw rateLimited(verdict.retryAfterSeconds, "Too many wrong passwords. Please try again later.");
  }
  if (!(await verifyPassword(account.password_hash, password))) throw reauthRequired();
  await forgiveAttempt(deps.db, FAILED_LOGINS_PER_ACCOUNT, account.email, now);
}
