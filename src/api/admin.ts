/**
 * Typed calls of the admin back office, all with the admin's own token (docs/design.md §7), kept under its
 * own storage keys (docs/product.md §3).
 */

import type * as admin from "#contracts/admin.ts";
import type * as auth from "#contracts/auth.ts";
import type { AnswerOf, BodyOf } from "#contracts/endpoint.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";
import { fairPlayAdminApi } from "./fair-play-admin.ts";

export type AdminMetrics = AnswerOf<typeof admin.metrics>;
export type AdminUsersPage = AnswerOf<typeof admin.users>;
export type FundedUsersPage = AnswerOf<typeof admin.usersWithFundedWallets>;
export type UnfundedUsersPage = AnswerOf<typeof admin.usersWithoutFundedWallets>;
export type FundedWalletsPage = AnswerOf<typeof admin.fundedWallets>;
export type TreasuryPage = AnswerOf<typeof admin.withdrawals>;
export type MultiplierStats = AnswerOf<typeof admin.multiplierStats>;
export type AuditPage = AnswerOf<typeof admin.auditLog>;
export type AdminLoginAnswer = AnswerOf<typeof auth.login>;

/** A list page request: `sort` is `field:asc|desc`, `cursor` the opaque nextCursor of the page before. */
export interface ListQuery {
  q?: string;
  sort?: string;
  cursor?: string;
  limit?: number;
}

const routes = {
  login: route<typeof auth.login>("POST", "/auth/login"),
  me: route<typeof auth.me>("GET", "/auth/me"),
  logout: route<typeof auth.logout>("POST", "/auth/logout"),
  metrics: route<typeof admin.metrics>("GET", "/admin/metrics"),
  users: route<typeof admin.users>("GET", "/admin/users"),
  fundedUsers: route<typeof admin.usersWithFundedWallets>("GET", "/admin/users-with-funded-wallets"),
  unfundedUsers: route<typeof admin.usersWithoutFundedWallets>("GET", "/admin/users-without-funded-wallets"),
  fundedWallets: route<typeof admin.fundedWallets>("GET", "/admin/funded-wallets"),
  poolBalance: route<typeof admin.poolBalance>("GET", "/admin/pool-balance"),
  transactions: route<typeof admin.withdrawals>("GET", "/admin/withdrawals"),
  multiplierStats: route<typeof admin.multiplierStats>("GET", "/admin/multiplier-stats"),
  auditLog: route<typeof admin.auditLog>("GET", "/admin/audit-log"),
  withdraw: route<typeof admin.withdraw>("POST", "/admin/withdraw"),
  fundWallet: route<typeof admin.fundWallet>("POST", "/admin/fund-wallet"),
  updateMultiplier: route<typeof admin.updateMultiplier>("POST", "/admin/update-multiplier"),
  createAdmin: route<typeof admin.createAdmin>("POST", "/admin/create-admin"),
};

/** Every back-office call goes with the admin's token, never the user's. */
const asAdmin = { auth: "admin" } as const;
const withKey = (idempotencyKey: string) => ({ ...asAdmin, headers: { "Idempotency-Key": idempotencyKey } });

export function adminApi(client: ApiClient) {
  return {
    login: (body: BodyOf<typeof auth.login>) => call(client, routes.login, { body, auth: "none" }),
    me: () => call(client, routes.me, asAdmin),
    logout: (accessToken: string) =>
      call(client, routes.logout, { auth: "none", headers: { Authorization: `Bearer ${accessToken}` } }),
    metrics: () => call(client, routes.metrics, asAdmin),
    users: (query: ListQuery) => call(client, routes.users, { query, ...asAdmin }),
    fundedUsers: (query: ListQuery) => call(client, routes.fundedUsers, { query, ...asAdmin }),
    unfundedUsers: (query: ListQuery) => call(client, routes.unfundedUsers, { query, ...asAdmin }),
    fundedWallets: (query: ListQuery) => call(client, routes.fundedWallets, { query, ...asAdmin }),
    poolBalance: () => call(client, routes.poolBalance, asAdmin),
    transactions: (query: ListQuery) => call(client, routes.transactions, { query, ...asAdmin }),
    multiplierStats: () => call(client, routes.multiplierStats, asAdmin),
    auditLog: (query: ListQuery) => call(client, routes.auditLog, { query, ...asAdmin }),
    withdraw: (body: BodyOf<typeof admin.withdraw>, idempotencyKey: string) =>
      call(client, routes.withdraw, { body, ...withKey(idempotencyKey) }),
    fundWallet: (body: BodyOf<typeof admin.fundWallet>, idempotencyKey: string) =>
      call(client, routes.fundWallet, { body, ...withKey(idempotencyKey) }),
    updateMultiplier: (body: BodyOf<typeof admin.updateMultiplier>) =>
      call(client, routes.updateMultiplier, { body, ...asAdmin }),
    createAdmin: (body: BodyOf<typeof admin.createAdmin>) =>
      call(client, routes.createAdmin, { body, ...asAdmin }),
    // The Fair play page and the economy (docs/fair-play.md).
    ...fairPlayAdminApi(client),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
