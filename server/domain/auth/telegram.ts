/**
 * Sign-in from the Telegram Mini App (docs/decisions/031). The Mini App's `initData`, signed by Telegram with
 * the bot token, proves who the Telegram user is: the first sign-in makes an account keyed by the Telegram
 * user id (no email, no password, named from Telegram), later ones sign into it. A `start_param` of
 * `ref_<code>` binds that code's owner as the referrer when the account is made, exactly as a sign-up link.
 * Without TELEGRAM_BOT_TOKEN these routes answer 404 TELEGRAM_DISABLED and nothing else changes.
 */
import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { findUserIdByReferralCode } from "../../db/repos/referrals.repo.ts";
import {
  findUserByTelegramId,
  insertTelegramUser,
  linkTelegram,
  recordLogin,
  refreshTelegramUsername,
} from "../../db/repos/users.repo.ts";
import type { UserRow } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { bindReferral } from "../economy/referrals.ts";
import { figuresChanged, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { type SessionAnswer, type SessionUser, sessionUserOf, startSession } from "./sessions.ts";
import { countSignup } from "./signup.ts";
import {
  InvalidInitData,
  type TelegramUser,
  type VerifiedInitData,
  verifyInitData,
} from "./telegram-init-data.ts";

const NAME_MAX = 100;
const REFERRAL_START_PARAM = /^ref_([A-Za-z0-9_-]{4,32})$/;

const telegramDisabled = () =>
  new AppError(404, "TELEGRAM_DISABLED", "Signing in with Telegram is not turned on for this server.");
const invalidInitData = () =>
  new AppError(
    401,
    "INVALID_INIT_DATA",
    "Telegram could not confirm who you are. Close the app and open it again from the bot.",
  );
const telegramTaken = () =>
  new AppError(
    409,
    "TELEGRAM_TAKEN",
    "This Telegram account already belongs to another TapRewards account. Sign in with Telegram to use it.",
  );

/** Checks `initData` with the configured bot token; every failure is the same 401 (its reason goes to the log). */
function verified(ctx: AppContext, initData: string): VerifiedInitData {
  const botToken = ctx.config.telegramBotToken;
  if (botToken === null) throw telegramDisabled();
  try {
    return verifyInitData(initData, {
      botToken,
      maxAgeSeconds: ctx.config.telegramAuthMaxAgeSeconds,
      now: ctx.clock(),
    });
  } catch (err) {
    if (err instanceof InvalidInitData) throw invalidInitData();
    throw err;
  }
}

/** "First Last" as Telegram gives it, cut to our longest name. */
export function nameFromTelegram(user: TelegramUser): string {
  const name = [user.firstName, user.lastName ?? ""].join(" ").replace(/\s+/g, " ").trim();
  return name.slice(0, NAME_MAX).trim();
}

export async function signInWithTelegram(
  ctx: AppContext,
  initData: string,
  ip: string,
): Promise<SessionAnswer> {
  const { user: telegramUser, startParam } = verified(ctx, initData);
  const known = await findUserByTelegramId(ctx.db, telegramUser.id);
  const account = known
    ? known.telegram_username === telegramUser.username
      ? known
      : await refreshTelegramUsername(ctx.db, known.id, telegramUser.username)
    : await createTelegramAccount(ctx, telegramUser, startParam, ip);

  const session = await startSession(ctx, account.id);
  await recordLogin(ctx.db, account.id, ctx.clock());
  return { session, user: sessionUserOf(account) };
}

async function createTelegramAccount(
  ctx: AppContext,
  telegramUser: TelegramUser,
  startParam: string | null,
  ip: string,
): Promise<UserRow> {
  // The same per-network limit as a sign-up with email: Telegram accounts cost little to make either.
  await countSignup(ctx, ip);
  const code = startParam?.match(REFERRAL_START_PARAM)?.[1];
  const referrerId = code ? await findUserIdByReferralCode(ctx.db, code) : null;
  const now = ctx.clock();
  const created = await transactionWithLiveEvents(ctx, async (trx) => {
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
    if (referrerId !== null) await bindReferral(ctx, trx, { friendId: inserted.id, referrerId, at: now });
    figuresChanged(trx);
    return inserted;
  });
  if (created) return created;
  const winner = await findUserByTelegramId(ctx.db, telegramUser.id);
  if (!winner) throw new Error("a Telegram account made concurrently could not be read back");
  return winner;
}

/** Ties the signed-in account to the Telegram user of `initData` (replacing a Telegram user linked before). */
export async function linkTelegramAccount(
  ctx: AppContext,
  userId: string,
  initData: string,
): Promise<{ user: SessionUser }> {
  const { user: telegramUser } = verified(ctx, initData);
  const linked = await linkTelegram(ctx.db, userId, telegramUser);
  if (!linked) throw telegramTaken();
  // This instance's remembered sessions carry the account as it was (other instances' expire within 30 s).
  ctx.sessions.forgetUser(userId);
  return { user: sessionUserOf(linked) };
}
