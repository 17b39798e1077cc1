/**
 * Login. An unknown email and a wrong password answer the same status, body and (because both verify an
 * argon2 hash) time. Attempts are counted before the password is checked, so parallel guesses cannot slip
 * past a limit; a successful attempt is given back. Which counters apply depends on where the attempt comes
 * from (limits.ts): from an address the account signed in from before, only that pair's own failures count.
 */
import { createHash } from "node:crypto";
import { isKnownLoginSource, rememberLoginSource } from "../../db/repos/login-sources.repo.ts";
import { findUserByEmail, recordLogin } from "../../db/repos/users.repo.ts";
import { rateLimited } from "../../errors.ts";
import { addressSubject } from "../client-address.ts";
import type { Settings, Uses } from "../deps.ts";
import { noteSignInNetwork } from "../fair-play/networks.ts";
import { refuseIfBanned } from "../fair-play/sign-in-gate.ts";
import { countAttempt, delayNextAttempt, forgiveAttempt, type LimitRule } from "../rate-limit.ts";
import { normalizeEmail } from "./email.ts";
import { emailNotVerified, invalidCredentials } from "./errors.ts";
import {
  delayAfterFailures,
  FAILED_LOGINS_PER_ACCOUNT,
  FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS,
  FAILED_LOGINS_PER_IP,
  KNOWN_SOURCE_DAYS,
} from "./limits.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import { type SessionAnswer, sessionUserOf, startSession } from "./sessions.ts";

export interface LoginInput {
  email: string;
  password: string;
}

const TOO_MANY = "Too many failed sign-in attempts. Please try again later.";
// Looked up for unknown emails too, so both take the same queries.
const NOBODY = "00000000-0000-0000-0000-000000000000";

const sourceHashOf = (address: string) => createHash("sha256").update(address).digest("hex");

export async function logIn(
  deps: Uses<"db" | "clock"> & Settings<"requireEmailVerification">,
  input: LoginInput,
  ip: string,
): Promise<SessionAnswer> {
  const email = normalizeEmail(input.email);
  const address = addressSubject(ip);
  const pair = `${email}|${address}`;
  const now = deps.clock();
  const user = await findUserByEmail(deps.db, email);
  const since = new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000);
  const ownersPlace = await isKnownLoginSource(deps.db, user?.id ?? NOBODY, sourceHashOf(address), since);

  // The address first: once it is refused, nothing else is written for it.
  const counted: [LimitRule, string][] = ownersPlace
    ? [[FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS, pair]]
    : [
        [FAILED_LOGINS_PER_IP, address],
        [FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS, pair],
        [FAILED_LOGINS_PER_ACCOUNT, email],
      ];
  let pairAttempts = 0;
  for (const [rule, subject] of counted) {
    const verdict = await countAttempt(deps.db, rule, subject, now);
    if (!verdict.allowed) throw rateLimited(verdict.retryAfterSeconds, TOO_MANY);
    if (rule === FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS) pairAttempts = verdict.attempts;
  }

  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk) {
    const delay = delayAfterFailures(pairAttempts);
    if (delay > 0) await delayNextAttempt(deps.db, FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS, pair, now, delay);
    throw invalidCredentials();
  }

  for (const [rule, subject] of counted) await forgiveAttempt(deps.db, rule, subject, now);
  if (user.email_verified_at === null && deps.config.requireEmailVerification) throw emailNotVerified();
  // Only once the password is right: a closed account's state is not told to whoever types its email.
  await refuseIfBanned(deps, user.id);

  const loginAt = deps.clock();
  const session = await startSession(deps, user.id, "password");
  await recordLogin(deps.db, user.id, loginAt);
  await rememberLoginSource(deps.db, user.id, sourceHashOf(address), loginAt);
  await noteSignInNetwork(deps, user.id, ip);
  return { session, user: sessionUserOf(user) };
}
