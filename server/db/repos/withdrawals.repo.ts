/**
 * USDT withdrawals. Every status change is conditional on the status it leaves, so two workers (or a worker
 * and a restart) can never move one row twice; the caller learns from the answer whether it was the one.
 */

import type { Insertable, Selectable } from "kysely";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, WithdrawalStatus, WithdrawalsTable } from "../schema.ts";

type Db = Kysely<Database> | Transaction<Database>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

export const OPEN_STATUSES: readonly WithdrawalStatus[] = ["reserved", "signed", "broadcast"];

export async function insertWithdrawal(db: Db, row: Insertable<WithdrawalsTable>): Promise<void> {
  await db.insertInto("withdrawals").values(row).execute();
}

/** Takes the row for `leaseMs` unless another worker holds it; answers the row as it is now. */
export async function leaseWithdrawal(
  db: Db,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable("withdrawals")
    .set({ lease_until: new Date(now.getTime() + leaseMs), attempts: sql<number>`attempts + 1` })
    .where("id", "=", id)
    .where("status", "in", OPEN_STATUSES)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .returningAll()
    .executeTakeFirst();
}

export async function releaseLease(db: Db, id: string): Promise<void> {
  await db.updateTable("withdrawals").set({ lease_until: null }).where("id", "=", id).execute();
}

/** Stores the signed transfer before it is sent: from now on a restart re-sends this one, never a new one. */
export async function markSigned(
  db: Db,
  id: string,
  signed: { txId: string; payload: string; expiresAt: Date; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable("withdrawals")
    .set({
      status: "signed",
      tx_id: signed.txId,
      signed_payload: signed.payload,
      expires_at: signed.expiresAt,
      updated_at: signed.at,
    })
    .where("id", "=", id)
    .where("status", "=", "reserved")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function moveWithdrawal(
  db: Db,
  id: string,
  change: { from: readonly WithdrawalStatus[]; to: WithdrawalStatus; at: Date; reason?: string },
): Promise<boolean> {
  const result = await db
    .updateTable("withdrawals")
    .set({
      status: change.to,
      updated_at: change.at,
      ...(change.reason !== undefined ? { failure_reason: change.reason } : {}),
    })
    .where("id", "=", id)
    .where("status", "in", change.from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Open withdrawals nobody holds, oldest first (the worker's round). */
export function listOpenWithdrawalIds(db: Db, now: Date, limit: number) {
  return db
    .selectFrom("withdrawals")
    .select("id")
    .where("status", "in", OPEN_STATUSES)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

export function findWithdrawal(db: Db, id: string) {
  return db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirst();
}
