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
import { revokeTelegramSessionsOfUser } from "../../db/repos/sessions.repo.ts";
import { findUserById, linkTelegram, unlinkTelegram } from "../../db/repos/users.repo.ts";
import type { UserRow } from "../../db/schema.ts";
import { AppError, unauthorized } from "../../errors.ts";
import { telegramLinkChangedMail } from "../../mail/templates.ts";
import type { Settings, Uses } from "../deps.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { sessionEnded } from "../live/screen-events.ts";
import { confirmCurrentPassword } from "./reauthenticate.ts";
import { type SessionUser, sessionUserOf } from "./sessions.ts";
import { type TelegramLaunchDeps, verifiedTelegramLaunch } from "./telegram.ts";

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

/** Linking checks the launch and the password, writes, forgets the sessions and mails the owner. */
type LinkDeps = TelegramLaunchDeps &
  LiveTransactionDeps &
  Uses<"sessions" | "background" | "mailer"> &
  Settings<"publicUrl">;

async function accountOf(deps: Uses<"db">, userId: string): Promise<UserRow> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw unauthorized();
  return row;
}

/** How a mail names a Telegram account to its owner. */
const telegramAccountName = (telegram: { username: string | null }) =>
  telegram.username === null ? "without a username" : `@${telegram.username}`;

function mailOwner(
  deps: Uses<"background" | "mailer"> & Settings<"publicUrl">,
  account: UserRow,
  linked: boolean,
  telegram: { username: string | null },
) {
  const email = account.email;
  if (email === null) return;
  const mail = telegramLinkChangedMail(email, {
    linked,
    telegramAccount: telegramAccountName(telegram),
    forgotPasswordLink: `${deps.config.publicUrl}/auth?mode=forgot`,
  });
  // After the answer: the request never waits on a mail server.
  deps.background.run(`telegram ${linked ? "linked" : "unlinked"} mail`, () => deps.mailer.send(mail));
}

export async function linkTelegramAccount(
  deps: LinkDeps,
  userId: string,
  input: { initData: string; password?: string },
): Promise<{ user: SessionUser }> {
  const { user: telegramUser } = verifiedTelegramLaunch(deps, input.initData);
  const account = await accountOf(deps, userId);
  await confirmCurrentPassword(deps, account, input.password);

  if (account.telegram_id === telegramUser.id) return { user: sessionUserOf(account) };
  if (account.telegram_id !== null) throw alreadyLinked();
  const linked = await linkTelegram(deps.db, userId, telegramUser);
  if (linked === "taken") throw telegramTaken();
  if (linked === "linked-already") {
    // A link made a moment ago by another request: the same Telegram user is no conflict.
    const current = await accountOf(deps, userId);
    if (current.telegram_id === telegramUser.id) return { user: sessionUserOf(current) };
    throw alreadyLinked();
  }
  // This instance's remembered sessions carry the account as it was (other instances' expire within 30 s).
  deps.sessions.forgetUser(userId);
  mailOwner(deps, linked, true, telegramUser);
  return { user: sessionUserOf(linked) };
}

export async function unlinkTelegramAccount(
  deps: LinkDeps,
  userId: string,
  input: { password?: string },
): Promise<{ user: SessionUser }> {
  const account = await accountOf(deps, userId);
  if (account.password_hash === null) throw telegramOnly();
  await confirmCurrentPassword(deps, account, input.password);
  if (account.telegram_id === null) return { user: sessionUserOf(account) };

  const unlinked = await transactionWithLiveEvents(deps, async (trx) => {
    const row = await unlinkTelegram(trx, userId);
    if (!row) return null;
    // Whoever signed in through that Telegram user is out, on every instance (their streams end too).
    const families = await revokeTelegramSessionsOfUser(trx, userId, deps.clock());
    for (const familyId of families) sessionEnded(trx, userId, "telegram-unlinked", familyId);
    return row;
  });
  if (!unlinked) return { user: sessionUserOf(await accountOf(deps, userId)) };
  deps.sessions.forgetUser(userId);
  mailOwner(deps, unlinked, false, { username: account.telegram_username });
  return { user: sessionUserOf(unlinked) };
}
