/**
 * Group reads for tap syncs (docs/decisions/044): a sync with no hint of its row (the player's first sync on this
 * instance, or a hint gone stale) reads the row first, and the reads that start in the same turn of the event
 * loop go out as one statement. When a crowd arrives (an instance started, or UTC midnight moved every player
 * to the day's first sync), that is one round trip and one execution for many syncs instead of one each, the
 * way the writes are grouped (sync-write-groups.ts); when idle a group holds one read and waits for nothing.
 */
import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import { readSyncStates, type SyncState } from "../../db/repos/tap-sync.repo.ts";
import type { Database } from "../../db/schema.ts";
import { MAX_GROUP } from "./sync-write-groups.ts";

type SyncQuery = { userId: string; batchId: string };

const loaders = new WeakMap<Kysely<Database>, DataLoader<SyncQuery, SyncState>>();

function loaderOf(db: Kysely<Database>): DataLoader<SyncQuery, SyncState> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new DataLoader((queries) => readSyncStates(db, queries), {
      // A read is of the row as it is now: nothing is kept from one group to the next.
      cache: false,
      maxBatchSize: MAX_GROUP,
      // After the I/O callbacks of this turn, like the write groups: every request that reached its read joins.
      batchScheduleFn: (callback) => setImmediate(callback),
    });
    loaders.set(db, loader);
  }
  return loader;
}

/** Reads the sync's state with whatever other syncs read in this turn of the event loop. */
export const readInGroup = (db: Kysely<Database>, query: SyncQuery): Promise<SyncState> =>
  loaderOf(db).load(query);
