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
