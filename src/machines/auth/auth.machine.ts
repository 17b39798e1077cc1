/**
 * The auth session (docs/product.md §4): restores from storage on load, signs in and out, refreshes the
 * access token before it expires, and checks every 30 s that another tab has not removed the stored session.
 * Sign-up and password reset do not touch the session: they live in account-forms.machine.ts.
 *
 * States: restoring → signedOut (idle | loggingIn | redirecting) ⇄ signedIn (parallel: session
 *         [active | refreshing | waitingToRetry], storageCheck, navigation) → loggingOut → signedOut.
 *         Inside Telegram (docs/decisions/031) a restore that finds nothing stored goes through
 *         signingInWithTelegram instead, with the Mini App's signed initData: no form to fill.
 * Invariants: `user` is set exactly while signedIn; storage is written before signedIn is entered and
 * cleared before signedOut is; USER.UPDATED (the account changed under a dialog, such as Telegram's link in
 * telegram-link.machine.ts) replaces the user, already stored by whoever sends it; navigation leaves the
 * machine only as an emitted `navigate` event ~100 ms after the fact, and toasts only as emitted `toast`
 * events. All I/O is in the provided actors.
 */
import { assertEvent, assign, emit, fromPromise, setup, spawnChild } from "xstate";
import type { StoredSession, StoredUser } from "#src/api/session-store.ts";
import { apiErrorOf } from "../shared/api-error.ts";
import { notProvided } from "../shared/not-provided.ts";
import { type AuthError, authError, describeAuthError, TOASTS, UNEXPECTED_MESSAGE } from "./auth.messages.ts";
import { type LoginForm, validateLogin } from "./auth.validation.ts";
import type { UserUpdated } from "./telegram-link.machine.ts";

export type AuthEvent =
  | ({ type: "LOGIN"; redirect?: string } & LoginForm)
  | { type: "LOGOUT"; to?: string }
  | { type: "REDIRECT_IF_SIGNED_IN"; to: string }
  | { type: "SESSION.LOST" }
  /** A call answered 401: the stored session is removed (docs/product.md §4); the storage checks see it go. */
  | { type: "SESSION.UNAUTHORIZED" }
  | { type: "FORM.CLEAR" }
  | UserUpdated;

export type AuthEmitted =
  | { type: "toast"; tone: "success" | "error"; title: string; description?: string }
  /** `rememberOrigin`: the effects adapter adds the current page as `redirect`, so login can bring the user back. */
  | { type: "navigate"; href: string; rememberOrigin?: true };

