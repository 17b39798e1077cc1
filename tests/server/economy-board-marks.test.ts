/**
 * Ranks deep in a big leaderboard (docs/decisions/022): below the board's top, a rank is the count above the
 * nearest mark, as a background round last counted it, plus a live count up to the player. Marks are spaced
 * closely here (after the top 10, every 5th place) so a board of 60 players has ten of them. Fresh marks give
 * exactly the live rank for every player, ties across a mark included; stale marks are off by at most the
 * players who passed a mark since; a past day's marks are dropped.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import {
  dropMarksOtherThan,
  placeOnBoard,
  type RollupPeriod,
  remarkBoard,
} from "#server/db/read-models/leaderboard.read-model.ts";
import { setupTestApp } from "./helpers/test-app.ts";

const t = setupTestApp();
const SPACING = { exactTop: 10, every: 5 };
const ALL = { period: "a" as RollupPeriod, start: 0 };
const PLAYERS = 60;
let ids: string[] = [];

const db = () => t.database.handle.db;

/**
 * Player i (0-based) is in place i + 1, best first; players 20–29 (places 21–30) share one figure, across the
 * marks at places 25 and 30.
 */
const points = (i: number) => (i < 20 ? 1_000 - i * 10 : i < 30 ? 500 : 400 - (i - 30) * 10) * 1_000;

/** What the rank must be: 1 + everyone with strictly more points, counted from the rollups themselves. */
async function exactAbove(userId: string, board = ALL) {
  const { rows } = await sql<{ above: number }>`
    SELECT count(*)::int AS above FROM tap_rollups
    WHERE period = ${board.period} AND period_start = ${board.start}
      AND points_micro > COALESCE((SELECT points_micro FROM tap_rollups
        WHERE user_id = ${userId} AND period = ${board.period} AND period_start = ${board.start}), 0)`.execute(
    db(),
  );
  return rows[0]!.above;
}

const marksOf = (board = ALL) =>
  db()
    .selectFrom("board_marks")
    .select(["points_micro", "above"])
    .where("period", "=", board.period)
    .where("period_start", "=", board.start)
    .orderBy("points_micro", "desc")
    .execute();

beforeAll(async () => {
  const inserted = await db()
    .insertInto("users")
    .values(
      Array.from({ length: PLAYERS }, (_, i) => ({
        email: `marks-${i}@example.com`,
        name: `Player ${i}`,
        password_hash: "not a hash: never logs in",
        created_at: new Date(),
      })),
    )
    .returning("id")
    .execute();
  ids = inserted.map((row) => row.id);
  await db()
    .insertInto("tap_rollups")
    .values(
      ids.flatMap((id, i) => [
        {
          user_id: id,
          period: "a" as const,
          period_start: 0,
          taps: i + 1,
          points_micro: points(i),
          reached_at: new Date(i * 1000),
        },
        {
          user_id: id,
          period: "d" as const,
          period_start: 20_000,
          taps: 1,
          points_micro: points(i),
          reached_at: new Date(i * 1000),
        },
      ]),
    )
    .execute();
});

describe("leaderboard marks", () => {
  it("marks every 5th place after the top 10, with how many players have strictly more", async () => {
    expect(await remarkBoard(db(), ALL, SPACING)).toBe(9);
    const marks = await marksOf();
    // Places 15, 20, 25, 35 … 60: places 25 and 30 share their points, 20 players above them (one mark).
    expect(marks.map((mark) => mark.above)).toEqual([14, 19, 20, 34, 39, 44, 49, 54, 59]);
    expect(marks[2]).toEqual({ points_micro: 500_000, above: 20 });
  });

  it("with fresh marks every player's place is exactly the live count", async () => {
    await remarkBoard(db(), ALL, SPACING);
    for (const id of ids) {
      const place = await placeOnBoard(db(), { ...ALL, userId: id });
      expect(place.above, id).toBe(await exactAbove(id));
    }
    // A player without points on the board: everyone is above them.
    const outsider = await placeOnBoard(db(), { ...ALL, userId: "00000000-0000-4000-8000-000000000000" });
    expect(outsider).toEqual({ pointsMicro: 0, above: PLAYERS });
  });

  it("stale marks are off by at most the players who passed a mark since; the top stays exact", async () => {
    await remarkBoard(db(), ALL, SPACING);
    // The last player jumps to the top without a new round.
    const climber = ids[PLAYERS - 1]!;
    await db()
      .updateTable("tap_rollups")
      .set({ points_micro: 2_000_000 })
      .where("user_id", "=", climber)
      .where("period", "=", "a")
      .execute();
    for (const id of ids) {
      const place = await placeOnBoard(db(), { ...ALL, userId: id });
      const exact = await exactAbove(id);
      expect(Math.abs(place.above - exact), id).toBeLessThanOrEqual(1);
      // The top of the board (no mark above) is counted live.
      if (exact < SPACING.exactTop) expect(place.above, id).toBe(exact);
    }
    await remarkBoard(db(), ALL, SPACING);
    for (const id of ids)
      expect((await placeOnBoard(db(), { ...ALL, userId: id })).above).toBe(await exactAbove(id));
  });

  it("a board with no marks (small, or not counted yet) is counted live; a past day's marks are dropped", async () => {
    const day = { period: "d" as RollupPeriod, start: 20_000 };
    expect(await remarkBoard(db(), day, { exactTop: 100, every: 5 })).toBe(0);
    expect(await remarkBoard(db(), day, SPACING)).toBeGreaterThan(0);
    await dropMarksOtherThan(db(), [ALL, { period: "d", start: 20_001 }]);
    expect(await marksOf(day)).toEqual([]);
    expect((await marksOf()).length).toBeGreaterThan(0);
    const last = ids[PLAYERS - 2]!;
    expect((await placeOnBoard(db(), { ...day, userId: last })).above).toBe(await exactAbove(last, day));
  });
});
