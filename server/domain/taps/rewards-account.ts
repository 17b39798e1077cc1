/**
 * The user's rewards row, locked for the rest of the transaction (created first if the user never tapped).
 * Lock order everywhere: this row first, then ledger accounts (by id, in transfer()), so no two operations
 * can wait on each other in a cycle.
 */
import type { Transaction } from "kysely";
import { insertRewardsRow, lockRewards, type RewardsRow } from "../../db/repos/rewards.repo.ts";
import type { Database } from "../../db/schema.ts";
import { fullBucket } from "./token-bucket.ts";

export async function lockRewardsAccount(
  trx: Transaction<Database>,
  userId: string,
  now: Date,
): Promise<RewardsRow> {
  const existing = await lockRewards(trx, userId);
  if (existing) return existing;
  const bucket = fullBucket(now);
  await insertRewardsRow(trx, { userId, bucketMilliTaps: bucket.milliTaps, at: bucket.updatedAt });
  const created = await lockRewards(trx, userId);
  if (!created) throw new Error(`rewards row of user ${userId} vanished`);
  return created;
}
