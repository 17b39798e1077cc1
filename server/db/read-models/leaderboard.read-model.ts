/**
 * The leaderboard and the player's statistics, read from the tap rollups (docs/decisions/022): the top of a
 * period walks the board index from its best entry; a player's rank counts the entries above theirs on the same
 * index, up to the next board mark above them when there is one; a player's days are a primary-key range.
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

/**
 * The player's points in the period (0 without a row) and how many players have strictly more. Within the top
 * of a board (no mark above the player) that is a live count. Below it, the nearest mark above the player says
 * how many were above the mark when it was last counted, and only the players between the mark and the
 * player are counted live, so a rank costs about a mark's width of index entries, not a million.
 */
export async function placeOnBoard(
  db: Kysely<Database>,
  board: { period: RollupPeriod; start: number; userId: string },
): Promise<{ pointsMicro: number; above: number }> {
  const { rows } = await sql<{ points_micro: number; above: number }>`
    WITH mine AS (
      SELECT COALESCE(
        (SELECT points_micro FROM tap_rollups
          WHERE user_id = ${board.userId} AND period = ${board.period} AND period_start = ${board.start}),
        0)::bigint AS points_micro
    ), mark AS (
      SELECT points_micro, above FROM board_marks
      WHERE period = ${board.period} AND period_start = ${board.start}
        AND points_micro > (SELECT points_micro FROM mine)
      ORDER BY points_micro ASC
      LIMIT 1
    )
    SELECT (SELECT points_micro FROM mine) AS points_micro,
      (COALESCE((SELECT above FROM mark), 0) + (
        SELECT count(*) FROM tap_rollups
        WHERE period = ${board.period} AND period_start = ${board.start}
          AND points_micro > (SELECT points_micro FROM mine)
          AND points_micro <= COALESCE((SELECT points_micro FROM mark), ${Number.MAX_SAFE_INTEGER}::bigint)
      ))::int AS above`.execute(db);
  const row = rows[0]!;
  return { pointsMicro: Number(row.points_micro), above: row.above };
}

/** Places beyond which a board is marked, and the distance between marks (docs/decisions/022). */
export const EXACT_TOP = 10_000;
export const MARK_EVERY = 1_000;

/**
 * Counts one board again and replaces its marks: every MARK_EVERY-th place after EXACT_TOP (tests space them
 * closer), with its points and how many players have strictly more. One transaction, so readers see the old marks or the new ones.
 * Answers how many marks the board has now.
 */
export async function remarkBoard(
  db: Kysely<Database>,
  board: { period: RollupPeriod; start: number },
  spacing: { exactTop: number; every: number } = { exactTop: EXACT_TOP, every: MARK_EVERY },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("board_marks")
      .where("period", "=", board.period)
      .where("period_start", "=", board.start)
      .execute();
    const { rows } = await sql<{ marks: number }>`
      WITH ranked AS (
        SELECT points_micro,
          rank() OVER (ORDER BY points_micro DESC) - 1 AS above,
          row_number() OVER (ORDER BY points_micro DESC) AS place
        FROM tap_rollups
        WHERE period = ${board.period} AND period_start = ${board.start} AND points_micro > 0
      ), inserted AS (
        INSERT INTO board_marks (period, period_start, points_micro, above)
        SELECT ${board.period}, ${board.start}, points_micro, above FROM ranked
        WHERE place > ${spacing.exactTop} AND place % ${spacing.every} = 0
        -- Equal points over more than a mark's width: the first mark of them says it all.
        ON CONFLICT DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS marks FROM inserted`.execute(trx);
    return rows[0]!.marks;
  });
}

/** Drops the marks of boards that are over (a past day or week). */
export async function dropMarksOtherThan(
  db: Kysely<Database>,
  current: Array<{ period: RollupPeriod; start: number }>,
): Promise<void> {
  await db
    .deleteFrom("board_marks")
    .where((eb) =>
      eb.not(
        eb.or(
          current.map((board) =>
            eb.and([eb("period", "=", board.period), eb("period_start", "=", board.start)]),
          ),
        ),
      ),
    )
    .execute();
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
