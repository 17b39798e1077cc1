import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { findUserIdByReferralCode } from "../../db/repos/referrals.repo.ts";
import { findUserByEmail, insertUser } from "../../db/repos/users.repo.ts";
import type { Database, Role } from "../../db/schema.ts";
import { rateLimited } from "../../errors.ts";
import { addressSubject } from "../client-address.ts";
import type { Settings, Uses } from "../deps.ts";
import { bindReferral, type ReferralDeps } from "../economy/referrals.ts";
import { noteSignUpNetwork } from "../fair-play/networks.ts";
import type { RaiseDeps } from "../fair-play/raise-signals.ts";
import {
  figuresChanged,
  type LiveTransactionDeps,
  transactionWithLiveEvents,
} from "../live/live-transaction.ts";
import { countAttempt } from "../rate-limit.ts";
import { normalizeEmail } from "./email.ts";
import { sendVerificationMail, type VerificationMailDeps } from "./email-verification.ts";
import { blankName, emailTaken } from "./errors.ts";
import { signupsPerIp } from "./limits.ts";
import { assertPasswordAllowed } from "./password-rules.ts";
import { hashPassword } from "./passwords.ts";

export interface SignupInput {
  email: string;
  password: string;
  name: string;
  /** From an invitation link: binds its owner as the referrer; an unknown code is ignored. */
  referralCode?: string;
}

export interface PublicUser {
  id: string;
  email: string;
  name: string;
}

/** Counting a sign-up against its network's limit. */
export type CountSignupDeps = Uses<"db" | "clock"> & Settings<"signupLimitPerIpHour">;

/** A sign-up writes the account and its referral, and mails a verification link after the answer when asked to. */
export type SignUpDeps = CountSignupDeps &
  LiveTransactionDeps &
  RaiseDeps &
  ReferralDeps &
  VerificationMailDeps &
  Uses<"background"> &
  Settings<"requireEmailVerification">;

export interface SignupOptions {
  /** The caller's address: a public sign-up counts against SIGNUP_LIMIT_PER_IP_HOUR (an admin's does not). */
  ip?: string;
  /** `admin` when an admin creates another admin (with the same password rules). */
  role?: Role;
  /** Written in the same transaction as the account (the admin's audit row). */
  audit?: (trx: Transaction<Database>, at: Date) => Promise<void>;
}

/**
 * Counts a new account against SIGNUP_LIMIT_PER_IP_HOUR (IPv6: per /64); throws 429 once the network is over it.
 * Shared by sign-up with email and the first sign-in from Telegram.
 */
export async function countSignup(deps: CountSignupDeps, ip: string): Promise<void> {
  if (deps.config.signupLimitPerIpHour <= 0) return;
  const rule = signupsPerIp(deps.config.signupLimitPerIpHour);
  const verdict = await countAttempt(deps.db, rule, addressSubject(ip), deps.clock());
  if (!verdict.allowed) {
    throw rateLimited(
      verdict.retryAfterSeconds,
      "Too many sign-ups from your network. Please try again later.",
    );
  }
}

/** Creates an account (`user` unless told). Login works at once unless email verification is required. */
export async function signUp(
  deps: SignUpDeps,
  input: SignupInput,
  options: SignupOptions = {},
): Promise<PublicUser> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (name === "") throw blankName();
  // Counted before anything is looked up, so scripted sign-ups cannot farm accounts, nor probe which emails
  // have one (EMAIL_TAKEN), faster than the limit allows.
  if (options.ip !== undefined) await countSignup(deps, options.ip);
  assertPasswordAllowed(input.password, email);
  // Cheap early answer; the unique index below is what actually guarantees one account per email.
  if (await findUserByEmail(deps.db, email)) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  const role = options.role ?? "user";
  // Bound once, here: no route changes it later, and a new account cannot be its own referrer.
  const referrerId = input.referralCode ? await findUserIdByReferralCode(deps.db, input.referralCode) : null;
  const user = await transactionWithLiveEvents(deps, async (trx) => {
    const inserted = await insertUser(trx, {
      id: randomUUID(),
      email,
      name,
      password_hash: passwordHash,
      role,
      created_at: now,
      // An admin-made admin account is vouched for by the admin.
      email_verified_at: deps.config.requireEmailVerification && role === "user" ? null : now,
      referred_by: referrerId,
    });
    if (!inserted) throw emailTaken();
    if (referrerId !== null) await bindReferral(deps, trx, { friendId: inserted.id, referrerId, at: now });
    await options.audit?.(trx, now);
    figuresChanged(trx);
    return inserted;
  });

  // The network it came from (docs/fair-play.md): signup-burst when it made too many accounts in 24 hours.
  if (options.ip !== undefined) await noteSignUpNetwork(deps, user.id, options.ip);
  if (deps.config.requireEmailVerification && role === "user") {
    // After the answer: a slow mail server must not slow down or fail the sign-up.
    deps.background.run("email verification mail", () => sendVerificationMail(deps, { id: user.id, email }));
  }
  return { id: user.id, email, name: user.name };
}
