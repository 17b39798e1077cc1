/**
 * GET /wallet/withdrawals/{id}: one USDT withdrawal as its owner follows it (docs/api.md, Wallet). The chain's
 * steps before confirmation are all "pending", and no transaction id shows before one is signed. One held for
 * an admin is "review"; one an admin rejected is "failed" with the admin's reason (docs/fair-play.md).
 */
import type { Kysely } from "kysely";
import { findWithdrawal } from "../../db/repos/withdrawals.repo.ts";
import type { Database, WithdrawalStatus } from "../../db/schema.ts";
import { unknownWithdrawal } from "./errors.ts";

export interface OwnWithdrawal {
  id: string;
  status: "review" | "pending" | "confirmed" | "failed";
  amountMicro: number;
  to: string;
  txId: string | null;
  /** The admin's reason, when they rejected it; null otherwise. */
  reason: string | null;
}

export async function ownWithdrawal(
  db: Kysely<Database>,
  userId: string,
  withdrawalId: string,
): Promise<OwnWithdrawal> {
  const row = await findWithdrawal(db, withdrawalId);
  // Someone else's withdrawal is as unknown as a missing one.
  if (!row || row.user_id !== userId) throw unknownWithdrawal();
  return {
    id: row.id,
    status: publicStatus(row.status),
    amountMicro: row.amount_micro,
    to: row.to_address,
    txId: row.status === "reserved" ? null : row.tx_id,
    reason: rejectionReason(row),
  };
}

/** The admin's reason of a rejected withdrawal (the chain's own failures keep their words to the logs). */
export const rejectionReason = (row: { decision: string | null; failure_reason: string | null }) =>
  row.decision === "rejected" ? row.failure_reason : null;

const publicStatus = (status: WithdrawalStatus) =>
  status === "review"
    ? ("review" as const)
    : status === "confirmed"
      ? ("confirmed" as const)
      : status === "failed"
        ? ("failed" as const)
        : ("pending" as const);
