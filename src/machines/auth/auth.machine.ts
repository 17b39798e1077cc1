/**
 * The auth session (docs/product.md §4): restores from storage on load, signs in and out, refreshes the
 * access token before it expires, and checks every 30 s that another tab has not removed the stored session.
 * Sign-up and password reset do not touch the session: they live in account-forms.machine.ts, spawned as the
 * child `accountForms` while the /auth page is open (AUTH_PAGE.OPENED until AUTH_PAGE.CLOSED, sent by the
 * route). While it is open, a user who is or becomes signed in is sent on to the page's `redirect`.
 *
 * States: restoring → signedOut (idle | loggingIn | redirecting) ⇄ signedIn (parallel: session
 *         [active | refreshing | waitingToRetry], navigation) → loggingOut → signedOut. While signedIn the
 *         30 s storage check runs as an invoked child, the one storage poller of protected.machine.ts; its
 *         end (the stored session is gone) ends the session. Named implementations: auth.setup.ts.
 *         Inside Telegram (docs/decisions/031) a restore that finds nothing stored goes through
 *         signingInWithTelegram instead, with the Mini App's signed initData: no form to fill.
 * Invariants: `user` is set exactly while signedIn; storage is written before signedIn is entered and
 * cleared before signedOut is; USER.UPDATED (the account changed under a dialog, such as Telegram's link in
 * telegram-link.machine.ts) replaces the user, already stored by whoever sends it; navigation leaves the
 * machine only as an emitted `navigate` event ~100 ms after the fact, and toasts only as emitted `toast`
 * events. A closed account (docs/fair-play.md: `session` "banned", 403 ACCOUNT_BANNED) goes to the login
 * page, which says so. All I/O is in the provided actors. A call that answered 401 anywhere (SESSION.UNAUTHORIZED) removes
 * the stored session at once, in any state; the storage checks then end the session as before.
 */
import { assertEvent, spawnChild } from "xstate";
import { authError, TOASTS } from "./auth.messages.ts";
import { authSetup } from "./auth.setup.ts";
import { STORAGE_CHECK_INTERVAL_MS } from "./auth.types.ts";

export type { AuthContext, AuthEmitted, AuthEvent, AuthInput } from "./auth.types.ts";
export {
  NAVIGATION_DELAY_MS,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_MS,
  STORAGE_CHECK_INTERVAL_MS,
} from "./auth.types.ts";

