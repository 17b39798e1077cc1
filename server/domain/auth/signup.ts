import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { findUserByEmail, insertUser } from "../../db/repos/users.repo.ts";
import { normalizeEmail } from "./email.ts";
import { sendVerificationMail } from "./email-verification.ts";
import { blankName, emailTaken } from "./errors.ts";
import { hashPassword } from "./passwords.ts";

export interface SignupInput {
  email: string;
  password: string;
  name: string;
}

export interface PublicUser {
  id: string;
  email: string;
  name: string;
}

/** Creates a `user` account. Login works at once unless email verification is required. */
export async function signUp(ctx: AppContext, input: SignupInput): Promise<PublicUser> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (name === "") throw blankName();
  // Cheap early answer; the unique index below is what actually guarantees one account per email.
  if (await findUserByEmail(ctx.db, email)) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock();
  const user = await insertUser(ctx.db, {
    id: randomUUID(),
    email,
    name,
    password_hash: passwordHash,
    role: "user",
    created_at: now,
    email_verified_at: ctx.config.requireEmailVerification ? null : now,
  });
  if (!user) throw emailTaken();

  if (ctx.config.requireEmailVerification) {
    // After the answer: a slow mail server must not slow down or fail the sign-up.
    ctx.background.run("email verification mail", () => sendVerificationMail(ctx, user));
  }
  return { id: user.id, email: user.email, name: user.name };
}