interface PendingNavigation {
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

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    input: {} as AuthInput,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    /** Reads storage and, when the access token has expired, refreshes it. Null when nothing is stored. */
    restoreSession: fromPromise<StoredSession | null>(notProvided("auth machine", "restoreSession")),
    /** Each of these resolves with the stored session (already written) or rejects with an ApiError. */
    login: fromPromise<StoredSession, LoginForm>(notProvided("auth machine", "login")),
    telegramSignIn: fromPromise<StoredSession, { initData: string }>(
      notProvided("auth machine", "telegramSignIn"),
    ),
    refreshSession: fromPromise<StoredSession, { refreshToken: string | null }>(
      notProvided("auth machine", "refreshSession"),
    ),
    /** Clears storage, then revokes the token on the server; rejects when the server could not be told. */
    logout: fromPromise<void, { accessToken: string | null }>(notProvided("auth machine", "logout")),
    /** Synchronous probes of storage, wrapped as actors so tests can swap them. */
    isSessionStored: fromPromise<boolean>(notProvided("auth machine", "isSessionStored")),
    clearStoredSession: fromPromise<void>(notProvided("auth machine", "clearStoredSession")),
  },
  delays: {
    NAVIGATION_DELAY: NAVIGATION_DELAY_MS,
    STORAGE_CHECK_INTERVAL: STORAGE_CHECK_INTERVAL_MS,
    REFRESH_RETRY: REFRESH_RETRY_MS,
    REFRESH_DELAY: ({ context }) => {
      const expiresAt = context.session?.expiresAt;
      if (expiresAt == null) return 2 ** 31 - 1;
      return Math.max(0, expiresAt * 1000 - context.now() - REFRESH_MARGIN_MS);
    },
  },
  guards: {
    loginInvalid: ({ event }) => event.type === "LOGIN" && validateLogin(event) !== null,
    hasPendingNavigation: ({ context }) => context.pendingNavigation !== null,
    inTelegram: ({ context }) => context.telegramInitData !== null,
    isNetworkError: ({ event }) => "error" in event && apiErrorOf(event.error).code === "NETWORK_ERROR",
  },
  actions: {
    setFormError: assign({
      formError: ({ event }) => (event.type === "LOGIN" ? validateLogin(event) : null),
    }),
    clearFormError: assign({ formError: null }),
    rememberRedirect: assign({
      pendingNavigation: ({ event }) => ({
        href: event.type === "LOGIN" && event.redirect ? event.redirect : "/home",
        rememberOrigin: false,
      }),
    }),
    setSession: assign((_, session: StoredSession) => ({ session, user: session.user, error: null })),
    forgetSession: assign({ session: null, user: null }),
    replaceUser: assign(({ context, event }) => {
      assertEvent(event, "USER.UPDATED");
      return { user: event.user, session: context.session && { ...context.session, user: event.user } };
    }),
    setError: assign({ error: (_, error: AuthError) => error }),
    navigateTo: assign({ pendingNavigation: (_, href: string) => ({ href, rememberOrigin: false }) }),
    /** The session ended under the user (expired, revoked, removed in another tab): log in, then come back. */
    endExpiredSession: assign({
      session: null,
      user: null,
      error: authError("TOKEN_EXPIRED"),
      pendingNavigation: { href: "/auth?mode=login", rememberOrigin: true },
    }),
    emitPendingNavigation: emit(({ context }) => ({
      type: "navigate" as const,
      href: context.pendingNavigation?.href ?? "/",
      ...(context.pendingNavigation?.rememberOrigin ? { rememberOrigin: true as const } : {}),
    })),
    clearPendingNavigation: assign({ pendingNavigation: null }),
    toastSuccess: emit((_, title: string) => ({ type: "toast" as const, tone: "success" as const, title })),
    toastError: emit((_, params: { title: string; description: string }) => ({
      type: "toast" as const,
      tone: "error" as const,
      ...params,
    })),
  },
}).createMachine({
  id: "auth",
  context: ({ input }) => ({
    user: null,
    session: null,
    error: null,
    formError: null,
    pendingNavigation: null,
    now: input.now ?? Date.now,
    telegramInitData: input.telegramInitData ?? null,
  }),
  on: { "SESSION.UNAUTHORIZED": { actions: spawnChild("clearStoredSession") } },
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
        onError: {
          target: "clearingBrokenSession",
          actions: { type: "setError", params: authError("SESSION_RESTORE_ERROR") },
        },
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
          actions: [
            assign({
              formError: ({ event }) => describeAuthError(apiErrorOf(event.error), "telegram").message,
            }),
            {
              type: "toastError",
              params: ({ event }) => ({
                title: TOASTS.telegramFailed,
                description:
                  describeAuthError(apiErrorOf(event.error), "telegram").message || UNEXPECTED_MESSAGE,
              }),
            },
          ],
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
      on: { "FORM.CLEAR": { actions: "clearFormError" } },
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
                assign({
                  formError: ({ event }) => describeAuthError(apiErrorOf(event.error), "login").message,
                }),
                {
                  type: "toastError",
                  params: ({ event }) => ({
                    title: TOASTS.loginFailed,
                    description:
                      describeAuthError(apiErrorOf(event.error), "login").message || UNEXPECTED_MESSAGE,
                  }),
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
      on: {
        LOGOUT: {
          target: "loggingOut",
          actions: { type: "navigateTo", params: ({ event }) => event.to ?? "/" },
        },
        "SESSION.LOST": { target: "clearingExpiredSession", actions: "endExpiredSession" },
        "USER.UPDATED": { actions: "replaceUser" },
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
                  { target: "#auth.clearingExpiredSession", actions: "endExpiredSession" },
                ],
              },
            },
            waitingToRetry: { after: { REFRESH_RETRY: "refreshing" } },
          },
        },
        storageCheck: {
          initial: "waiting",
          states: {
            waiting: { after: { STORAGE_CHECK_INTERVAL: "checking" } },
            checking: {
              invoke: {
                id: "isSessionStored",
                src: "isSessionStored",
                onDone: [
                  { guard: ({ event }) => event.output, target: "waiting" },
                  { target: "#auth.clearingExpiredSession", actions: "endExpiredSession" },
                ],
                onError: "waiting",
              },
            },
          },
        },
        navigation: {
          initial: "deciding",
          on: {
            REDIRECT_IF_SIGNED_IN: {
              target: ".pending",
              actions: { type: "navigateTo", params: ({ event }) => event.to },
            },
          },
          states: {
            deciding: { always: [{ guard: "hasPendingNavigation", target: "pending" }, { target: "idle" }] },
            idle: {},
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
        onDone: { target: "signedOut.redirecting", actions: ["forgetSession", assign({ error: null })] },
        onError: {
          target: "signedOut.redirecting",
          actions: [
            "forgetSession",
            assign({ error: null }),
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
