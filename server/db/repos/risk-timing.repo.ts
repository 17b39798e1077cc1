/**
 * What the tap signals read of one account's recent batches (docs/fair-play.md): each batch keeps its taps, time
 * and timing summary on its tap_batches row, read here through tap_batches_history_idx (user_id, created_at).
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export interface TimedBatch {
  at: Date;
  tapsClaimed: number;
  intervalCount: number | null;
  cv: number | null;
}

/** Batches since `since` that carried at least `minIntervals` intervals (newest first, at most `limit`). */
export async function timedBatchesSince(
  db: Kysely<Database>,
  query: { userId: string; since: Date; minIntervals: number; limit: number },
): Promise<TimedBatch[]> {
  const rows = await db
    .selectFrom("tap_batches")
    .select(["created_at", "taps_claimed", "interval_count", "interval_cv"])
    .where("user_id", "=", query.userId)
    .where("created_at", ">", query.since)
    .where("interval_count", ">=", query.minIntervals)
    .orderBy("created_at", "desc")
    .limit(query.limit)
    .execute();
  return rows.map(toTimed);
}

/** Batches since `since` of at least `minTaps` taps that came without intervals (newest first). */
export async function untimedBatchesSince(
  db: Kysely<Database>,
  query: { userId: string; since: Date; minTaps: number; limit: number },
): Promise<TimedBatch[]> {
  const rows = await db
    .selectFrom("tap_batches")
    .select(["created_at", "taps_claimed", "interval_count", "interval_cv"])
    .where("user_id", "=", query.userId)
    .where("created_at", ">", query.since)
    .where("interval_count", "is", null)
    .where("taps_claimed", ">=", query.minTaps)
    .orderBy("created_at", "desc")
    .limit(query.limit)
    .execute();
  return rows.map(toTimed);
}

const toTimed = (row: {
  created_at: Date;
  taps_claimed: number;
  interval_count: number | null;
  interval_cv: number | null;
}): TimedBatch => ({
  at: row.created_at,
  tapsClaimed: row.taps_claimed,
  intervalCount: row.interval_count,
  cv: row.interval_cv,
});

/** Credited taps per UTC minute since `since` (minutes without taps are left out). */
export async function creditedMinutesSince(
  db: Kysely<Database>,
  userId: string,
  since: Date,
): Promise<Array<{ minuteStart: Date; taps: number }>> {
  const { rows } = await sql<{ minute_start: Date; taps: string | number }>`
    SELECT date_trunc('minute', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS minute_start,
      sum(taps_credited) AS taps
    FROM tap_batches
    WHERE user_id = ${userId} AND created_at >= ${since}
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return rows.map((row) => ({ minuteStart: new Date(row.minute_start), taps: Number(row.taps) }));
}
