/**
 * Linking and unlinking the Telegram user of an email account (docs/decisions/033). A link is a way into the
 * account, so changing it is treated like changing the password:
 * - it asks for the current password (reauthenticate.ts), so a stolen session alone cannot add the thief's
 *   Telegram;
 * - it mails the owner, who learns at once and is told how to take the account back;
 * - it never replaces a link silently: another Telegram user is 409 TELEGRAM_ALREADY_LINKED until unlinked;
 * - unlinking ends the sessions Telegram started; a password reset unlinks too (password-reset.ts).
 * An account made from Telegram has no other way in, so it cannot be unlinked.
 */
import type { AppContext } from "../../context.ts";
import { revokeTelegramSessionsOfUser } from "../../db/repos/sessions.repo.ts";
import { findUserById, linkTelegram, unlinkTelegram } from "../../db/repos/users.repo.ts";
import type { UserRow } from "../../db/schema.ts";
import { AppError, unauthorized } from "../../errors.ts";
import { telegramLinkChangedMail } from "../../mail/templates.ts";
import { transactionWithLiveEvents } from "../live/live-transaction.ts";
import { sessionEnded } from "../live/screen-events.ts";
import { confirmCurrentPassword } from "./reauthenticate.ts";
import { type SessionUser, sessionUserOf } from "./sessions.ts";
import { verifiedTelegramLaunch } from "./telegram.ts";

const telegramTaken = () =>
  new AppError(
    "TELEGRAM_TAKEN",
    "This Telegram account already belongs to another TapRewards account. Sign in with Telegram to use it.",
  );
const alreadyLinked = () =>
  new AppError(
    "TELEGRAM_ALREADY_LINKED",
    "Another Telegram account is linked to this account. Unlink it first, then link this one.",
  );
const telegramOnly = () =>
  new AppError(
    "TELEGRAM_ONLY_ACCOUNT",
    "This account signs in only with Telegram, so it cannot be unlinked: it would have no way in.",
  );

async function accountOf(ctx: AppContext, userId: string): Promise<UserRow> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw unauthorized();
  return row;
}

/** How a mail names a Telegram account to its owner. */
const telegramAccountName = (telegram: { username: string | null }) =>
  telegram.username === null ? "without a username" : `@${telegram.username}`;

function mailOwner(
  ctx: AppContext,
  account: UserRow,
  linked: boolean,
  telegram: { username: string | null },
) {
  const email = account.email;
  if (email === null) return;
  const mail = telegramLinkChangedMail(email, {
    linked,
    telegramAccount: telegramAccountName(telegram),
    forgotPasswordLink: `${ctx.config.publicUrl}/auth?mode=forgot`,
  });
  // After the answer: the request never waits on a mail server.
  ctx.background.run(`telegram ${linked ? "linked" : "unlinked"} mail`, () => ctx.mailer.send(mail));
}

export async function linkTelegramAccount(
  ctx: AppContext,
  userId: string,
  input: { initData: string; password?: string },
): Promise<{ user: SessionUser }> {
  const { user: telegramUser } = verifiedTelegramLaunch(ctx, input.initData);
  const account = await accountOf(ctx, userId);
  await confirmCurrentPassword(ctx, account, input.password);

  if (account.telegram_id === telegramUser.id) return { user: sessionUserOf(account) };
  if (account.telegram_id !== null) throw alreadyLinked();
  const linked = await linkTelegram(ctx.db, userId, telegramUser);
  if (linked === "taken") throw telegramTaken();
  if (linked === "linked-already") {
    // A link made a moment ago by another request: the same Telegram user is no conflict.
    const current = await accountOf(ctx, userId);
    if (current.telegram_id === telegramUser.id) return { user: sessionUserOf(current) };
    throw alreadyLinked();
  }
  // This instance's remembered sessions carry the account as it was (other instances' expire within 30 s).
  ctx.sessions.forgetUser(userId);
  mailOwner(ctx, linked, true, telegramUser);
  return { user: sessionUserOf(linked) };
}

export async function unlinkTelegramAccount(
  ctx: AppContext,
  userId: string,
  input: { password?: string },
): Promise<{ user: SessionUser }> {
  const account = await accountOf(ctx, userId);
  if (account.password_hash === null) throw telegramOnly();
  await confirmCurrentPassword(ctx, account, input.password);
  if (account.telegram_id === null) return { user: sessionUserOf(account) };

  const unlinked = await transactionWithLiveEvents(ctx, async (trx) => {
    const row = await unlinkTelegram(trx, userId);
    if (!row) return null;
    // Whoever signed in through that Telegram user is out, on every instance (their streams end too).
    const families = await revokeTelegramSessionsOfUser(trx, userId, ctx.clock());
    for (const familyId of families) sessionEnded(trx, userId, "telegram-unlinked", familyId);
    return row;
  });
  if (!unlinked) return { user: sessionUserOf(await accountOf(ctx, userId)) };
  ctx.sessions.forgetUser(userId);
  mailOwner(ctx, unlinked, false, { username: account.telegram_username });
  return { user: sessionUserOf(unlinked) };
}
