/** Rows of the wallet on chain: the seed check, deposit addresses, checked transactions and credited deposits. */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function findHotWalletAddress(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom("chain_settings").select("hot_wallet_address").executeTakeFirst();
  return row?.hot_wallet_address;
}

export async function recordHotWalletAddress(db: Db, address: string, at: Date): Promise<void> {
  await db
    .insertInto("chain_settings")
    .values({ hot_wallet_address: address, created_at: at })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export function findDepositAddress(db: Db, userId: string) {
  return db.selectFrom("deposit_addresses").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function nextDepositIndex(db: Db): Promise<number> {
  const { rows } = await sql<{
    index: number;
  }>`SELECT nextval('deposit_address_index_seq')::int AS index`.execute(db);
  const index = rows[0]?.index;
  if (index === undefined) throw new Error("the deposit address sequence answered nothing");
  return index;
}

/** False when the user already has an address (a concurrent call won). */
export async function insertDepositAddress(
  db: Db,
  row: { userId: string; index: number; address: string; at: Date },
): Promise<boolean> {
  const result = await db
    .insertInto("deposit_addresses")
    .values({ user_id: row.userId, hd_index: row.index, address: row.address, created_at: row.at })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Every deposit address, for the watcher's round. */
export function listDepositAddresses(db: Db) {
  return db.selectFrom("deposit_addresses").select(["user_id", "address"]).orderBy("hd_index").execute();
}

export async function checkedOutcomes(db: Db, address: string, txIds: string[]) {
  if (txIds.length === 0) return new Map<string, "credited" | "failed" | "nothing">();
  const rows = await db
    .selectFrom("chain_checked_transactions")
    .select(["tx_id", "outcome"])
    .where("address", "=", address)
    .where("tx_id", "in", txIds)
    .execute();
  return new Map(rows.map((row) => [row.tx_id, row.outcome]));
}

export async function recordChecked(
  db: Db,
  row: { txId: string; address: string; outcome: "credited" | "failed" | "nothing"; at: Date },
): Promise<void> {
  await db
    .insertInto("chain_checked_transactions")
    .values({ tx_id: row.txId, address: row.address, outcome: row.outcome, checked_at: row.at })
    .onConflict((oc) => oc.columns(["tx_id", "address"]).doNothing())
    .execute();
}

/** False when this Transfer log was credited before. */
export async function insertChainDeposit(
  db: Db,
  row: {
    txId: string;
    logIndex: number;
    userId: string;
    address: string;
    amountMicro: number;
    blockNumber: number;
    at: Date;
  },
): Promise<boolean> {
  const result = await db
    .insertInto("chain_deposits")
    .values({
      tx_id: row.txId,
      log_index: row.logIndex,
      user_id: row.userId,
      address: row.address,
      amount_micro: row.amountMicro,
      block_number: row.blockNumber,
      credited_at: row.at,
    })
    .onConflict((oc) => oc.columns(["tx_id", "log_index"]).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** False when this incoming transfer was sighted (and announced) before. */
export async function insertDepositSighting(
  db: Db,
  row: { txId: string; address: string; at: Date },
): Promise<boolean> {
  const result = await db
    .insertInto("chain_deposit_sightings")
    .values({ tx_id: row.txId, address: row.address, seen_at: row.at })
    .onConflict((oc) => oc.columns(["tx_id", "address"]).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}
