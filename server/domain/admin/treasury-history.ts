/**
 * The Funds Management page's Transaction History (docs/product.md §2): every movement of the treasury,
 * newest first. A withdrawal to the chain is a `withdrawal` (with its address, status and transaction id);
 * anything else (the demo seed, purchases paid in, wallets funded) is a `deposit`, with the user's address
 * when it has one.
 *
 * `?status=review` lists the queue of users' withdrawals held for a person instead (docs/fair-play.md), oldest
 * first: the one that waited longest is decided first.
 */
import type { Kysely } from "kysely";
import { listHeldWithdrawals } from "../../db/read-models/held-withdrawals.read-model.ts";
import { listTreasuryMovements } from "../../db/read-models/treasury-movements.read-model.ts";
import type { Database } from "../../db/schema.ts";
import { TREASURY } from "../ledger/accounts.ts";
import { type PageRequest, readPage } from "../pagination.ts";

export function treasuryHistory(db: Kysely<Database>, request: PageRequest) {
  return readPage(
    request,
    (page) => listTreasuryMovements(db, TREASURY, page),
    (row) => ({ at: row.created_at, id: String(row.id) }),
    (row) => ({
      id: String(row.id),
      type: row.kind === "withdrawal" ? ("withdrawal" as const) : ("deposit" as const),
      address: row.kind === "withdrawal" ? row.to_address : row.trc20_address,
      amountMicro: row.amount_micro,
      at: row.created_at,
      status:
        row.status === null || row.status === "confirmed"
          ? ("completed" as const)
          : row.status === "failed"
            ? ("failed" as const)
            : ("pending" as const),
      txId: row.status === "reserved" ? null : row.tx_id,
      // The queue's fields (held users' withdrawals below); none for the treasury's own movements.
      userId: null,
      email: null,
      score: null,
    }),
  );
}

export function heldWithdrawalQueue(db: Kysely<Database>, request: PageRequest) {
  return readPage(
    request,
    (page) => listHeldWithdrawals(db, page),
    (row) => ({ at: row.created_at, id: row.id }),
    (row) => ({
      id: row.id,
      type: "withdrawal" as const,
      address: row.to_address,
      amountMicro: row.amount_micro,
      at: row.created_at,
      status: "review" as const,
      txId: null,
      userId: row.user_id,
      email: row.email,
      score: row.score ?? null,
      reviewReason: row.review_reason,
    }),
  );
}
