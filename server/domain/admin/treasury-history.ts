/**
 * The Funds Management page's Transaction History (docs/product.md §2): every movement of the treasury,
 * newest first. A withdrawal to the chain is a `withdrawal` (with its address, status and transaction id);
 * anything else (the demo seed, purchases paid in, wallets funded) is a `deposit`, with the user's address
 * when it has one.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { TREASURY } from "../ledger/accounts.ts";
import { type PageRequest, readPage } from "../pagination.ts";

export function treasuryHistory(db: Kysely<Database>, request: PageRequest) {
  return readPage(
    request,
    (page) => {
      let query = db
        .selectFrom("ledger_transfers as t")
        .leftJoin("withdrawals as w", (join) =>
          join.on(sql<boolean>`t.kind = 'withdrawal' AND w.id::text = t.reference`),
        )
        .leftJoin("ledger_accounts as a", (join) =>
          join.on(
            sql<boolean>`a.id = CASE WHEN t.debit_account = ${TREASURY} THEN t.credit_account ELSE t.debit_account END`,
          ),
        )
        .leftJoin("users as u", "u.id", "a.user_id")
        .select([
          "t.id",
          "t.kind",
          "t.amount_micro",
          "t.created_at",
          "w.to_address",
          "w.status",
          "w.tx_id",
          "u.trc20_address",
        ])
        .where((eb) => eb.or([eb("t.debit_account", "=", TREASURY), eb("t.credit_account", "=", TREASURY)]));
      if (page.after)
        query = query.where(
          sql<boolean>`(t.created_at, t.id) < (${page.after.at}, ${page.after.id}::bigint)`,
        );
      return query.orderBy("t.created_at", "desc").orderBy("t.id", "desc").limit(page.limit).execute();
    },
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
    }),
  );
}
