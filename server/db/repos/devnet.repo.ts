/** The local devnet's transfers (CHAIN=local): the chain itself, kept in our database. */

import type { Insertable, Selectable } from "kysely";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, DevnetTransfersTable } from "../schema.ts";

export type DevnetTransferRow = Selectable<DevnetTransfersTable>;

/** Records a transfer in a new block; false when a transfer with this id exists already. */
export async function insertDevnetTransfer(
  db: Kysely<Database> | Transaction<Database>,
  transfer: Omit<Insertable<DevnetTransfersTable>, "block_number">,
): Promise<boolean> {
  const result = await db
    .insertInto("devnet_transfers")
    .values({ ...transfer, block_number: sql<number>`nextval('devnet_block_seq')` })
    .onConflict((oc) => oc.column("tx_id").doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export function findDevnetTransfer(db: Kysely<Database>, txId: string) {
  return db.selectFrom("devnet_transfers").selectAll().where("tx_id", "=", txId).executeTakeFirst();
}

export function listDevnetTransfers(db: Kysely<Database>, address: string, limit: number) {
  return db
    .selectFrom("devnet_transfers")
    .selectAll()
    .where((eb) => eb.or([eb("to_address", "=", address), eb("from_address", "=", address)]))
    .orderBy("created_at", "desc")
    .orderBy("block_number", "desc")
    .limit(limit)
    .execute();
}

/**
 * What an address holds: received minus sent over successful transfers. `spendingAt` also counts its
 * outgoing transfers not yet confirmed, as a chain does once they are in a block.
 */
export async function devnetBalanceMicro(
  db: Kysely<Database> | Transaction<Database>,
  address: string,
  options: { confirmedBy: Date; includePendingOut: boolean },
): Promise<number> {
  const row = await db
    .selectFrom("devnet_transfers")
    .select(
      sql<number>`coalesce(sum(CASE
        WHEN to_address = ${address} AND confirms_at <= ${options.confirmedBy} THEN amount_micro
        WHEN from_address = ${address} AND (${options.includePendingOut} OR confirms_at <= ${options.confirmedBy})
          THEN -amount_micro
        ELSE 0 END), 0)::bigint`.as("balance"),
    )
    .where("status", "=", "success")
    .where((eb) => eb.or([eb("to_address", "=", address), eb("from_address", "=", address)]))
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** Serialises spending from one devnet address for the rest of the transaction. */
export async function lockDevnetAddress(trx: Transaction<Database>, address: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`devnet:${address}`}, 0))`.execute(trx);
}
