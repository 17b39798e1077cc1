/**
 * Sign-in from the Telegram Mini App (docs/decisions/031). The Mini App's `initData`, signed by Telegram with
 * the bot token, proves who the Telegram user is: the first sign-in makes an account keyed by the Telegram
 * user id (no email, no password, named from Telegram), later ones sign into it. A `start_param` of
 * `ref_<code>` binds that code's owner as the referrer when the account is made, exactly as a sign-up link.
 * Without TELEGRAM_BOT_TOKEN these routes answer 404 TELEGRAM_DISABLED and nothing else changes. Sign-ins are
 * limited per Telegram user (one signed initData is good for an hour), and names from Telegram obey the rules of
 * typed names (docs/decisions/033). Linking an email account is telegram-link.ts.
 */
import { randomUUID } from "node:crypto";
import { findUserIdByReferralCode } from "../../db/repos/referrals.repo.ts";
import {
  findUserByTelegramId,
  insertTelegramUser,
  recordLogin,
  refreshTelegramUsername,
} from "../../db/repos/users.repo.ts";
import type { UserRow } from "../../db/schema.ts";
import { AppError, rateLimited } from "../../errors.ts";
import type { Settings, Uses } from "../deps.ts";
import { bindReferral, type ReferralDeps } from "../economy/referrals.ts";
import { noteSignInNetwork, noteSignUpNetwork } from "../fair-play/networks.ts";
import type { RaiseDeps } from "../fair-play/raise-signals.ts";
import { refuseIfBanned } from "../fair-play/sign-in-gate.ts";
import {
  figuresChanged,
  type LiveTransactionDeps,
  transactionWithLiveEvents,
} from "../live/live-transaction.ts";
import { countAttempt } from "../rate-limit.ts";
import { cleanDisplayName } from "../users/display-name.ts";
import { TELEGRAM_SIGN_INS_PER_USER } from "./limits.ts";
import { type SessionAnswer, sessionUserOf, startSession } from "./sessions.ts";
import { type CountSignupDeps, countSignup } from "./signup.ts";
import {
  InvalidInitData,
  type TelegramUser,
  type VerifiedInitData,
  verifyInitData,
} from "./telegram-init-data.ts";

const REFERRAL_START_PARAM = /^ref_([A-Za-z0-9_-]{4,32})$/;

const telegramDisabled = () =>
  new AppError("TELEGRAM_DISABLED", "Signing in with Telegram is not turned on for this server.");
const invalidInitData = () =>
  new AppError(
    "INVALID_INIT_DATA",
    "Telegram could not confirm who you are. Close the app and open it again from the bot.",
  );
/** Checking a launch: the bot token and how old a signed launch may be. */
export type TelegramLaunchDeps = Uses<"clock"> & Settings<"telegramBotToken" | "telegramAuthMaxAgeSeconds">;

/** Making or reading the account behind a launch, and its session; a new account notes its network. */
type AccountDeps = CountSignupDeps & LiveTransactionDeps & ReferralDeps & RaiseDeps;

/** Checks `initData` with the configured bot token; every failure is the same 401 (its reason goes to the log). */
export function verifiedTelegramLaunch(deps: TelegramLaunchDeps, initData: string): VerifiedInitData {
  const botToken = deps.config.telegramBotToken;
  if (botToken === null) throw telegramDisabled();
  try {
    return verifyInitData(initData, {
      botToken,
      maxAgeSeconds: deps.config.telegramAuthMaxAgeSeconds,
      now: deps.clock(),
    });
  } catch (err) {
    if (err instanceof InvalidInitData) throw invalidInitData();
    throw err;
  }
}

/** "First Last" as Telegram gives it, held to the rules of a typed name (empty when nothing is left). */
export function nameFromTelegram(user: TelegramUser): string {
  return cleanDisplayName(`${user.firstName} ${user.lastName ?? ""}`);
}

export async function signInWithTelegram(
  deps: TelegramLaunchDeps & AccountDeps,
  initData: string,
  ip: string,
): Promise<SessionAnswer> {
  const { user: telegramUser, startParam } = verifiedTelegramLaunch(deps, initData);
  const verdict = await countAttempt(
    deps.db,
    TELEGRAM_SIGN_INS_PER_USER,
    String(telegramUser.id),
    deps.clock(),
  );
  if (!verdict.allowed) {
    throw rateLimited(
      verdict.retryAfterSeconds,
      "Too many sign-ins from this Telegram account. Please try again later.",
    );
  }
  const known = await findUserByTelegramId(deps.db, telegramUser.id);
  const account = known
    ? known.telegram_username === telegramUser.username
      ? known
      : await refreshTelegramUsername(deps.db, known.id, telegramUser.username)
    : await createTelegramAccount(deps, telegramUser, startParam, ip);

  await refuseIfBanned(deps, account.id);
  const session = await startSession(deps, account.id, "telegram");
  await recordLogin(deps.db, account.id, deps.clock());
  // A new account noted its network as a sign-up (createTelegramAccount); a known one signs in from it.
  if (known) await noteSignInNetwork(deps, account.id, ip);
  return { session, user: sessionUserOf(account) };
}

async function createTelegramAccount(
  deps: AccountDeps,
  telegramUser: TelegramUser,
  startParam: string | null,
  ip: string,
): Promise<UserRow> {
  // The same per-network limit as a sign-up with email: Telegram accounts cost little to make either.
  await countSignup(deps, ip);
  const code = startParam?.match(REFERRAL_START_PARAM)?.[1];
  const referrerId = code ? await findUserIdByReferralCode(deps.db, code) : null;
  const now = deps.clock();
  const created = await transactionWithLiveEvents(deps, async (trx) => {
    const inserted = await insertTelegramUser(trx, {
      id: randomUUID(),
      email: null,
      password_hash: null,
      name: nameFromTelegram(telegramUser),
      role: "user",
      created_at: now,
      email_verified_at: null,
      referred_by: referrerId,
      telegram_id: telegramUser.id,
      telegram_username: telegramUser.username,
    });
    // A concurrent first sign-in of the same Telegram user made the account: nothing more to write here.
    if (!inserted) return null;
    if (referrerId !== null) await bindReferral(deps, trx, { friendId: inserted.id, referrerId, at: now });
    figuresChanged(trx);
    return inserted;
  });
  if (created) {
    await noteSignUpNetwork(deps, created.id, ip);
    return created;
  }
  const winner = await findUserByTelegramId(deps.db, telegramUser.id);
  if (!winner) throw new Error("a Telegram account made concurrently could not be read back");
  return winner;
}
