/**
 * Every transfer in or out of the treasury, newest first, with what the Funds Management history shows beside
 * it: the withdrawal's address, status and transaction id, or the other side's deposit address. A read model
 * (README.md here); server/domain/admin/treasury-history.ts decides what each row is called.
 */
import { type Kysely, sql } from "kysely";
import type { TransferPosition } from "../repos/ledger.repo.ts";
import type { Database } from "../schema.ts";

/** Transfers touching `treasury`, strictly after `page.after` in newest-first order. */
export function listTreasuryMovements(
  db: Kysely<Database>,
  treasury: string,
  page: { limit: number; after: TransferPosition | null },
) {
  let query = db
    .selectFrom("ledger_transfers as t")
    .leftJoin("withdrawals as w", (join) =>
      join.on(sql<boolean>`t.kind = 'withdrawal' AND w.id::text = t.reference`),
    )
    .leftJoin("ledger_accounts as a", (join) =>
      join.on(
        sql<boolean>`a.id = CASE WHEN t.debit_account = ${treasury} THEN t.credit_account ELSE t.debit_account END`,
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
    .where((eb) => eb.or([eb("t.debit_account", "=", treasury), eb("t.credit_account", "=", treasury)]));
  if (page.after)
    query = query.where(sql<boolean>`(t.created_at, t.id) < (${page.after.at}, ${page.after.id}::bigint)`);
  return query.orderBy("t.created_at", "desc").orderBy("t.id", "desc").limit(page.limit).execute();
}
