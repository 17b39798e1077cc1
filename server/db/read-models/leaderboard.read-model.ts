/**
 * The leaderboard and the player's statistics, read from the tap rollups (docs/decisions/022): the top of a
 * period walks the board index from its best entry; a player's rank counts the entries above theirs on the same
 * index; a player's days are a primary-key range.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export type RollupPeriod = "d" | "w" | "a";

/** Best first; among equal points, who reached them first. Only players who earned something. */
export function topOfBoard(
  db: Kysely<Database>,
  board: { period: RollupPeriod; start: number; limit: number },
) {
  return db
    .selectFrom("tap_rollups as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["u.id", "u.name", "r.points_micro"])
    .where("r.period", "=", board.period)
    .where("r.period_start", "=", board.start)
    .where("r.points_micro", ">", 0)
    .orderBy("r.points_micro", "desc")
    .orderBy("r.reached_at", "asc")
    .orderBy("r.user_id", "asc")
    .limit(board.limit)
    .execute();
}

/** The player's points in the period (0 without a row) and how many players have strictly more. */
export async function placeOnBoard(
  db: Kysely<Database>,
  board: { period: RollupPeriod; start: number; userId: string },
): Promise<{ pointsMicro: number; above: number }> {
  const { rows } = await sql<{ points_micro: number; above: number }>`
    WITH mine AS (
      SELECT points_micro FROM tap_rollups
      WHERE user_id = ${board.userId} AND period = ${board.period} AND period_start = ${board.start}
    )
    SELECT COALESCE((SELECT points_micro FROM mine), 0)::bigint AS points_micro,
      (SELECT count(*)::int FROM tap_rollups
        WHERE period = ${board.period} AND period_start = ${board.start}
          AND points_micro > COALESCE((SELECT points_micro FROM mine), 0)) AS above`.execute(db);
  const row = rows[0]!;
  return { pointsMicro: row.points_micro, above: row.above };
}

/** The player's day rows from `fromDay` to `toDay` (UTC day numbers), and their all-time row. */
export async function rollupsOf(db: Kysely<Database>, userId: string, fromDay: number, toDay: number) {
  return db
    .selectFrom("tap_rollups")
    .select(["period", "period_start", "taps", "points_micro"])
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb.and([eb("period", "=", "d"), eb("period_start", ">=", fromDay), eb("period_start", "<=", toDay)]),
        eb.and([eb("period", "=", "a"), eb("period_start", "=", 0)]),
      ]),
    )
    .execute();
}

/** Every change of the player's tap multiplier, oldest first. */
export function multiplierHistoryOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("multiplier_changes")
    .select(["new_multiplier_micro", "reason", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}
