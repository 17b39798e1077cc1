/**
 * The session machine's model (tests/model/auth.paths.test.ts): restore, login, refresh, logout, timers; in a
 * browser, and inside Telegram with the Mini App's initData (docs/decisions/031).
 */
import { authMachine } from "#src/machines/auth/auth.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";

export const NOW = Date.UTC(2026, 10, 22);
export const STORED_SESSION = {
  accessToken: "access",
  refreshToken: "refresh",
  expiresAt: NOW / 1000 + 3600,
  user: { id: "u1", email: "ada@example.com", name: "Ada Lovelace", role: "user" as const },
};
export const TELEGRAM_INIT_DATA = "auth_date=1&user=%7B%22id%22%3A7%7D&hash=00";
const LINKED_USER = { ...STORED_SESSION.user, telegram: { username: "ada" } };
const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.auth.${state}` });
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const INVALID_CREDENTIALS = {
  code: "INVALID_CREDENTIALS",
  message: "Invalid email or password.",
  status: 401,
};
const TELEGRAM_REFUSED = {
  code: "INVALID_INIT_DATA",
  message: "Telegram could not confirm who you are. Close the app and open it again from the bot.",
  status: 401,
};
const NO_NETWORK = { code: "NETWORK_ERROR", message: "offline", status: 0 };
const REVOKED = { code: "UNAUTHORIZED", message: "revoked", status: 401 };
const CORRUPT_STORAGE = new Error("corrupt storage");
const LOGIN_EVENT = { type: "LOGIN", email: "ada@example.com", password: "correct horse" } as const;

/** Every event in every state: the machine must shrug off what the app would never send there. */
export const anyEventAnywhere: ModelOptions<{ now: () => number; telegramInitData?: string | null }> = {
  input: { now: () => NOW },
  fakeActors: [
    "restoreSession",
    "login",
    "telegramSignIn",
    "refreshSession",
    "logout",
    "storagePoller",
    "clearStoredSession",
  ],
  events: [
    LOGIN_EVENT,
    { type: "LOGIN", email: "", password: "" },
    { type: "LOGOUT" },
    { type: "SESSION.LOST" },
    // The /auth page opens (on its login form, or asked to send a signed-in user on), then closes.
    { type: "AUTH_PAGE.OPENED", redirect: "/tap" },
    { type: "AUTH_PAGE.OPENED", mode: "signup" },
    { type: "AUTH_PAGE.CLOSED" },
    { type: "USER.UPDATED", user: LINKED_USER },
    done("restoreSession", STORED_SESSION),
    done("restoreSession", null),
    fail("restoreSession", CORRUPT_STORAGE),
    done("login", STORED_SESSION),
    fail("login", INVALID_CREDENTIALS),
    done("telegramSignIn", STORED_SESSION),
    fail("telegramSignIn", TELEGRAM_REFUSED),
    done("refreshSession", STORED_SESSION),
    fail("refreshSession", NO_NETWORK),
    fail("refreshSession", REVOKED),
    // The storage poller child ends once the stored session is gone (protected.machine.ts has its own model).
    done("storageCheck"),
    done("clearStoredSession"),
    done("logout"),
    fail("logout", NO_NETWORK),
    after("NAVIGATION_DELAY", "signedOut.redirecting"),
    after("NAVIGATION_DELAY", "signedIn.navigation.pending"),
    after("REFRESH_DELAY", "signedIn.session.active"),
    after("REFRESH_RETRY", "signedIn.session.waitingToRetry"),
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      Boolean(snapshot.context.user),
      snapshot.context.error?.code ?? null,
      Boolean(snapshot.context.formError),
      snapshot.context.pendingNavigation,
      snapshot.context.authPage,
      Boolean(snapshot.context.user?.telegram),
    ]),
};

/**
 * The session as a person moves through the app in a browser (docs/decisions/029-model-kit.md): signed out
 * on the landing page or on /auth, signed in on /home. Each state offers what can happen there: the
 * landing page's Login and Get Started, the forms' links and the brand link back, a login on the login form,
 * the account menu's Logout, the server ending the session, the token's refresh and its answers, and what
 * the app then does by itself (its redirects, and opening /auth when a session ended under the person).
 * A Telegram account linked from the account menu (USER.UPDATED) is the telegram-link machine's walk.
 */
export const authSession: typeof anyEventAnywhere = {
  ...anyEventAnywhere,
  events: (snapshot) => {
    const { authPage, error, pendingNavigation } = snapshot.context;
    if (snapshot.matches("restoring"))
      return [
        done("restoreSession", STORED_SESSION),
        done("restoreSession", null),
        fail("restoreSession", CORRUPT_STORAGE),
      ];
    if (snapshot.matches("signingInWithTelegram"))
      return [done("telegramSignIn", STORED_SESSION), fail("telegramSignIn", TELEGRAM_REFUSED)];
    if (snapshot.matches("clearingBrokenSession") || snapshot.matches("clearingExpiredSession"))
      return [done("clearStoredSession")];
    if (snapshot.matches("loggingOut")) return [done("logout"), fail("logout", NO_NETWORK)];
    if (snapshot.matches({ signedOut: "loggingIn" }))
      return [done("login", STORED_SESSION), fail("login", INVALID_CREDENTIALS)];
    if (snapshot.matches({ signedOut: "redirecting" }))
      return [after("NAVIGATION_DELAY", "signedOut.redirecting")];
    if (snapshot.matches({ signedOut: "idle" })) {
      // The session ended under the person: the app opens the login page, to come back to /home.
      if (!authPage && error?.code === "TOKEN_EXPIRED")
        return [{ type: "AUTH_PAGE.OPENED", mode: "login", redirect: "/home" }];
      // The landing page's Login and Get Started (or, just after a logout, the login page the app opened
      // and its Sign Up link).
      if (!authPage)
        return [
          { type: "AUTH_PAGE.OPENED", mode: "login" },
          { type: "AUTH_PAGE.OPENED", mode: "signup" },
        ];
      // The login form (its Sign Up link keeps where to go next), or the sign-up form (its Login link).
      const forms: ModelEvent[] =
        authPage.mode === "login"
          ? [
              { ...LOGIN_EVENT, redirect: authPage.redirect },
              { type: "LOGIN", email: "", password: "", redirect: authPage.redirect },
              { type: "AUTH_PAGE.OPENED", mode: "signup", redirect: authPage.redirect },
            ]
          : [{ type: "AUTH_PAGE.OPENED", mode: "login" }];
      return [...forms, { type: "AUTH_PAGE.CLOSED" }];
    }
    // Signed in on /auth: the app sends the person on, then the page closes.
    if (authPage)
      return pendingNavigation
        ? [after("NAVIGATION_DELAY", "signedIn.navigation.pending")]
        : [{ type: "AUTH_PAGE.CLOSED" }];
    // Signed in on /home.
    const session: ModelEvent[] = snapshot.matches({ signedIn: { session: "active" } })
      ? [after("REFRESH_DELAY", "signedIn.session.active")]
      : snapshot.matches({ signedIn: { session: "refreshing" } })
        ? [
            done("refreshSession", STORED_SESSION),
            fail("refreshSession", NO_NETWORK),
            fail("refreshSession", REVOKED),
          ]
        : [after("REFRESH_RETRY", "signedIn.session.waitingToRetry")];
    return [{ type: "LOGOUT", to: "/auth?mode=login" }, { type: "SESSION.LOST" }, ...session];
  },
};

/** The same model inside Telegram: a restore that finds nothing signs in with the initData. */
export const authInTelegram: typeof authSession = {
  ...anyEventAnywhere,
  input: { now: () => NOW, telegramInitData: TELEGRAM_INIT_DATA },
};

export const authModel = registerModel({
  name: "auth",
  file: "src/machines/auth/auth.machine.ts",
  machine: authMachine,
  suites: [
    { name: "session", options: authSession, paths: "shortest" },
    { name: "in Telegram", options: authInTelegram, paths: "shortest" },
    { name: "any event in any state", options: anyEventAnywhere, paths: "shortest" },
  ],
});
