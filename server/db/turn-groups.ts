/**
 * Reads grouped by turn of the event loop (docs/decisions/044): every call that starts in one turn joins one
 * group, and the group is read by one statement just after it (setImmediate), like the tap syncs' write groups.
 * When many callers arrive at once that is one round trip and one execution for all of them; when idle a group
 * holds one call and waits for nothing. Nothing is kept from one group to the next: a read is of now.
 */
import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Turns `read` (many keys, one statement, answers in the keys' order) into a read of one key that is grouped
 * with the others of its turn, per database, at most `maxGroup` keys a statement.
 */
export function groupedByTurn<K, V>(
  read: (db: Kysely<Database>, keys: readonly K[]) => Promise<V[]>,
  maxGroup: number,
): (db: Kysely<Database>, key: K) => Promise<V> {
  const loaders = new WeakMap<Kysely<Database>, DataLoader<K, V>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => read(db, keys), {
        cache: false,
        maxBatchSize: maxGroup,
        batchScheduleFn: (callback) => setImmediate(callback),
      });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}
