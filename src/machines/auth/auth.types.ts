/** The session actor's events, emitted events, context and timings (auth.machine.ts). */
import type { StoredSession, StoredUser } from "#src/api/session-store.ts";
import type { Toast } from "#src/machines/shared/toast.ts";
import type { AuthError } from "./auth.messages.ts";
import type { LoginForm } from "./auth.validation.ts";
import type { UserUpdated } from "./telegram-link.machine.ts";

export type AuthEvent =
  | ({ type: "LOGIN"; redirect?: string } & LoginForm)
  | { type: "LOGOUT"; to?: string }
  /**
   * The /auth page opened, or its URL search changed while it stays open (the route's onEnter and onStay);
   * CLOSED when the user leaves it (onLeave). See auth-page.ts.
   */
  | ({ type: "AUTH_PAGE.OPENED" } & AuthPageSearch)
  | { type: "AUTH_PAGE.CLOSED" }
  /** The server ended this session (a `session` event); `reason` "banned": the account was closed. */
  | { type: "SESSION.LOST"; reason?: string }
  /** A call answered 401: the stored session is removed (docs/product.md §4); the storage checks see it go. */
  | { type: "SESSION.UNAUTHORIZED" }
  | UserUpdated;

export type AuthEmitted =
  | Toast
  /** `rememberOrigin`: the effects adapter adds the current page as `redirect`, so login can bring the user back. */
  | { type: "navigate"; href: string; rememberOrigin?: true };

/** The /auth page's forms (the page's URL names one; login when it names none). */
export type AuthPageMode = "login" | "signup" | "forgot" | "reset" | "verify";

/** What the session reads of the /auth page's URL search: the form, the mail link's token, where to go next. */
export interface AuthPageSearch {
  mode?: AuthPageMode;
  token?: string;
  redirect?: string;
}

export interface PendingNavigation {
  href: string;
  rememberOrigin: boolean;
}

export interface AuthContext {
  user: StoredUser | null;
  session: StoredSession | null;
  /** Why the session ended or could not start; the protected wrapper reads its code. */
  error: AuthError | null;
  /** The message a form shows under its fields. */
  formError: string | null;
  pendingNavigation: PendingNavigation | null;
  /** While the /auth page is open: its form, and where a signed-in user goes from it; else null. */
  authPage: { mode: AuthPageMode; redirect: string } | null;
  now: () => number;
  /** The Telegram Mini App's signed initData when the app runs inside Telegram, else null. */
  telegramInitData: string | null;
}

export interface AuthInput {
  now?: () => number;
  telegramInitData?: string | null;
}

export const NAVIGATION_DELAY_MS = 100;
export const STORAGE_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_MARGIN_MS = 60_000;
export const REFRESH_RETRY_MS = 30_000;
