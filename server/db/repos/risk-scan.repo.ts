/**
 * What the periodic risk scan reads (docs/fair-play.md): each rule reads only what happened since its mark,
 * through an index on the time it reads by, and moves its mark on.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export async function readScanMark(db: Kysely<Database>, name: string): Promise<Date | null> {
  const row = await db
    .selectFrom("risk_scan_marks")
    .select("mark")
    .where("name", "=", name)
    .executeTakeFirst();
  return row ? new Date(row.mark) : null;
}

export async function writeScanMark(db: Kysely<Database>, name: string, mark: Date): Promise<void> {
  await db
    .insertInto("risk_scan_marks")
    .values({ name, mark })
    .onConflict((oc) => oc.column("name").doUpdateSet({ mark }))
    .execute();
}

/** Users' USDT withdrawals asked since `since` (withdrawals_created_idx), with when the user signed up. */
export async function withdrawalsAskedSince(
  db: Kysely<Database>,
  since: Date,
): Promise<Array<{ userId: string; amountMicro: number; at: Date; signedUpAt: Date }>> {
  const { rows } = await sql<{
    user_id: string;
    amount_micro: string | number;
    created_at: Date;
    signed_up_at: Date;
  }>`
    SELECT w.user_id, w.amount_micro, w.created_at, u.created_at AS signed_up_at
    FROM withdrawals w JOIN users u ON u.id = w.user_id
    WHERE w.created_at > ${since} AND w.user_id IS NOT NULL
    ORDER BY w.created_at`.execute(db);
  return rows.map((row) => ({
    userId: row.user_id,
    amountMicro: Number(row.amount_micro),
    at: new Date(row.created_at),
    signedUpAt: new Date(row.signed_up_at),
  }));
}

/** Referrers of the accounts that had a signal other than referral-farm raised since `since` (risk_signals_raised_idx). */
export async function referrersOfFlaggedSince(db: Kysely<Database>, since: Date): Promise<string[]> {
  const { rows } = await sql<{ referrer_id: string }>`
    SELECT DISTINCT f.referrer_id
    FROM risk_signals s JOIN referrals f ON f.friend_id = s.user_id
    WHERE s.raised_at > ${since} AND s.signal <> 'referral-farm'`.execute(db);
  return rows.map((row) => row.referrer_id);
}

/** The referrer's friends that carry a signal other than referral-farm since their last clear. */
export async function flaggedFriendsOf(db: Kysely<Database>, referrerId: string): Promise<string[]> {
  const { rows } = await sql<{ friend_id: string }>`
    SELECT DISTINCT f.friend_id
    FROM referrals f
    JOIN risk_signals s ON s.user_id = f.friend_id AND s.signal <> 'referral-farm'
    LEFT JOIN account_standing a ON a.user_id = f.friend_id
    WHERE f.referrer_id = ${referrerId} AND (a.cleared_at IS NULL OR s.raised_at > a.cleared_at)
    ORDER BY f.friend_id`.execute(db);
  return rows.map((row) => row.friend_id);
}

/**
 * Day rollups of the given UTC days whose hours mask has at least `hours` bits set (read through
 * tap_rollups_board_idx, by period and day).
 */
export async function daysWithManyHours(
  db: Kysely<Database>,
  days: readonly number[],
  hours: number,
): Promise<Array<{ userId: string; day: number; mask: number }>> {
  const { rows } = await sql<{ user_id: string; period_start: number; hours_mask: number }>`
    SELECT user_id, period_start, hours_mask
    FROM tap_rollups
    WHERE period = 'd' AND period_start = ANY(${[...days]}::int[])
      AND bit_count(hours_mask::bit(24)) >= ${hours}`.execute(db);
  return rows.map((row) => ({ userId: row.user_id, day: row.period_start, mask: row.hours_mask }));
}
