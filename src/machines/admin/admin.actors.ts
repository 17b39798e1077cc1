/**
 * The real actors of the back office over the shared client: the admin session's, each page's load and each
 * form's submit. Tests provide their own instead (`machine.provide({ actors })`). A 401 on any admin call
 * tells the admin session it is gone (docs/product.md §4: any 401 removes the stored session), which sends the
 * admin back to /admin.
 */

import { fromPromise } from "xstate";
import { accountLabel } from "#contracts/account-label.ts";
import { RISK_ACTIONS } from "#contracts/fair-play-rules.ts";
import type { AdminApi, ListQuery } from "#src/api/admin.ts";
import type { AdminSessionStore, AdminUser } from "#src/api/admin-session-store.ts";
import type { ApiResult } from "#src/api/errors.ts";
import { unwrap } from "#src/machines/shared/unwrap.ts";
import { type AdminFormName, isSubmitOf, type SubmitInput, type SubmitInputOf } from "./admin.forms.ts";
import {
  adminCreated,
  multiplierUpdated,
  riskActionDone,
  walletFunded,
  withdrawalApproved,
  withdrawalInitiated,
  withdrawalRejected,
} from "./admin.messages.ts";
import type {
  AuditData,
  DashboardData,
  EconomyData,
  EconomySearch,
  FairPlayData,
  FairPlayQuery,
  FormSuccess,
  FundsData,
  FundsQuery,
  RiskAccountData,
  RoleCheck,
  UsersData,
  UsersQuery,
} from "./admin.types.ts";

export interface AdminActorDeps {
  api: AdminApi;
  store: AdminSessionStore;
  /** Reports a 401 (the runtime tells the root actor, which tells the admin session). */
  sessionLost: () => void;
}

/** Amounts are parsed as decimals with no other client check (docs/product.md §5): the server refuses the rest. */
const decimal = (text: string) => Number.parseFloat(text);

