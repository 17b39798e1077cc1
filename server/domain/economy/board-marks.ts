/**
 * Keeps the marks of the current leaderboards (the day, the week and all time) fresh, so a rank deep in a big
 * board is cheap (docs/decisions/022). One instance at a time (a worker lease) counts each board again every
 * round and drops the marks of boards that are over. Between rounds, ranks below the top 10 000 are off by at
 * most the players who passed a mark since it was counted; ranks within the top are always counted live.
 */
import type { AppContext } from "../../context.ts";
import {
  dropMarksOtherThan,
  type RollupPeriod,
  remarkBoard,
} from "../../db/read-models/leaderboard.read-model.ts";
import { utcDayOf, utcWeekStartOf } from "./utc-days.ts";

export const BOARD_MARKS_LEASE = "board-marks";

export function currentBoards(now: Date): Array<{ period: RollupPeriod; start: number }> {
  const today = utcDayOf(now);
  return [
    { period: "d", start: today },
    { period: "w", start: utcWeekStartOf(today) },
    { period: "a", start: 0 },
  ];
}

/** One round: answers the marks each current board has now. */
export async function remarkBoards(ctx: AppContext): Promise<number[]> {
  const boards = currentBoards(ctx.clock());
  const marks: number[] = [];
  for (const board of boards) marks.push(await remarkBoard(ctx.db, board));
  await dropMarksOtherThan(ctx.db, boards);
  return marks;
}
