/** Idempotency records: one per (caller, Idempotency-Key), reserved by an attempt, then completed with its answer. */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

export interface IdempotencyRecord {
  requestHash: string;
  attemptId: string;
  statusCode: number | null;
  response: unknown;
  createdAt: Date;
}

/** True if this attempt now holds the key; false if a record already existed. */
export async function reserveKey(
  db: Kysely<Database>,
  row: { callerId: string; key: string; requestHash: string; attemptId: string; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto("idempotency_keys")
    .values({
      caller_id: row.callerId,
      key: row.key,
      request_hash: row.requestHash,
      attempt_id: row.attemptId,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(["caller_id", "key"]).doNothing())
    .returning("attempt_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findKey(
  db: Kysely<Database>,
  callerId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const row = await db
    .selectFrom("idempotency_keys")
    .select(["request_hash", "attempt_id", "status_code", "response", "created_at"])
    .where("caller_id", "=", callerId)
    .where("key", "=", key)
    .executeTakeFirst();
  return (
    row && {
      requestHash: row.request_hash,
      attemptId: row.attempt_id,
      statusCode: row.status_code,
      response: row.response,
      createdAt: row.created_at,
    }
  );
}

/** Hands a reservation abandoned by a crashed attempt to a new one; false if someone else moved first. */
export async function takeOverKey(
  db: Kysely<Database>,
  row: { callerId: string; key: string; staleAttemptId: string; attemptId: string; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable("idempotency_keys")
    .set({ attempt_id: row.attemptId, created_at: row.at })
    .where("caller_id", "=", row.callerId)
    .where("key", "=", row.key)
    .where("attempt_id", "=", row.staleAttemptId)
    .where("status_code", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Stores the answer, only if this attempt still holds the key. Called inside the operation's transaction for a
 * success, so the money moves if and only if the answer is stored.
 */
export async function completeKey(
  db: Kysely<Database> | Transaction<Database>,
  row: { callerId: string; key: string; attemptId: string; statusCode: number; response: unknown; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable("idempotency_keys")
    .set({ status_code: row.statusCode, response: JSON.stringify(row.response), completed_at: row.at })
    .where("caller_id", "=", row.callerId)
    .where("key", "=", row.key)
    .where("attempt_id", "=", row.attemptId)
    .where("status_code", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Drops a reservation whose attempt failed unexpectedly, so a retry with the same key can run. */
export async function releaseKey(
  db: Kysely<Database>,
  row: { callerId: string; key: string; attemptId: string },
): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("caller_id", "=", row.callerId)
    .where("key", "=", row.key)
    .where("attempt_id", "=", row.attemptId)
    .where("status_code", "is", null)
    .execute();
}

/** Deletes up to `limit` records made before `cutoff` (docs/decisions/035); rows another statement holds wait for the next run. */
export async function deleteKeysCreatedBefore(
  db: Kysely<Database>,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const result = await sql`
    DELETE FROM idempotency_keys WHERE (caller_id, key) IN (
      SELECT caller_id, key FROM idempotency_keys
      WHERE created_at < ${cutoff}
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
