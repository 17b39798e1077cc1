/** What the Link / Unlink Telegram dialog says (docs/decisions/033). */
import type { ApiError } from "#src/api/errors.ts";

export type TelegramLinkChange = "link" | "unlink";

export const TELEGRAM_LINK_MESSAGES = {
  linked: "Telegram is linked: open TapRewards from the bot to play on this account.",
  unlinked: "Telegram is unlinked: it no longer signs in to this account.",
  passwordRequired: "Enter your current password to continue.",
  wrongPassword: "That is not your current password. Try again, or log out and reset it from the login page.",
  network: "Could not reach the server. Check your connection and try again.",
  unexpected: "Something went wrong on our side. Please try again in a moment.",
} as const;

/** The dialog's words for a failure: ours for a wrong password and for no answer, else the server's own. */
export function telegramLinkErrorMessage(error: Pick<ApiError, "code" | "message" | "status">): string {
  if (error.code === "REAUTH_REQUIRED") return TELEGRAM_LINK_MESSAGES.wrongPassword;
  if (error.code === "NETWORK_ERROR" || error.status === 0) return TELEGRAM_LINK_MESSAGES.network;
  if ((error.status ?? 500) >= 500 || !error.message) return TELEGRAM_LINK_MESSAGES.unexpected;
  return error.message;
}
