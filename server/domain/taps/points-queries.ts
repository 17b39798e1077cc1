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
  /** "taps": a credited batch; "combo": the combo bonus that batch minted on top, listed just before it. */
  kind: "taps" | "combo";
  pointsMicro: number;
  multiplierMicro: number;
  /** The booster factor the batch was credited at (1 without one): points = taps × multiplier × factor. */
  factor: number;
  at: Date;
}

/** A combo entry's id: its batch's id and this suffix, so a cursor can stop between the two entries. */
const COMBO_SUFFIX = ":combo";
/** The id of a points history entry (and of a cursor's position): a batch id, or one with COMBO_SUFFIX. */
export const HISTORY_ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(:combo)?$/;

type BatchRow = Awaited<ReturnType<typeof listCreditedBatches>>[number];

/** A batch's entries, newest first: its combo bonus (minted on top of it) before its taps. */
function entriesOf(row: BatchRow): PointsHistoryEntry[] {
  const taps: PointsHistoryEntry = {
    id: row.batch_id,
    kind: "taps",
    pointsMicro: row.points_micro,
    multiplierMicro: row.multiplier_micro,
    factor: row.booster_factor,
    at: row.created_at,
  };
  if (row.combo_bonus_micro <= 0) return [taps];
  return [
    { ...taps, id: `${row.batch_id}${COMBO_SUFFIX}`, kind: "combo", pointsMicro: row.combo_bonus_micro },
    taps,
  ];
}

/**
 * Newest first, keyset-paged like every list. A position is an entry's (time, id): after a batch's taps entry
 * the next page starts at the next batch; after its combo entry, at the same batch's taps entry.
 */
export async function pointsHistory(
  db: Kysely<Database>,
  userId: string,
  request: PageRequest,
): Promise<Page<PointsHistoryEntry>> {
  const after = request.after;
  const afterCombo = after?.id.endsWith(COMBO_SUFFIX) ?? false;
  const batchAfter = after && { at: after.at, id: after.id.replace(COMBO_SUFFIX, "") };
  // Each batch makes at least one entry, so limit + 1 batches (and the cursor's own batch) are enough to know
  // whether another page follows.
  const rows = await listCreditedBatches(db, userId, {
    limit: request.limit + 1 + (afterCombo ? 1 : 0),
    after: batchAfter,
    includingAfter: afterCombo,
  });
  let entries = rows.flatMap(entriesOf);
  if (afterCombo && after) entries = entries.filter((entry) => entry.id !== after.id);
  const items = entries.slice(0, request.limit);
  const last = items.at(-1);
  return {
    items,
    next: entries.length > request.limit && last ? { at: last.at, id: last.id } : null,
  };
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
