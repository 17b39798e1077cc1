/**
 * The real implementations of the auth machines' actors: calls through the shared API client and the
 * localStorage session store. Tests provide their own instead (`machine.provide({ actors })`).
 */
import { fromPromise } from "xstate";
import type { AuthApi, LoginAnswer } from "#src/api/auth.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { SessionStore, StoredSession, StoredUser } from "#src/api/session-store.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { unwrap } from "#src/machines/shared/unwrap.ts";
import { authError } from "./auth.messages.ts";
import type { ChangeLinkInput } from "./telegram-link.machine.ts";

/** Seconds of slack: a token this close to expiry is refreshed at restore instead of used. */
const EXPIRY_SLACK_S = 5;

/**
 * docs/product.md §5: a login answer counts only with a session holding an access token and a user with an
 * id.
 */
function checkLoginAnswer(answer: LoginAnswer | null): LoginAnswer {
  if (!answer) throw authError("NO_DATA_ERROR");
  if (!answer.session?.access_token || !answer.user?.id) throw authError("INVALID_LOGIN_RESPONSE");
  return answer;
}

function persist(store: SessionStore, answer: LoginAnswer): StoredSession {
  try {
    return store.write(answer);
  } catch {
    throw authError("STORAGE_ERROR");
  }
}

/** Runs `task` while holding the named lock, shared by every tab of this origin (Web Locks). */
export type WithLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

/** Where Web Locks are missing (old browsers, jsdom) tabs may race; the server's reuse grace covers that. */
export const withoutLock: WithLock = (_name, task) => task();

export const REFRESH_LOCK = "taprewards-refresh";

export function createAuthActors(deps: {
  auth: AuthApi;
  store: SessionStore;
  now: () => number;
  withLock?: WithLock;
}) {
  const { auth, store, now } = deps;
  const withLock = deps.withLock ?? withoutLock;

  // One refresh at a time across the tabs: a tab that waited for the lock finds the session another tab has
  // just renewed in storage and takes it, instead of presenting the refresh token that tab already spent.
  const refresh = (refreshToken: string | null): Promise<StoredSession> =>
    withLock(REFRESH_LOCK, async () => {
      if (!refreshToken) throw authError("TOKEN_EXPIRED") satisfies ApiError;
      const stored = store.read();
      if (stored?.refreshToken && stored.refreshToken !== refreshToken && !expiresSoon(stored)) return stored;
      return persist(store, checkLoginAnswer(unwrap(await auth.refresh({ refresh_token: refreshToken }))));
    });
  const expiresSoon = (session: StoredSession) =>
    session.expiresAt !== null && session.expiresAt - EXPIRY_SLACK_S <= now() / 1000;

  return {
    restoreSession: fromPromise<StoredSession | null>(async () => {
      const stored = store.read();
      if (!stored) return null;
      if (!expiresSoon(stored)) return stored;
      try {
        return await refresh(stored.refreshToken);
      } catch (error) {
        // Offline at load: keep the stored session; the signed-in state retries the refresh.
        if (apiErrorOf(error).code === "NETWORK_ERROR") return stored;
        throw error;
      }
    }),
    login: fromPromise<StoredSession, { email: string; password: string }>(async ({ input }) =>
      persist(store, checkLoginAnswer(unwrap(await auth.login(input)))),
    ),
    refreshSession: fromPromise<StoredSession, { refreshToken: string | null }>(({ input }) =>
      refresh(input.refreshToken),
    ),
    logout: fromPromise<void, { accessToken: string | null }>(async ({ input }) => {
      store.clear();
      if (!input.accessToken) return;
      const { error } = await auth.logout(input.accessToken);
      // A 401 means the token was already dead: the goal of logging out is met.
      if (error && error.status !== 401) throw error;
    }),
    telegramSignIn: fromPromise<StoredSession, { initData: string }>(async ({ input }) =>
      persist(store, checkLoginAnswer(unwrap(await auth.telegram(input)))),
    ),
    /** Links or unlinks Telegram and keeps the stored user in step; answers the account as it is now. */
    changeTelegramLink: fromPromise<StoredUser, ChangeLinkInput>(async ({ input }) => {
      const { user } =
        input.change === "link"
          ? unwrap(await auth.linkTelegram({ initData: input.initData, password: input.password }))
          : unwrap(await auth.unlinkTelegram({ password: input.password }));
      const stored = store.read();
      // The answer is the whole account: a link it no longer names is gone (unlinked).
      const { telegram: _before, ...kept } = stored?.user ?? user;
      const updated: StoredUser = { ...kept, ...user };
      if (stored) store.updateUser(updated);
      return updated;
    }),
    isSessionStored: fromPromise<boolean>(async () => store.isPresent()),
    clearStoredSession: fromPromise<void>(async () => store.clear()),
    signup: fromPromise<void, { name: string; email: string; password: string; referralCode?: string }>(
      async ({ input }) => {
        const answer = unwrap(await auth.signup(input));
        // docs/product.md §5: sign-up succeeded only if the answer says success: true.
        if (answer?.success !== true) throw authError("NO_DATA_ERROR");
      },
    ),
    forgotPassword: fromPromise<void, { email: string }>(async ({ input }) => {
      unwrap(await auth.forgotPassword(input));
    }),
    resetPassword: fromPromise<void, { token: string; password: string }>(async ({ input }) => {
      unwrap(await auth.resetPassword(input));
    }),
    verifyEmail: fromPromise<void, { token: string }>(async ({ input }) => {
      unwrap(await auth.verifyEmail(input));
    }),
  };
}
