/**
 * What reconciliation compares with the chain (docs/decisions/030): balance sums by account kind, what was
 * credited to each deposit address, the withdrawals that may already have left the hot wallet, and which
 * incoming transactions the deposit watcher has settled. Plus the record of each run.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export async function balanceSumsByKind(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("ledger_accounts")
    .select(["kind", sql<number>`sum(balance_micro)::bigint`.as("micro")])
    .groupBy("kind")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.micro)]));
}

export interface DepositAddressCredits {
  userId: string;
  address: string;
  creditedMicro: number;
}

/** Every deposit address with the sum of the deposits credited to it (0 for none). */
export async function depositAddressCredits(db: Kysely<Database>): Promise<DepositAddressCredits[]> {
  const rows = await db
    .selectFrom("deposit_addresses as a")
    .leftJoin("chain_deposits as d", "d.address", "a.address")
    .select(["a.user_id", "a.address", sql<number>`coalesce(sum(d.amount_micro), 0)::bigint`.as("credited")])
    .groupBy(["a.user_id", "a.address", "a.hd_index"])
    .orderBy("a.hd_index")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    address: row.address,
    creditedMicro: Number(row.credited),
  }));
}

/** Withdrawals signed or broadcast and not yet settled: their transaction may or may not be on chain yet. */
export function withdrawalsOnTheirWay(db: Kysely<Database>) {
  return db
    .selectFrom("withdrawals")
    .select(["id", "tx_id", "amount_micro"])
    .where("status", "in", ["signed", "broadcast"])
    .where("tx_id", "is not", null)
    .orderBy("created_at")
    .execute();
}

/** The incoming transactions of an address the watcher has settled (credited, failed or nothing for us). */
export async function settledTransactions(
  db: Kysely<Database>,
  address: string,
  txIds: readonly string[],
): Promise<Set<string>> {
  if (txIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("chain_checked_transactions")
    .select("tx_id")
    .where("address", "=", address)
    .where("tx_id", "in", [...txIds])
    .execute();
  return new Set(rows.map((row) => row.tx_id));
}

export async function insertReconciliationRun(
  db: Kysely<Database>,
  run: { source: "worker" | "command"; finishedAt: Date; differences: number; report: unknown },
): Promise<void> {
  await db
    .insertInto("reconciliation_runs")
    .values({
      source: run.source,
      finished_at: run.finishedAt,
      differences: run.differences,
      report: JSON.stringify(run.report),
    })
    .execute();
}
