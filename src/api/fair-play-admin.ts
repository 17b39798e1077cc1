/**
 * Typed calls of the back office's Fair play page and economy (docs/fair-play.md), all with the admin's token:
 * the accounts by risk, one account's risk, the actions on it, the withdrawals held for review and their
 * decisions, and the economy per day. `adminApi` (admin.ts) includes them.
 */
import type * as admin from "#contracts/admin.ts";
import type { AnswerOf, BodyOf, QueryOf } from "#contracts/endpoint.ts";
import type * as fairPlay from "#contracts/fair-play.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";

export type RiskPage = AnswerOf<typeof fairPlay.riskList>;
export type RiskAccount = RiskPage["items"][number];
export type RiskSignal = RiskAccount["signals"][number];
export type RiskDetail = AnswerOf<typeof fairPlay.riskDetail>;
export type RiskQuery = NonNullable<QueryOf<typeof fairPlay.riskList>>;
export type RiskActionBody = BodyOf<typeof fairPlay.riskAction>;
export type RiskActionAnswer = AnswerOf<typeof fairPlay.riskAction>;
export type DecisionAnswer = AnswerOf<typeof fairPlay.approveWithdrawal>;
export type HeldPage = AnswerOf<typeof admin.withdrawals>;
/**
 * A held withdrawal with its account's signals beside it (the page's load adds them): from the accounts page
 * loaded with it when the account is on it, else from the account's own risk; `null` when that could not be read.
 */
export type HeldWithdrawal = HeldPage["items"][number] & { signals: RiskSignal[] | null };
export type EconomyAnswer = AnswerOf<typeof fairPlay.economy>;
export type EconomyDay = EconomyAnswer["days"][number];
export type Liabilities = EconomyAnswer["liabilities"];

const routes = {
  riskList: route<typeof fairPlay.riskList>("GET", "/admin/risk"),
  riskDetail: route<typeof fairPlay.riskDetail>("GET", "/admin/users/:id/risk"),
  riskAction: route<typeof fairPlay.riskAction>("POST", "/admin/users/:id/risk"),
  withdrawals: route<typeof admin.withdrawals>("GET", "/admin/withdrawals"),
  approve: route<typeof fairPlay.approveWithdrawal>("POST", "/admin/withdrawals/:id/approve"),
  reject: route<typeof fairPlay.rejectWithdrawal>("POST", "/admin/withdrawals/:id/reject"),
  economy: route<typeof fairPlay.economy>("GET", "/admin/economy"),
};

const asAdmin = { auth: "admin" } as const;
const withKey = (idempotencyKey: string) => ({ ...asAdmin, headers: { "Idempotency-Key": idempotencyKey } });

export function fairPlayAdminApi(client: ApiClient) {
  return {
    riskList: (query: RiskQuery) => call(client, routes.riskList, { query, ...asAdmin }),
    riskDetail: (userId: string) => call(client, routes.riskDetail, { params: { id: userId }, ...asAdmin }),
    riskAction: (userId: string, body: RiskActionBody, idempotencyKey: string) =>
      call(client, routes.riskAction, { params: { id: userId }, body, ...withKey(idempotencyKey) }),
    /** The USDT withdrawals waiting for an admin's decision, newest first. */
    heldWithdrawals: (query: { cursor?: string; limit?: number }) =>
      call(client, routes.withdrawals, { query: { ...query, status: "review" }, ...asAdmin }),
    approveWithdrawal: (id: string, idempotencyKey: string) =>
      call(client, routes.approve, { params: { id }, ...withKey(idempotencyKey) }),
    rejectWithdrawal: (id: string, reason: string, idempotencyKey: string) =>
      call(client, routes.reject, { params: { id }, body: { reason }, ...withKey(idempotencyKey) }),
    economy: (days: number) => call(client, routes.economy, { query: { days }, ...asAdmin }),
  };
}
