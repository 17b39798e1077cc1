/**
 * The wallet's movements as the Wallet page shows them (docs/api.md, Wallet: GET /wallet/history): money in
 * is a deposit (rewards withdrawals and funding included, told apart by their description), a multiplier
 * bought is a purchase, any other money out is a withdrawal. Ledger transfers are final, so every entry is
 * completed, except a USDT withdrawal: pending until the chain confirms it, failed if it did not go out (its
 * refund is a deposit). A withdrawal held for an admin is pending, described `Awaiting review`; one the admin
 * rejected is failed, described by the admin's reason (docs/fair-play.md).
 */
import type { Kysely } from "kysely";
import { AWAITING_REVIEW } from "#contracts/fair-play-rules.ts";
import { listAccountTransfers } from "../../db/repos/ledger.repo.ts";
import type { Database } from "../../db/schema.ts";
import { walletAccountId } from "../ledger/accounts.ts";
import { type Page, type PageRequest, readPage } from "../pagination.ts";

export interface WalletHistoryEntry {
  id: string;
  type: "deposit" | "withdraw" | "purchase";
  amountMicro: number;
  description: string;
  at: Date;
  status: "pending" | "completed" | "failed";
}

export function walletHistory(
  db: Kysely<Database>,
  userId: string,
  request: PageRequest,
): Promise<Page<WalletHistoryEntry>> {
  const account = walletAccountId(userId);
  return readPage(
    request,
    (page) => listAccountTransfers(db, account, page),
    (row) => ({ at: row.created_at, id: String(row.id) }),
    (row) => ({
      id: String(row.id),
      type: row.credit_account === account ? "deposit" : row.kind === "purchase" ? "purchase" : "withdraw",
      amountMicro: row.amount_micro,
      description:
        row.withdrawal_status === "review"
          ? AWAITING_REVIEW
          : row.withdrawal_decision === "rejected" && row.withdrawal_failure_reason !== null
            ? row.withdrawal_failure_reason
            : row.description,
      at: row.created_at,
      status:
        row.withdrawal_status === null || row.withdrawal_status === "confirmed"
          ? "completed"
          : row.withdrawal_status === "failed"
            ? "failed"
            : "pending",
    }),
  );
}
