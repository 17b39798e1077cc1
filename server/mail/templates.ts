/** Texts of the mails the product sends. Plain text: it renders everywhere and carries no tracking. */
import type { MailMessage } from "./mailer.ts";

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    kind: "password_reset",
    to,
    subject: "Reset your TapRewards password",
    link,
    text: [
      "Someone asked to reset the password of your TapRewards account.",
      "",
      `Open this link within 30 minutes to choose a new password:\n${link}`,
      "",
      "A new password also signs out every device and unlinks Telegram from the account.",
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function emailVerificationMail(to: string, link: string): MailMessage {
  return {
    kind: "email_verification",
    to,
    subject: "Confirm your TapRewards email address",
    link,
    text: [
      "Welcome to TapRewards!",
      "",
      `Open this link within 24 hours to confirm your email address:\n${link}`,
      "",
      "If you did not sign up, ignore this mail.",
    ].join("\n"),
  };
}

/**
 * Sent when a Telegram account is linked or unlinked (docs/decisions/033): the owner learns at once, and learns
 * how to take the account back if it was not them.
 */
export function telegramLinkChangedMail(
  to: string,
  change: { linked: boolean; telegramAccount: string; forgotPasswordLink: string },
): MailMessage {
  const { linked, telegramAccount, forgotPasswordLink } = change;
  return {
    kind: linked ? "telegram_linked" : "telegram_unlinked",
    to,
    subject: linked
      ? "Telegram was linked to your TapRewards account"
      : "Telegram was unlinked from your TapRewards account",
    link: forgotPasswordLink,
    text: [
      linked
        ? `The Telegram account ${telegramAccount} can now sign in to your TapRewards account.`
        : `The Telegram account ${telegramAccount} no longer signs in to your TapRewards account.`,
      "",
      "If this was you, there is nothing to do.",
      "",
      "If it was not you, someone knows your password. Choose a new one now: it signs out every device and " +
        `unlinks Telegram:\n${forgotPasswordLink}`,
    ].join("\n"),
  };
}
