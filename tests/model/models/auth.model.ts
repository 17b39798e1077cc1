/**
 * The session machine's model (tests/model/auth.paths.test.ts): restore, login, refresh, logout, timers; in a
 * browser, and inside Telegram with the Mini App's initData (docs/decisions/031).
 */
import { authMachine } from "#src/machines/auth/auth.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";

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

export const authSession: ModelOptions<{ now: () => number; telegramInitData?: string | null }> = {
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
    { type: "LOGIN", email: "ada@example.com", password: "correct horse" },
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
    fail("restoreSession", new Error("corrupt storage")),
    done("login", STORED_SESSION),
    fail("login", { code: "INVALID_CREDENTIALS", message: "Invalid email or password.", status: 401 }),
    done("telegramSignIn", STORED_SESSION),
    fail("telegramSignIn", {
      code: "INVALID_INIT_DATA",
      message: "Telegram could not confirm who you are. Close the app and open it again from the bot.",
      status: 401,
    }),
    done("refreshSession", STORED_SESSION),
    fail("refreshSession", { code: "NETWORK_ERROR", message: "offline", status: 0 }),
    fail("refreshSession", { code: "UNAUTHORIZED", message: "revoked", status: 401 }),
    // The storage poller child ends once the stored session is gone (protected.machine.ts has its own model).
    done("storageCheck"),
    done("clearStoredSession"),
    done("logout"),
    fail("logout", { code: "NETWORK_ERROR", message: "offline", status: 0 }),
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

/** The same model inside Telegram: a restore that finds nothing signs in with the initData. */
export const authInTelegram: typeof authSession = {
  ...authSession,
  input: { now: () => NOW, telegramInitData: TELEGRAM_INIT_DATA },
};

export const authModel = registerModel({
  name: "auth",
  file: "src/machines/auth/auth.machine.ts",
  machine: authMachine,
  suites: [
    { name: "session", options: authSession, paths: "shortest" },
    { name: "in Telegram", options: authInTelegram, paths: "shortest" },
  ],
});
