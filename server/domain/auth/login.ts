/**
 * Login. An unknown email and a wrong password answer the same status, body and (because both verify an
 * argon2 hash) time. Every attempt is counted per account and per IP before the password is checked, so
 * parallel guesses cannot slip past the limit; a successful attempt is given back.
 */
import type { AppContext } from "../../context.ts";
import { findUserByEmail, recordLogin } from "../../db/repos/users.repo.ts";
import { rateLimited } from "../../errors.ts";
import { countAttempt, forgiveAttempt } from "../rate-limit.ts";
import { normalizeEmail } from "./email.ts";
import { emailNotVerified, invalidCredentials } from "./errors.ts";
import { FAILED_LOGINS_PER_ACCOUNT, FAILED_LOGINS_PER_IP } from "./limits.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import { type SessionAnswer, startSession } from "./sessions.ts";

export interface LoginInput {
  email: string;
  password: string;
}

export async function logIn(ctx: AppContext, input: LoginInput, ip: string): Promise<SessionAnswer> {
  const email = normalizeEmail(input.email);
  const now = ctx.clock();
  const byAccount = await countAttempt(ctx.db, FAILED_LOGINS_PER_ACCOUNT, email, now);
  const byIp = await countAttempt(ctx.db, FAILED_LOGINS_PER_IP, ip, now);
  const refusals = [byAccount, byIp].filter((verdict) => !verdict.allowed);
  if (refusals.length > 0) {
    throw rateLimited(
      Math.max(...refusals.map((verdict) => verdict.retryAfterSeconds)),
      "Too many failed sign-in attempts. Please try again later.",
    );
  }

  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk) throw invalidCredentials();

  await forgiveAttempt(ctx.db, FAILED_LOGINS_PER_ACCOUNT, email, now);
  await forgiveAttempt(ctx.db, FAILED_LOGINS_PER_IP, ip, now);
  if (user.email_verified_at === null && ctx.config.requireEmailVerification) throw emailNotVerified();

  const loginAt = ctx.clock();
  const session = await startSession(ctx, user.id);
  await recordLogin(ctx.db, user.id, loginAt);
  return { session, user: { id: user.id, email: user.email, name: user.name, role: user.role } };
}
