/** What screens show of the session, derived from its snapshot (never stored separately). */
import type { SnapshotFrom } from "xstate";
import { accountLabel } from "#contracts/account-label.ts";
import type { authMachine } from "./auth.machine.ts";

export type SessionSnapshot = SnapshotFrom<typeof authMachine>;

export type SessionStatus = "loading" | "signedIn" | "signedOut";

/** Codes after which the protected wrapper sends the user to /auth instead of showing its banner. */
const REDIRECT_CODES = new Set(["SESSION_RESTORE_ERROR", "TOKEN_EXPIRED"]);

export function toSessionView(snapshot: SessionSnapshot) {
  const status: SessionStatus = snapshot.hasTag("loading")
    ? "loading"
    : snapshot.matches("signedIn") || snapshot.matches("loggingOut")
      ? "signedIn"
      : "signedOut";
  return {
    status,
    user: snapshot.context.user,
    loggingIn: snapshot.matches({ signedOut: "loggingIn" }),
    loggingOut: snapshot.matches("loggingOut"),
    // A closed account's words stay on the login form until the next try (docs/fair-play.md).
    formError:
      snapshot.context.formError ??
      (snapshot.context.error?.code === "ACCOUNT_BANNED" ? snapshot.context.error.message : null),
    error: snapshot.context.error,
    telegramMenu: telegramMenuOf(snapshot.context.user, snapshot.context.telegramInitData !== null),
  };
}

/** Which Telegram change the account menu offers (docs/decisions/033). */
export interface TelegramMenu {
  /** Inside Telegram, to an account not linked yet. */
  link: boolean;
  /** To a linked account that has a password to confirm it with (one made from Telegram has no other way in). */
  unlink: boolean;
}

export function telegramMenuOf(user: SessionSnapshot["context"]["user"], inTelegram: boolean): TelegramMenu {
  return {
    link: user !== null && inTelegram && !user.telegram,
    unlink: user !== null && Boolean(user.telegram) && user.email !== null,
  };
}

/** How the account menu names the signed-in account (its email, or its Telegram name). */
export function accountNameOf(user: SessionSnapshot["context"]["user"]): string | undefined {
  return user ? accountLabel({ ...user, telegramUsername: user.telegram?.username }) : undefined;
}

export type ProtectedView =
  | { kind: "loading" }
  | { kind: "redirect" }
  | { kind: "leaving" }
  | { kind: "ready"; sessionErrorBanner: boolean };

/**
 * docs/product.md §4: spinner while loading; an expiry-type error → /auth remembering the page; any other
 * error → red banner. The session machine performs every navigation away (after an expiry it asks for /auth
 * with the current page as origin), so the wrapper only shows a spinner meanwhile and never races it. A
 * visitor who arrives without a session is redirected by the layout's beforeLoad before anything renders.
 */
export function toProtectedView(snapshot: SessionSnapshot): ProtectedView {
  const { status, user, error } = toSessionView(snapshot);
  if (status === "loading") return { kind: "loading" };
  if (error && REDIRECT_CODES.has(error.code)) return { kind: "redirect" };
  if (!user) return { kind: "leaving" };
  return { kind: "ready", sessionErrorBanner: error !== null };
}

/** Whether a route guard should send the visitor to log in (nothing stored, or the session could not start). */
export const needsLogin = (snapshot: SessionSnapshot) => toSessionView(snapshot).user === null;

/** Initials for the header's account button: first letters of the first two words of the name, else email. */
export function initialsOf(user: { name?: string; email: string | null } | null): string {
  if (!user) return "?";
  const words = (user.name ?? "").trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0]) : [user.email?.[0] ?? "?"];
  return letters.join("").toUpperCase();
}
