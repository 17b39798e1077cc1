/**
 * The access tokens this instance does not remember (session-cache.ts) are looked up together: the requests that
 * authenticate in the same turn of the event loop share one statement. It matters when many players this
 * instance has never seen arrive at once (an instance just started, or the balancer moved them here): each one's
 * first request costs a share of a round trip, not a round trip. When idle a lookup goes out alone, at once.
 */
import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import { findSessionsByAccessHashes, type SessionWithUser } from "../../db/repos/sessions.repo.ts";
import type { Database } from "../../db/schema.ts";

/** Enough to amortise the round trip; a statement of this many hashes stays short. */
const MAX_LOOKUPS = 64;

const loaders = new WeakMap<Kysely<Database>, DataLoader<string, SessionWithUser | undefined>>();

/** The session of this access token hash (undefined: none), looked up with the others of this turn. */
export function lookUpSession(db: Kysely<Database>, accessTokenHash: string) {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new DataLoader((hashes) => findSessionsByAccessHashes(db, hashes), {
      // Revocation must be seen at once: nothing is kept beyond the lookup (the session cache decides that).
      cache: false,
      maxBatchSize: MAX_LOOKUPS,
      batchScheduleFn: (callback) => setImmediate(callback),
    });
    loaders.set(db, loader);
  }
  return loader.load(accessTokenHash);
}
