/**
 * The user's rewards row, locked for the rest of the transaction (created first if the user never tapped).
 * Lock order everywhere: this row first, then ledger accounts (by id, in transfer()), so no two operations
 * can wait on each other in a cycle.
 */
import type { Transaction } from "kysely";
import {
  insertPointsMovement,
  insertRewardsRow,
  lockRewards,
  type RewardsRow,
  setPoints,
} from "../../db/repos/rewards.repo.ts";
import type { Database, PointsMovementKind } from "../../db/schema.ts";
import { pointsChanged } from "../live/screen-events.ts";
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

/**
 * A change of points other than a tap batch, on the row `lockRewardsAccount` locked: the new figure, its
 * movement (keyed when it pays for a fact) and its `points` event. Answers the points after.
 */
export async function movePoints(
  trx: Transaction<Database>,
  userId: string,
  rewards: RewardsRow,
  movement: { deltaMicro: number; kind: PointsMovementKind; idempotencyKey?: string; at: Date },
): Promise<number> {
  const pointsMicro = rewards.pointsMicro + movement.deltaMicro;
  await setPoints(trx, userId, pointsMicro);
  await insertPointsMovement(trx, { userId, ...movement });
  pointsChanged(trx, userId, {
    pointsMicro,
    totalTaps: rewards.totalTaps,
    multiplierMicro: rewards.multiplierMicro,
  });
  return pointsMicro;
}
