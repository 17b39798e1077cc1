/**
 * Ledger rows. Balances only change through debitAccount/creditAccount, which the domain's transfer() calls in
 * the same transaction as the transfer row.
 */
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { Database, LedgerTransfersTable } from "../schema.ts";

export type NewTransfer = Insertable<LedgerTransfersTable>;

/** Creates the user's wallet account unless it exists (also under concurrency). */
export async function ensureWalletAccountRow(
  db: Kysely<Database>,
  id: string,
  userId: string,
): Promise<void> {
  await db
    .insertInto("ledger_accounts")
    .values({ id, kind: "wallet", user_id: userId })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** The new transfer's id, or undefined when its idempotency key was used before. */
export async function insertTransfer(
  trx: Transaction<Database>,
  transfer: NewTransfer,
): Promise<number | undefined> {
  const row = await trx
    .insertInto("ledger_transfers")
    .values(transfer)
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/**
 * Takes the amount out only if it is there, in one statement, so two concurrent debits can never both pass
 * on the same money (the second one re-reads the row after the first commits). `external` has no floor.
 * Answers the balance after the debit, or undefined when nothing was taken.
 */
export async function debitAccount(
  trx: Transaction<Database>,
  id: string,
  amountMicro: number,
): Promise<number | undefined> {
  const row = await trx
    .updateTable("ledger_accounts")
    .set({ balance_micro: sql<number>`balance_micro - ${amountMicro}` })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("kind", "=", "external"), eb("balance_micro", ">=", amountMicro)]))
    .returning("balance_micro")
    .executeTakeFirst();
  return row?.balance_micro;
}

/** The balance after the credit, or undefined when the account does not exist. */
export async function creditAccount(
  trx: Transaction<Database>,
  id: string,
  amountMicro: number,
): Promise<number | undefined> {
  const row = await trx
    .updateTable("ledger_accounts")
    .set({ balance_micro: sql<number>`balance_micro + ${amountMicro}` })
    .where("id", "=", id)
    .returning("balance_micro")
    .executeTakeFirst();
  return row?.balance_micro;
}

export async function findBalanceMicro(db: Kysely<Database>, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("ledger_accounts")
    .select("balance_micro")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.balance_micro;
}

export interface TransferPosition {
  at: Date;
  /** The transfer id, as the digits of a bigint. */
  id: string;
}

/** Transfers touching one account, newest first, strictly after `after` in that order. */
export function listAccountTransfers(
  db: Kysely<Database>,
  accountId: string,
  page: { limit: number; after: TransferPosition | null },
) {
  let query = db
    .selectFrom("ledger_transfers as t")
    // A withdrawal's reservation shows the withdrawal's own status (pending until the chain confirms it).
    .leftJoin("withdrawals as w", (join) =>
      join.on(sql<boolean>`t.kind = 'withdrawal' AND w.id::text = t.reference`),
    )
    .select([
      "t.id",
      "t.debit_account",
      "t.credit_account",
      "t.amount_micro",
      "t.kind",
      "t.description",
      "t.created_at",
      "w.status as withdrawal_status",
      "w.decision as withdrawal_decision",
      "w.failure_reason as withdrawal_failure_reason",
    ])
    .where((eb) => eb.or([eb("t.debit_account", "=", accountId), eb("t.credit_account", "=", accountId)]));
  if (page.after) {
    const { at, id } = page.after;
    query = query.where(sql<boolean>`(t.created_at, t.id) < (${at}, ${id}::bigint)`);
  }
  return query.orderBy("t.created_at", "desc").orderBy("t.id", "desc").limit(page.limit).execute();
}

export interface AccountAudit {
  id: string;
  kind: string;
  balanceMicro: number;
  /** Credits minus debits over every transfer of the account. */
  transferSumMicro: number;
}

/** Every account with the sum of its transfers, for the invariant check. */
export async function auditAccounts(db: Kysely<Database>): Promise<AccountAudit[]> {
  const rows = await db
    .selectFrom("ledger_accounts as a")
    .select((eb) => [
      "a.id",
      "a.kind",
      "a.balance_micro",
      eb
        .selectFrom("ledger_transfers as t")
        .select(
          sql<number>`coalesce(sum(CASE WHEN t.credit_account = a.id THEN t.amount_micro ELSE -t.amount_micro END), 0)::bigint`.as(
            "s",
          ),
        )
        .where((w) =>
          w.or([w("t.credit_account", "=", w.ref("a.id")), w("t.debit_account", "=", w.ref("a.id"))]),
        )
        .as("transfer_sum"),
    ])
    .orderBy("a.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    balanceMicro: row.balance_micro,
    transferSumMicro: Number(row.transfer_sum ?? 0),
  }));
}
