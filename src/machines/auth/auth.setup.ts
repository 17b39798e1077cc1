/**
 * The session actor's named implementations (docs/style.md: `setup()` names every actor, action, guard and
 * delay; the chart in auth.machine.ts refers to them by name, and tests swap them with `.provide()`).
 */
import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import type { StoredSession } from "#src/api/session-store.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { accountFormsMachine } from "./account-forms.machine.ts";
import { type AuthError, authError, describeAuthError, UNEXPECTED_MESSAGE } from "./auth.messages.ts";
import {
  type AuthContext,
  type AuthEmitted,
  type AuthEvent,
  type AuthInput,
  NAVIGATION_DELAY_MS,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_MS,
} from "./auth.types.ts";
import { type LoginForm, validateLogin } from "./auth.validation.ts";
import { protectedMachine } from "./protected.machine.ts";

export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    input: {} as AuthInput,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
    children: {} as { accountForms: "accountForms" },
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
    /** The 30 s storage check: the one storage poller (protected.machine.ts), run as a child. */
    storagePoller: protectedMachine,
    /** Synchronous storage, wrapped as an actor so tests can swap it. */
    clearStoredSession: fromPromise<void>(notProvided("auth machine", "clearStoredSession")),
    /** The /auth page's other forms, spawned while the page is open (account-forms.machine.ts). */
    accountForms: accountFormsMachine,
  },
  delays: {
    NAVIGATION_DELAY: NAVIGATION_DELAY_MS,
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
    /** The account was closed (docs/fair-play.md): a `session` event "banned", or a 403 ACCOUNT_BANNED. */
    accountClosed: ({ event }) =>
      event.type === "SESSION.LOST"
        ? event.reason === "banned"
        : "error" in event && apiErrorOf(event.error).code === "ACCOUNT_BANNED",
  },
  actions: {
    setFormError: assign({
      formError: ({ event }) => (event.type === "LOGIN" ? validateLogin(event) : null),
    }),
    /** A new try at logging in: the form's message, and the closed account's, make way for its outcome. */
    clearFormError: assign({
      formError: null,
      error: ({ context }) => (context.error?.code === "ACCOUNT_BANNED" ? null : context.error),
    }),
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
    clearError: assign({ error: null }),
    navigateTo: assign({ pendingNavigation: (_, href: string) => ({ href, rememberOrigin: false }) }),
    /** The session ended under the user (expired, revoked, removed in another tab): log in, then come back. */
    endExpiredSession: assign({
      session: null,
      user: null,
      error: authError("TOKEN_EXPIRED"),
      pendingNavigation: { href: "/auth?mode=login", rememberOrigin: true },
    }),
    /** The account was closed: signed out, and the login page says so (auth.view.ts); no page to come back to. */
    endClosedAccount: assign({
      session: null,
      user: null,
      error: authError("ACCOUNT_BANNED"),
      pendingNavigation: { href: "/auth?mode=login", rememberOrigin: false },
    }),
    emitPendingNavigation: emit(({ context }) => ({
      type: "navigate" as const,
      href: context.pendingNavigation?.href ?? "/",
      ...(context.pendingNavigation?.rememberOrigin ? { rememberOrigin: true as const } : {}),
    })),
    clearPendingNavigation: assign({ pendingNavigation: null }),
    /**
     * The /auth page opened or its search changed. A message from one form does not follow the user to
     * another, so each switch of form (and the page's opening) clears both machines' form errors; the
     * verification mail's link confirms the address as soon as it is opened (docs/product.md §2).
     */
    openAuthPage: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "AUTH_PAGE.OPENED");
      const mode = event.mode ?? "login";
      if (context.authPage === null) enqueue.spawnChild("accountForms", { id: "accountForms" });
      if (context.authPage?.mode !== mode) {
        enqueue.assign({ formError: null });
        if (context.authPage !== null) enqueue.sendTo("accountForms", { type: "FORM.CLEAR" });
        if (mode === "verify") enqueue.sendTo("accountForms", { type: "VERIFY", token: event.token ?? "" });
      }
      enqueue.assign({ authPage: { mode, redirect: event.redirect ?? "/home" } });
    }),
    closeAuthPage: enqueueActions(({ enqueue }) => {
      enqueue.stopChild("accountForms");
      enqueue.assign({ authPage: null });
    }),
    /**
     * docs/product.md §2: a user who is signed in on the /auth page (already, or by Telegram's sign-in while
     * it is open) is sent on to where they came from, unless a navigation is already asked for (a login's).
     */
    followAuthPage: assign({
      pendingNavigation: ({ context }) =>
        context.pendingNavigation ??
        (context.authPage ? { href: context.authPage.redirect, rememberOrigin: false } : null),
    }),
    toastSuccess: emit((_, title: string) => ({ type: "toast" as const, tone: "success" as const, title })),
    toastError: emit((_, params: { title: string; description: string }) => ({
      type: "toast" as const,
      tone: "error" as const,
      ...params,
    })),
    /** A sign-in refused: the form shows why, and a toast titled `title` repeats it. */
    showSignInFailure: enqueueActions(
      (
        { enqueue },
        { error, flow, title }: { error: unknown; flow: "login" | "telegram"; title: string },
      ) => {
        const { message } = describeAuthError(apiErrorOf(error), flow);
        enqueue.assign({ formError: message });
        enqueue.emit({ type: "toast", tone: "error", title, description: message || UNEXPECTED_MESSAGE });
      },
    ),
  },
});
