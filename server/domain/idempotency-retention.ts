/**
 * How long an Idempotency-Key's record is kept (docs/decisions/035): seven days, then the same key is a new
 * request. A client sends a money call again under the same key only while its outcome is unknown (no answer,
 * a 5xx, a 409 while the first still runs), and our client keeps that key in the open dialog's memory, so a
 * retry comes within minutes or hours; seven days leave a wide margin (a device that slept with the dialog
 * open, another client's slower retry policy), and the rows are few: money calls only, not tap syncs. A
 * reservation whose attempt died is taken over after a minute (idempotency.ts), long before it could go.
 */
import type { Kysely } from "kysely";
import { deleteKeysCreatedBefore } from "../db/repos/idempotency.repo.ts";
import type { Database } from "../db/schema.ts";
import { pruneInBatches } from "./prune-in-batches.ts";

export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60_000;

export function pruneIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS);
  return pruneInBatches((limit) => deleteKeysCreatedBefore(db, cutoff, limit));
}
