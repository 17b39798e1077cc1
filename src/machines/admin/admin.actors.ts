/**
 * Real actors of the admin back office over the shared client. A 401 on any admin call tells the admin
 * session it is gone (spec §4: any 401 removes the stored session), which sends the admin back to /admin.
 */
import { fromPromise } from "xstate";
import type { AdminApi, ListQuery } from "#src/api/admin.ts";
import type { AdminSessionStore, AdminUser } from "#src/api/admin-session-store.ts";
import type { ApiResult } from "#src/api/errors.ts";

export interface AdminActorDeps {
  api: AdminApi;
  store: AdminSessionStore;
  /** Tells the admin session actor it was lost (set once the actor exists). */
  sessionLost: () => void;
}

export function createAdminActors(deps: AdminActorDeps) {
  const { api, store } = deps;
  const unwrap = <T>(result: ApiResult<T>): T => {
    if (!result.error) return result.data;
    // Spec §8: an admin call that fails is logged; the toast shows the page's own words, not the server's.
    console.error("[admin]", result.error.code, result.error.message);
    if (result.error.status === 401) deps.sessionLost();
    throw result.error;
  };

  return {
    /** A stored admin session counts only if the server still says this token is an admin's. */
    restore: fromPromise<AdminUser | null>(async () => {
      const stored = store.read();
      if (!stored) return null;
      const me = await api.me();
      if (me.error) {
        if (me.error.status === 401 || me.error.status === 403) store.clear();
        return null;
      }
      if (me.data.user.role !== "admin") {
        store.clear();
        return null;
      }
      return stored.user;
    }),
    login: fromPromise<AdminUser, { email: string; password: string }>(async ({ input }) => {
      const answer = await api.login(input);
      if (answer.error) {
        console.error("[admin] login failed:", answer.error.code);
        throw answer.error;
      }
      const { session, user } = answer.data;
      if (user.role !== "admin") {
        // Signed in, but not an admin: end that session at once rather than leave a token lying around.
        await api.logout(session.access_token);
        throw { code: "NOT_ADMIN", message: "not an admin" };
      }
      const adminUser: AdminUser = { id: user.id, email: user.email, name: user.name, role: "admin" };
      store.write({
        accessToken: session.access_token,
        refreshToken: session.refresh_token,
        expiresAt: session.expires_at,
        user: adminUser,
      });
      return adminUser;
    }),
    logout: fromPromise<void>(async () => {
      const stored = store.read();
      store.clear();
      if (stored) await api.logout(stored.accessToken);
    }),
    /** The guard's check on every /admin/* route: the server confirms the role. */
    confirmRole: async (): Promise<boolean> => {
      if (!store.read()) return false;
      const me = await api.me();
      if (!me.error && me.data.user.role === "admin") return true;
      if (
        me.error?.status === 401 ||
        me.error?.status === 403 ||
        (!me.error && me.data.user.role !== "admin")
      ) {
        store.clear();
        deps.sessionLost();
        return false;
      }
      // The server could not be asked (offline): let the page load and show its own error.
      return true;
    },
    dashboard: fromPromise(async ({ input }: { input: ListQuery }) => {
      const [metrics, users] = await Promise.all([api.metrics(), api.users(input)]);
      return { metrics: unwrap(metrics), users: unwrap(users) };
    }),
    funds: fromPromise(async ({ input }: { input: { tx?: string; fw?: string } }) => {
      const [pool, wallets, transactions] = await Promise.all([
        api.poolBalance(),
        api.fundedWallets({ cursor: input.fw }),
        api.transactions({ cursor: input.tx }),
      ]);
      return { pool: unwrap(pool), wallets: unwrap(wallets), transactions: unwrap(transactions) };
    }),
    /** Flat input (the page machine's query): `f…` for the funded list, `u…` for the other one. */
    userManagement: fromPromise(async ({ input }: { input: Record<string, string | undefined> }) => {
      const [stats, funded, unfunded] = await Promise.all([
        api.multiplierStats(),
        api.fundedUsers({ q: input.fq, sort: input.fsort, cursor: input.fcursor }),
        api.unfundedUsers({ q: input.uq, sort: input.usort, cursor: input.ucursor }),
      ]);
      return { stats: unwrap(stats), funded: unwrap(funded), unfunded: unwrap(unfunded) };
    }),
    auditLog: fromPromise(async ({ input }: { input: ListQuery }) => unwrap(await api.auditLog(input))),
    unwrap,
  };
}

export type AdminActors = ReturnType<typeof createAdminActors>;
