/**
 * Typed calls of the admin back office, all with the admin's own token (docs/design.md §7), kept under its
 * own storage keys (docs/product.md §3).
 */

import type * as admin from "#contracts/admin.ts";
import type * as auth from "#contracts/auth.ts";
import type { AnswerOf, BodyOf } from "#contracts/endpoint.ts";
import type { ApiClient } from "./client.ts";

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

const options = { auth: "admin" } as const;
const query = (q: ListQuery) => ({
  query: { ...q } as Record<string, string | number | undefined>,
  ...options,
});

export function adminApi(client: ApiClient) {
  return {
    login: (body: BodyOf<typeof auth.login>) =>
      client.post<AdminLoginAnswer>("/auth/login", body, { auth: "none" }),
    me: () => client.get<AnswerOf<typeof auth.me>>("/auth/me", options),
    logout: (accessToken: string) =>
      client.post<null>("/auth/logout", undefined, {
        auth: "none",
        headers: { Authorization: `Bearer ${accessToken}` },
      }),
    metrics: () => client.get<AdminMetrics>("/admin/metrics", options),
    users: (q: ListQuery) => client.get<AdminUsersPage>("/admin/users", query(q)),
    fundedUsers: (q: ListQuery) => client.get<FundedUsersPage>("/admin/users-with-funded-wallets", query(q)),
    unfundedUsers: (q: ListQuery) =>
      client.get<UnfundedUsersPage>("/admin/users-without-funded-wallets", query(q)),
    fundedWallets: (q: ListQuery) => client.get<FundedWalletsPage>("/admin/funded-wallets", query(q)),
    poolBalance: () => client.get<{ balance: number }>("/admin/pool-balance", options),
    transactions: (q: ListQuery) => client.get<TreasuryPage>("/admin/withdrawals", query(q)),
    multiplierStats: () => client.get<MultiplierStats>("/admin/multiplier-stats", options),
    auditLog: (q: ListQuery) => client.get<AuditPage>("/admin/audit-log", query(q)),
    withdraw: (body: BodyOf<typeof admin.withdraw>, idempotencyKey: string) =>
      client.post<AnswerOf<typeof admin.withdraw>>("/admin/withdraw", body, {
        ...options,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    fundWallet: (body: BodyOf<typeof admin.fundWallet>, idempotencyKey: string) =>
      client.post<AnswerOf<typeof admin.fundWallet>>("/admin/fund-wallet", body, {
        ...options,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    updateMultiplier: (body: BodyOf<typeof admin.updateMultiplier>) =>
      client.post<AnswerOf<typeof admin.updateMultiplier>>("/admin/update-multiplier", body, options),
    createAdmin: (body: BodyOf<typeof admin.createAdmin>) =>
      client.post<AnswerOf<typeof admin.createAdmin>>("/admin/create-admin", body, options),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
