/**
 * Email confirmation, only used when REQUIRE_EMAIL_VERIFICATION=true: a single-use 24-hour link sent at
 * sign-up; login is refused until it has been opened.
 */

import { addSeconds } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { consumeToken, insertOneTimeToken } from "../../db/repos/one-time-tokens.repo.ts";
import { markEmailVerified } from "../../db/repos/users.repo.ts";
import { emailVerificationMail } from "../../mail/templates.ts";
import { invalidVerificationToken } from "./errors.ts";
import { hashToken, newOpaqueToken, VERIFICATION_TOKEN_SECONDS } from "./tokens.ts";

export async function sendVerificationMail(
  ctx: AppContext,
  user: { id: string; email: string },
): Promise<void> {
  const token = newOpaqueToken();
  const now = ctx.clock();
  await insertOneTimeToken(ctx.db, {
    token_hash: hashToken(token),
    purpose: "email_verification",
    user_id: user.id,
    created_at: now,
    expires_at: addSeconds(now, VERIFICATION_TOKEN_SECONDS),
    used_at: null,
  });
  const link = `${ctx.config.publicUrl}/auth?mode=verify&token=${token}`;
  await ctx.mailer.send(emailVerificationMail(user.email, link));
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeToken(trx, hashToken(token), "email_verification", now);
    if (!userId) throw invalidVerificationToken();
    await markEmailVerified(trx, userId, now);
  });
}
