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

/**
 * Whether one of the user's USDT withdrawals was let through: going out or gone (reserved, signed, broadcast,
 * confirmed). Held, rejected and failed ones do not count, so a withdrawal asked while the first still waits
 * is "first" too (docs/fair-play.md, Held withdrawals).
 */
export async function hasWithdrawalLetThrough(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("withdrawals")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "in", ["reserved", "signed", "broadcast", "confirmed"])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface Decision {
  by: string;
  at: Date;
}

/**
 * The one admin decision a held withdrawal gets: a conditional change from `review`, so of any number of
 * decisions at once exactly one finds the row still held. Answers the row as decided, or undefined.
 */
export function decideHeld(
  db: Db,
  id: string,
  decision: Decision & ({ approve: true } | { approve: false; reason: string }),
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable("withdrawals")
    .set({
      status: decision.approve ? "reserved" : "failed",
      decision: decision.approve ? "approved" : "rejected",
      decided_by: decision.by,
      decided_at: decision.at,
      updated_at: decision.at,
      ...(decision.approve ? {} : { failure_reason: decision.reason }),
    })
    .where("id", "=", id)
    .where("status", "=", "review")
    .returningAll()
    .executeTakeFirst();
}

/** Rejects every held withdrawal of a user at once (a ban): the rows as rejected. */
export function rejectAllHeldOf(
  db: Db,
  userId: string,
  decision: { by: string | null; at: Date; reason: string },
) {
  return db
    .updateTable("withdrawals")
    .set({
      status: "failed",
      decision: "rejected",
      decided_by: decision.by,
      decided_at: decision.at,
      updated_at: decision.at,
      failure_reason: decision.reason,
    })
    .where("user_id", "=", userId)
    .where("status", "=", "review")
    .returningAll()
    .execute();
}
