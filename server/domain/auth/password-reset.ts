/**
 * Forgot / reset password. The forgot answer is decided before anything about the account is looked up; the
 * lookup, token and mail happen after the answer, so neither the body nor the time tells whether the email
 * exists. Reset tokens are single-use, live 30 minutes, and a reset ends every session of the account and
 * unlinks its Telegram: whoever recovers an account by email owns it alone (docs/decisions/033).
 */
import { addSeconds } from "../../clock.ts";
import {
  consumeAllTokensOfUser,
  consumeToken,
  findUsableToken,
  insertOneTimeToken,
} from "../../db/repos/one-time-tokens.repo.ts";
import { revokeAllSessionsOfUser } from "../../db/repos/sessions.repo.ts";
import {
  findUserByEmail,
  findUserById,
  markEmailVerified,
  setPasswordHash,
  unlinkTelegram,
} from "../../db/repos/users.repo.ts";
import { rateLimited } from "../../errors.ts";
import { passwordResetMail } from "../../mail/templates.ts";
import { addressSubject } from "../client-address.ts";
import type { Settings, Uses } from "../deps.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { sessionEnded } from "../live/screen-events.ts";
import { countAttempt } from "../rate-limit.ts";
import { normalizeEmail } from "./email.ts";
import { invalidResetToken } from "./errors.ts";
import { PASSWORD_RESETS_PER_ACCOUNT, PASSWORD_RESETS_PER_IP } from "./limits.ts";
import { assertPasswordAllowed } from "./password-rules.ts";
import { hashPassword } from "./passwords.ts";
import { hashToken, newOpaqueToken, RESET_TOKEN_SECONDS } from "./tokens.ts";

/** The link is stored as a one-time token and mailed. */
type ResetMailDeps = Uses<"db" | "clock" | "mailer"> & Settings<"publicUrl">;

export async function requestPasswordReset(
  deps: ResetMailDeps & Uses<"background">,
  rawEmail: string,
  ip: string,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const now = deps.clock();
  // The caller's address first (a refused address writes nothing more), then the email, counted whether or
  // not an account has it, so the limit reveals nothing either.
  for (const [rule, subject] of [
    [PASSWORD_RESETS_PER_IP, addressSubject(ip)],
    [PASSWORD_RESETS_PER_ACCOUNT, email],
  ] as const) {
    const verdict = await countAttempt(deps.db, rule, subject, now);
    if (!verdict.allowed) {
      throw rateLimited(
        verdict.retryAfterSeconds,
        "Too many password reset requests. Please try again later.",
      );
    }
  }
  deps.background.run("password reset mail", () => sendPasswordResetMail(deps, email));
}

async function sendPasswordResetMail(deps: ResetMailDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = newOpaqueToken();
  const now = deps.clock();
  await insertOneTimeToken(deps.db, {
    token_hash: hashToken(token),
    purpose: "password_reset",
    user_id: user.id,
    created_at: now,
    expires_at: addSeconds(now, RESET_TOKEN_SECONDS),
    used_at: null,
  });
  const link = `${deps.config.publicUrl}/auth?mode=reset&token=${token}`;
  await deps.mailer.send(passwordResetMail(user.email, link));
}

export async function resetPassword(
  deps: LiveTransactionDeps & Uses<"sessions">,
  token: string,
  newPassword: string,
): Promise<void> {
  const tokenHash = hashToken(token);
  // Checked before hashing so a dead link answers at once; the transaction below re-checks atomically.
  const owner = await findUsableToken(deps.db, tokenHash, "password_reset", deps.clock());
  const account = owner === undefined ? undefined : await findUserById(deps.db, owner);
  if (!account) throw invalidResetToken();
  // Only an email account can hold a reset token, so its email is there.
  assertPasswordAllowed(newPassword, account.email ?? "");

  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock();
  const resetUserId = await transactionWithLiveEvents(deps, async (trx) => {
    const userId = await consumeToken(trx, tokenHash, "password_reset", now);
    if (!userId) throw invalidResetToken();
    await setPasswordHash(trx, userId, passwordHash);
    await consumeAllTokensOfUser(trx, userId, "password_reset", now);
    await revokeAllSessionsOfUser(trx, userId, now);
    await unlinkTelegram(trx, userId);
    sessionEnded(trx, userId, "password-reset", null);
    // The link came by mail, so whoever opened it owns the address.
    await markEmailVerified(trx, userId, now);
    return userId;
  });
  // Other instances hear it from the commit's NOTIFY; this one forgets at once.
  deps.sessions.forgetUser(resetUserId);
}
