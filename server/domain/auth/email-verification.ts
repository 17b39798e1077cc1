/**
 * Email confirmation, only used when REQUIRE_EMAIL_VERIFICATION=true: a single-use 24-hour link sent at
 * sign-up; login is refused until it has been opened.
 */

import { addSeconds } from "../../clock.ts";
import { consumeToken, insertOneTimeToken } from "../../db/repos/one-time-tokens.repo.ts";
import { markEmailVerified } from "../../db/repos/users.repo.ts";
import { emailVerificationMail } from "../../mail/templates.ts";
import type { Settings, Uses } from "../deps.ts";
import { invalidVerificationToken } from "./errors.ts";
import { hashToken, newOpaqueToken, VERIFICATION_TOKEN_SECONDS } from "./tokens.ts";

/** The link is stored as a one-time token and mailed. */
export type VerificationMailDeps = Uses<"db" | "clock" | "mailer"> & Settings<"publicUrl">;

export async function sendVerificationMail(
  deps: VerificationMailDeps,
  user: { id: string; email: string },
): Promise<void> {
  const token = newOpaqueToken();
  const now = deps.clock();
  await insertOneTimeToken(deps.db, {
    token_hash: hashToken(token),
    purpose: "email_verification",
    user_id: user.id,
    created_at: now,
    expires_at: addSeconds(now, VERIFICATION_TOKEN_SECONDS),
    used_at: null,
  });
  const link = `${deps.config.publicUrl}/auth?mode=verify&token=${token}`;
  await deps.mailer.send(emailVerificationMail(user.email, link));
}

export async function verifyEmail(deps: Uses<"db" | "clock">, token: string): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeToken(trx, hashToken(token), "email_verification", now);
    if (!userId) throw invalidVerificationToken();
    await markEmailVerified(trx, userId, now);
  });
}
