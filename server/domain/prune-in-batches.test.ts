import { describe, expect, it } from "vitest";
import { PRUNE_BATCH, PRUNE_MAX_BATCHES, pruneInBatches } from "./prune-in-batches.ts";

/** A table of `rows` rows to delete; records the limit of every statement. */
function table(rows: number) {
  const limits: number[] = [];
  let left = rows;
  const deleteBatch = async (limit: number) => {
    limits.push(limit);
    const count = Math.min(limit, left);
    left -= count;
    return count;
  };
  return { deleteBatch, limits, left: () => left };
}

describe("pruning in batches", () => {
  it("deletes batch after batch until one comes back short", async () => {
    const rows = table(2 * PRUNE_BATCH + 7);
    expect(await pruneInBatches(rows.deleteBatch)).toBe(2 * PRUNE_BATCH + 7);
    expect(rows.limits).toEqual([PRUNE_BATCH, PRUNE_BATCH, PRUNE_BATCH]);
    expect(rows.left()).toBe(0);
  });

  it("stops after the last batch a run may take, leaving the rest to the next run", async () => {
    const rows = table(PRUNE_MAX_BATCHES * PRUNE_BATCH + 5);
    expect(await pruneInBatches(rows.deleteBatch)).toBe(PRUNE_MAX_BATCHES * PRUNE_BATCH);
    expect(rows.limits).toHaveLength(PRUNE_MAX_BATCHES);
    expect(await pruneInBatches(rows.deleteBatch)).toBe(5);
  });
});
