/**
 * Keeps the marks of the current leaderboards (the day, the week and all time) fresh, so a rank deep in a big
 * board is cheap (docs/decisions/022). One instance at a time (a worker lease) counts each board again every
 * round and drops the marks of boards that are over. Between rounds, ranks below the top 10 000 are off by at
 * most the players who passed a mark since it was counted; ranks within the top are always counted live.
 */
import {
  dropMarksOtherThan,
  type RollupPeriod,
  remarkBoard,
} from "../../db/read-models/leaderboard.read-model.ts";
import type { Uses } from "../deps.ts";
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
export async function remarkBoards(deps: Uses<"db" | "clock">): Promise<number[]> {
  const boards = currentBoards(deps.clock());
  const marks: number[] = [];
  for (const board of boards) marks.push(await remarkBoard(deps.db, board));
  await dropMarksOtherThan(deps.db, boards);
  return marks;
}