export const authMachine = authSetup.createMachine({
  id: "auth",
  context: ({ input }) => ({
    user: null,
    session: null,
    error: null,
    formError: null,
    pendingNavigation: null,
    authPage: null,
    now: input.now ?? Date.now,
    telegramInitData: input.telegramInitData ?? null,
  }),
  on: {
    "SESSION.UNAUTHORIZED": { actions: spawnChild("clearStoredSession") },
    "AUTH_PAGE.OPENED": { actions: "openAuthPage" },
    "AUTH_PAGE.CLOSED": { actions: "closeAuthPage" },
  },
  initial: "restoring",
  states: {
    restoring: {
      tags: ["loading"],
      invoke: {
        id: "restoreSession",
        src: "restoreSession",
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: "signedIn",
            actions: { type: "setSession", params: ({ event }) => event.output! },
          },
          { guard: "inTelegram", target: "signingInWithTelegram" },
          { target: "signedOut" },
        ],
        onError: [
          { guard: "accountClosed", target: "clearingBrokenSession", actions: "endClosedAccount" },
          {
            target: "clearingBrokenSession",
            actions: { type: "setError", params: authError("SESSION_RESTORE_ERROR") },
          },
        ],
      },
    },
    signingInWithTelegram: {
      tags: ["loading"],
      invoke: {
        id: "telegramSignIn",
        src: "telegramSignIn",
        input: ({ context }) => ({ initData: context.telegramInitData ?? "" }),
        onDone: {
          target: "signedIn",
          actions: { type: "setSession", params: ({ event }) => event.output },
        },
        // The login form stays as the way in (an email account), under the reason Telegram's sign-in failed.
        onError: {
          target: "signedOut",
          actions: {
            type: "showSignInFailure",
            params: ({ event }) => ({ error: event.error, flow: "telegram", title: TOASTS.telegramFailed }),
          },
        },
      },
    },
    clearingBrokenSession: {
      tags: ["loading"],
      invoke: {
        id: "clearStoredSession",
        src: "clearStoredSession",
        onDone: "signedOut",
        onError: "signedOut",
      },
    },
    signedOut: {
      initial: "idle",
      states: {
        idle: {
          on: {
            LOGIN: [
              { guard: "loginInvalid", actions: "setFormError" },
              { target: "loggingIn", actions: ["clearFormError", "rememberRedirect"] },
            ],
          },
        },
        loggingIn: {
          tags: ["busy"],
          invoke: {
            id: "login",
            src: "login",
            input: ({ event }) => {
              assertEvent(event, "LOGIN");
              return { email: event.email.trim(), password: event.password };
            },
            onDone: {
              target: "#auth.signedIn",
              actions: [
                { type: "setSession", params: ({ event }) => event.output },
                { type: "toastSuccess", params: TOASTS.loginSuccess },
              ],
            },
            onError: {
              target: "idle",
              actions: [
                "clearPendingNavigation",
                {
                  type: "showSignInFailure",
                  params: ({ event }) => ({ error: event.error, flow: "login", title: TOASTS.loginFailed }),
                },
              ],
            },
          },
        },
        redirecting: {
          after: {
            NAVIGATION_DELAY: {
              target: "idle",
              actions: ["emitPendingNavigation", "clearPendingNavigation"],
            },
          },
        },
      },
    },
    signedIn: {
      type: "parallel",
      entry: "followAuthPage",
      invoke: {
        id: "storageCheck",
        src: "storagePoller",
        input: { intervalMs: STORAGE_CHECK_INTERVAL_MS },
        onDone: { target: "clearingExpiredSession", actions: "endExpiredSession" },
      },
      on: {
        LOGOUT: {
          target: "loggingOut",
          actions: { type: "navigateTo", params: ({ event }) => event.to ?? "/" },
        },
        "SESSION.LOST": [
          { guard: "accountClosed", target: "clearingExpiredSession", actions: "endClosedAccount" },
          { target: "clearingExpiredSession", actions: "endExpiredSession" },
        ],
        "USER.UPDATED": { actions: "replaceUser" },
        "AUTH_PAGE.OPENED": { actions: ["openAuthPage", "followAuthPage"] },
      },
      states: {
        session: {
          initial: "active",
          states: {
            active: { after: { REFRESH_DELAY: "refreshing" } },
            refreshing: {
              invoke: {
                id: "refreshSession",
                src: "refreshSession",
                input: ({ context }) => ({ refreshToken: context.session?.refreshToken ?? null }),
                onDone: {
                  target: "active",
                  actions: { type: "setSession", params: ({ event }) => event.output },
                },
                onError: [
                  { guard: "isNetworkError", target: "waitingToRetry" },
                  {
                    guard: "accountClosed",
                    target: "#auth.clearingExpiredSession",
                    actions: "endClosedAccount",
                  },
                  { target: "#auth.clearingExpiredSession", actions: "endExpiredSession" },
                ],
              },
            },
            waitingToRetry: { after: { REFRESH_RETRY: "refreshing" } },
          },
        },
        navigation: {
          initial: "idle",
          states: {
            idle: { always: { guard: "hasPendingNavigation", target: "pending" } },
            pending: {
              after: {
                NAVIGATION_DELAY: {
                  target: "idle",
                  actions: ["emitPendingNavigation", "clearPendingNavigation"],
                },
              },
            },
          },
        },
      },
    },
    clearingExpiredSession: {
      invoke: {
        id: "clearStoredSession",
        src: "clearStoredSession",
        onDone: [{ guard: "hasPendingNavigation", target: "signedOut.redirecting" }, { target: "signedOut" }],
        onError: "signedOut",
      },
    },
    loggingOut: {
      tags: ["busy"],
      invoke: {
        id: "logout",
        src: "logout",
        input: ({ context }) => ({ accessToken: context.session?.accessToken ?? null }),
        onDone: { target: "signedOut.redirecting", actions: ["forgetSession", "clearError"] },
        onError: {
          target: "signedOut.redirecting",
          actions: [
            "forgetSession",
            "clearError",
            {
              type: "toastError",
              params: { title: "Error", description: authError("LOGOUT_ERROR").message },
            },
          ],
        },
      },
    },
  },
});