export function createAdminActors(deps: AdminActorDeps) {
  const { api, store } = deps;
  const unwrapAdmin = <T>(result: ApiResult<T>): T => {
    if (result.error) {
      // docs/product.md §8: a failed admin call is logged; the toast shows the page's own words.
      console.error("[admin]", result.error.code, result.error.message);
      if (result.error.status === 401) deps.sessionLost();
    }
    return unwrap(result);
  };

  /** Whether the server still says the stored token is an admin's; a refused one is removed. */
  const checkRole = async (): Promise<RoleCheck> => {
    if (!store.read()) return "revoked";
    const me = await api.me();
    if (!me.error && me.data.user.role === "admin") return "admin";
    if (!me.error || me.error.status === 401 || me.error.status === 403) {
      store.clear();
      return "revoked";
    }
    return "unreachable";
  };

  /** A form's submit actor: it takes that form's fields only (the page provides it to that form's machine). */
  const submit = <F extends AdminFormName>(form: F, run: (input: SubmitInputOf<F>) => Promise<FormSuccess>) =>
    fromPromise<FormSuccess, SubmitInput>(async ({ input }) => {
      if (!isSubmitOf(input, form)) throw new Error(`admin ${form} actor: given the ${input.form} form`);
      return run(input);
    });

  return {
    /** A stored admin session counts only if the server still says this token is an admin's. */
    restore: fromPromise<AdminUser | null>(async () => {
      const stored = store.read();
      if (!stored) return null;
      return (await checkRole()) === "admin" ? stored.user : null;
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
      // Admins sign in with email; the label only stands in for a (never seen) admin without one.
      const adminUser: AdminUser = {
        id: user.id,
        email: user.email ?? accountLabel(user),
        name: user.name,
        role: "admin",
      };
      store.write({
        accessToken: session.access_token,
        refreshToken: session.refresh_token,
        expiresAt: session.expires_at,
        user: adminUser,
      });
      return adminUser;
    }),
    confirmRole: fromPromise<RoleCheck>(checkRole),
    clearStoredSession: fromPromise<void>(async () => store.clear()),
    logout: fromPromise<void>(async () => {
      const stored = store.read();
      store.clear();
      if (stored) await api.logout(stored.accessToken);
    }),

    dashboard: fromPromise<DashboardData, ListQuery>(async ({ input }) => {
      const [metrics, users] = await Promise.all([api.metrics(), api.users(input)]);
      return { metrics: unwrapAdmin(metrics), users: unwrapAdmin(users) };
    }),
    userManagement: fromPromise<UsersData, UsersQuery>(async ({ input }) => {
      const [stats, funded, unfunded] = await Promise.all([
        api.multiplierStats(),
        api.fundedUsers(input.funded),
        api.unfundedUsers(input.unfunded),
      ]);
      return { stats: unwrapAdmin(stats), funded: unwrapAdmin(funded), unfunded: unwrapAdmin(unfunded) };
    }),
    funds: fromPromise<FundsData, FundsQuery>(async ({ input }) => {
      const [pool, wallets, transactions] = await Promise.all([
        api.poolBalance(),
        api.fundedWallets(input.wallets),
        api.transactions(input.transactions),
      ]);
      return {
        pool: unwrapAdmin(pool),
        wallets: unwrapAdmin(wallets),
        transactions: unwrapAdmin(transactions),
      };
    }),
    auditLog: fromPromise<AuditData, ListQuery>(async ({ input }) => unwrapAdmin(await api.auditLog(input))),
    /**
     * The accounts by risk and the held withdrawals. Each held withdrawal's signals come from the accounts page
     * when its account is on it (no extra call), else from that account's own risk (one call per account, at
     * most a page of them); an account whose risk could not be read shows that, not an empty list.
     */
    fairPlay: fromPromise<FairPlayData, FairPlayQuery>(async ({ input }) => {
      const [riskAnswer, heldAnswer] = await Promise.all([
        api.riskList(input.risk),
        api.heldWithdrawals(input.held),
      ]);
      const risk = unwrapAdmin(riskAnswer);
      const held = unwrapAdmin(heldAnswer);
      const signals = new Map(risk.items.map((item) => [item.userId, item.signals]));
      const missing = [
        ...new Set(
          held.items.flatMap((item) => (item.userId && !signals.has(item.userId) ? [item.userId] : [])),
        ),
      ];
      const details = await Promise.all(missing.map((userId) => api.riskDetail(userId)));
      details.forEach((detail, index) => {
        if (!detail.error) signals.set(missing[index]!, detail.data.signals);
        else console.error("[admin]", detail.error.code, detail.error.message);
      });
      return {
        risk,
        held: {
          nextCursor: held.nextCursor,
          items: held.items.map((item) => ({
            ...item,
            signals: item.userId ? (signals.get(item.userId) ?? null) : [],
          })),
        },
      };
    }),
    riskAccount: fromPromise<RiskAccountData, string>(async ({ input }) =>
      unwrapAdmin(await api.riskDetail(input)),
    ),
    economy: fromPromise<EconomyData, EconomySearch>(async ({ input }) =>
      unwrapAdmin(await api.economy(input.days)),
    ),

    withdrawTreasury: submit("withdraw", async ({ fields, key }) => {
      const amount = decimal(fields.amount);
      const address = fields.address.trim();
      unwrapAdmin(await api.withdraw({ address, amount }, key));
      return withdrawalInitiated(amount, address);
    }),
    fundWallet: submit("fundWallet", async ({ fields, target, key }) => {
      const amount = decimal(fields.amount);
      unwrapAdmin(await api.fundWallet({ userId: target?.id ?? "", amount }, key));
      return walletFunded(amount);
    }),
    updateMultiplier: submit("updateMultiplier", async ({ fields, target }) => {
      const multiplier = decimal(fields.multiplier);
      const answer = unwrapAdmin(await api.updateMultiplier({ userId: target?.id ?? "", multiplier }));
      return multiplierUpdated(answer.multiplier);
    }),
    riskAction: submit("riskAction", async ({ fields, target, key }) => {
      const action = RISK_ACTIONS.find((name) => name === fields.action);
      if (!action) throw new Error(`admin riskAction: no action "${fields.action}"`);
      const reason = fields.reason.trim();
      unwrapAdmin(await api.riskAction(target?.id ?? "", { action, reason }, key));
      return riskActionDone(action, target?.label ?? "The account");
    }),
    approveWithdrawal: submit("approveWithdrawal", async ({ target, key }) => {
      unwrapAdmin(await api.approveWithdrawal(target?.id ?? "", key));
      return withdrawalApproved(target?.label ?? "The withdrawal");
    }),
    rejectWithdrawal: submit("rejectWithdrawal", async ({ fields, target, key }) => {
      unwrapAdmin(await api.rejectWithdrawal(target?.id ?? "", fields.reason.trim(), key));
      return withdrawalRejected(target?.label ?? "The withdrawal");
    }),
    createAdmin: submit("createAdmin", async ({ fields }) => {
      const body = { name: fields.name, email: fields.email.trim(), password: fields.password };
      unwrapAdmin(await api.createAdmin(body));
      return adminCreated(body.email);
    }),
  };
}

export type AdminActors = ReturnType<typeof createAdminActors>;
