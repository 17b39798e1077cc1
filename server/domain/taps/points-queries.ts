/** Reads of a user's points, taps, multiplier and their histories (all in micro units). */
import type { Kysely } from "kysely";
import { listMultiplierChanges } from "../../db/repos/multipliers.repo.ts";
import { findRewards } from "../../db/repos/rewards.repo.ts";
import { listCreditedBatches } from "../../db/repos/tap-batches.repo.ts";
import type { Database } from "../../db/schema.ts";
import { type Page, type PageRequest, readPage } from "../pagination.ts";
import { DEFAULT_MULTIPLIER_MICRO } from "./multiplier.ts";

export async function pointsOf(db: Kysely<Database>, userId: string) {
  const rewards = await findRewards(db, userId);
  return { pointsMicro: rewards?.pointsMicro ?? 0, totalTaps: rewards?.totalTaps ?? 0 };
}

export async function multiplierOf(db: Kysely<Database>, userId: string): Promise<number> {
  return (await findRewards(db, userId))?.multiplierMicro ?? DEFAULT_MULTIPLIER_MICRO;
}

export interface PointsHistoryEntry {
  id: string;
  pointsMicro: number;
  multiplierMicro: number;
  /** The booster factor the batch was credited at (1 without one): points = taps × multiplier × factor. */
  factor: number;
  at: Date;
}

export function pointsHistory(
  db: Kysely<Database>,
  userId: string,
  request: PageRequest,
): Promise<Page<PointsHistoryEntry>> {
  return readPage(
    request,
    (page) => listCreditedBatches(db, userId, page),
    (row) => ({ at: row.created_at, id: row.batch_id }),
    (row) => ({
      id: row.batch_id,
      pointsMicro: row.points_micro,
      multiplierMicro: row.multiplier_micro,
      factor: row.booster_factor,
      at: row.created_at,
    }),
  );
}

export interface MultiplierHistoryEntry {
  id: string;
  oldMicro: number;
  newMicro: number;
  at: Date;
}

export function multiplierHistory(
  db: Kysely<Database>,
  userId: string,
  request: PageRequest,
): Promise<Page<MultiplierHistoryEntry>> {
  return readPage(
    request,
    (page) => listMultiplierChanges(db, userId, page),
    (row) => ({ at: row.created_at, id: String(row.id) }),
    (row) => ({
      id: String(row.id),
      oldMicro: row.old_multiplier_micro,
      newMicro: row.new_multiplier_micro,
      at: row.created_at,
    }),
  );
}
