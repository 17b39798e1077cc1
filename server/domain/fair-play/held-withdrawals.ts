/**
 * An admin's decision on a USDT withdrawal held for review (docs/fair-play.md, Held withdrawals).
 *
 * Approve: `review` → `reserved`; the amount is already in the clearing account, so from here the chain worker
 * signs and broadcasts it as any other (a background task starts it at once). Reject: `review` → `failed` with
 * the admin's reason, and exactly the reserved amount goes back (clearing → the user's wallet).
 *
 * Exactly once: the decision is one conditional UPDATE … WHERE status = 'review' (decideHeld), so of any number
 * of decisions at once exactly one changes the row; the others find it decided and answer 409. The audit row,
 * the refund and the owner's live event are in that same transaction.
 */
import type { Transaction } from "kysely";
import { accountLabel } from "#contracts/account-label.ts";
import { findUserById } from "../../db/repos/users.repo.ts";
import {
  decideHeld,
  findWithdrawal,
  rejectAllHeldOf,
  type WithdrawalRow,
} from "../../db/repos/withdrawals.repo.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { type Actor, recordAudit } from "../admin/audit.ts";
import type { Uses } from "../deps.ts";
import { runIdempotent } from "../idempotency.ts";
import { withdrawalChanged } from "../live/screen-events.ts";
import { advanceWithdrawal, releaseReserved, type WithdrawalDeps } from "../wallet/usdt-withdrawal.ts";

export const alreadyDecided = () => new AppError("CONFLICT", "This withdrawal was already decided.");
const unknownWithdrawal = () =>
  new AppError("NOT_FOUND", "No withdrawal has this id. Reload the queue and pick one from it.");

export interface DecidedWithdrawal {
  id: string;
  userId: string;
  status: "pending" | "failed";
  amountMicro: number;
  to: string;
  reason: string | null;
}

type Decision = { approve: true } | { approve: false; reason: string };

export async function approveHeldWithdrawal(
  deps: WithdrawalDeps & Uses<"background">,
  actor: Actor,
  request: { withdrawalId: string; idempotencyKey: string },
): Promise<DecidedWithdrawal> {
  const answer = await decide(deps, actor, request, { approve: true });
  deps.background.run("advance approved withdrawal", () => advanceWithdrawal(deps, answer.id).then(() => {}));
  return answer;
}

export function rejectHeldWithdrawal(
  deps: WithdrawalDeps,
  actor: Actor,
  request: { withdrawalId: string; idempotencyKey: string; reason: string },
): Promise<DecidedWithdrawal> {
  return decide(deps, actor, request, { approve: false, reason: request.reason });
}

async function decide(
  deps: WithdrawalDeps,
  actor: Actor,
  request: { withdrawalId: string; idempotencyKey: string },
  decision: Decision,
): Promise<DecidedWithdrawal> {
  const id = request.withdrawalId;
  return runIdempotent(
    deps,
    {
      callerId: actor.id,
      key: request.idempotencyKey,
      scope: decision.approve ? "admin-approve-withdrawal" : "admin-reject-withdrawal",
      body: decision.approve ? { id } : { id, reason: decision.reason },
    },
    async (trx) => {
      const at = deps.clock();
      const row = await decideHeld(trx, id, { ...decision, by: actor.id, at });
      if (!row) {
        // Nothing changed: the row is missing, or not (or no longer) held. Only now is it read, to say which.
        const existing = await findWithdrawal(trx, id);
        if (!existing) throw unknownWithdrawal();
        throw alreadyDecided();
      }
      const owner = row.user_id as string;
      if (!decision.approve) await refund(trx, row, owner, decision.reason, at);
      else
        withdrawalChanged(trx, owner, {
          id,
          amountMicro: row.amount_micro,
          status: "pending",
          txId: null,
          reason: null,
        });
      const user = await findUserById(trx, owner);
      const who = user ? accountLabel({ ...user, telegramUsername: user.telegram_username }) : owner;
      await recordAudit(trx, {
        actor,
        action: decision.approve ? "approve-withdrawal" : "reject-withdrawal",
        target: who,
        amountMicro: row.amount_micro,
        at,
        ...(decision.approve ? {} : { reason: decision.reason }),
      });
      return answerOf(row, owner);
    },
  );
}

/** Exactly the reserved amount back to where it came from, and the owner told why. */
async function refund(
  trx: Transaction<Database>,
  row: WithdrawalRow,
  owner: string,
  reason: string,
  at: Date,
): Promise<void> {
  await releaseReserved(trx, row, at);
  withdrawalChanged(trx, owner, {
    id: row.id,
    amountMicro: row.amount_micro,
    status: "failed",
    txId: null,
    reason,
  });
}

const answerOf = (row: WithdrawalRow, owner: string): DecidedWithdrawal => ({
  id: row.id,
  userId: owner,
  status: row.status === "failed" ? "failed" : "pending",
  amountMicro: row.amount_micro,
  to: row.to_address,
  reason: row.status === "failed" ? row.failure_reason : null,
});

/**
 * In the caller's transaction (one opened by transactionWithLiveEvents, e.g. a ban): rejects every held
 * withdrawal of the user with `reason`, each refunded and announced as a single rejection is. The caller
 * audits its own action. Answers how many were rejected.
 */
export async function rejectHeldWithdrawalsOf(
  trx: Transaction<Database>,
  deps: Uses<"clock">,
  userId: string,
  reason: string,
  decidedBy: string | null = null,
): Promise<number> {
  const at = deps.clock();
  const rows = await rejectAllHeldOf(trx, userId, { by: decidedBy, at, reason });
  for (const row of rows) await refund(trx, row, userId, reason, at);
  return rows.length;
}
