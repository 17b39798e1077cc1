/**
 * Deletes in bounded batches (docs/decisions/035). Each batch is one short statement, its own transaction,
 * so the maintenance round never holds locks on a big table for long; and one run deletes at most
 * PRUNE_MAX_BATCHES of them, so a backlog (the first run after an upgrade) is worked off over the following
 * minutes instead of in one long run.
 */
export const PRUNE_BATCH = 1_000;
export const PRUNE_MAX_BATCHES = 20;

/** `deleteBatch` deletes at most `limit` rows and answers how many it deleted. */
export async function pruneInBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch += 1) {
    const count = await deleteBatch(PRUNE_BATCH);
    deleted += count;
    if (count < PRUNE_BATCH) break;
  }
  return deleted;
}
