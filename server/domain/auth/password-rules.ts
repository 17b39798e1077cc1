/**
 * What a new password must not be, beyond its length (docs/decisions/015): blank or only spaces, the
 * account's own email, or one of the most common passwords (the list zxcvbn-ts ships, about 49 000 entries,
 * compared without case). A refused password gets a message saying what to change.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "../../errors.ts";

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary["passwords-common"] as string[]).map((password) => password.toLowerCase()),
);

const weak = (message: string) => new AppError("WEAK_PASSWORD", message);

/** Throws WEAK_PASSWORD (400) when `password` may not be used by the account with this email. */
export function assertPasswordAllowed(password: string, email: string): void {
  if (password.trim() === "") throw weak("Password must not be blank or only spaces.");
  const lower = password.trim().toLowerCase();
  const normalizedEmail = email.trim().toLowerCase();
  if (lower === normalizedEmail || lower === normalizedEmail.split("@")[0]) {
    throw weak("Password must not be your email address. Choose something only you know.");
  }
  if (COMMON_PASSWORDS.has(lower)) {
    throw weak("This password is one of the most common ones. Choose one that is harder to guess.");
  }
}
