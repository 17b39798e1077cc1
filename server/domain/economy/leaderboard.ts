/**
 * GET /leaderboard and GET /user/{id}/stats (docs/api.md, Economy; docs/decisions/022): points earned from
 * taps per UTC day, per week from Monday (UTC) and all time, read from the rollups the tap sync keeps.
 */
import {
  multiplierHistoryOf,
  placeOnBoard,
  type RollupPeriod,
  rollupsOf,
  topOfBoard,
} from "../../db/read-models/leaderboard.read-model.ts";
import type { Uses } from "../deps.ts";
import { publicName } from "./public-name.ts";
import { utcDayKey, utcDayOf, utcWeekStartOf } from "./utc-days.ts";

export type LeaderboardPeriod = "day" | "week" | "all";

const ROLLUP: Record<LeaderboardPeriod, RollupPeriod> = { day: "d", week: "w", all: "a" };

function startOf(period: LeaderboardPeriod, now: Date): number {
  const today = utcDayOf(now);
  if (period === "day") return today;
  return period === "week" ? utcWeekStartOf(today) : 0;
}

export interface Leaderboard {
  entries: { rank: number; name: string; pointsMicro: number; me: boolean }[];
  me: { rank: number | null; pointsMicro: number };
}

export async function leaderboard(
  deps: Uses<"db" | "clock">,
  query: { period: LeaderboardPeriod; limit: number; userId: string },
): Promise<Leaderboard> {
  const board = { period: ROLLUP[query.period], start: startOf(query.period, deps.clock()) };
  const [top, place] = await Promise.all([
    topOfBoard(deps.db, { ...board, limit: query.limit }),
    placeOnBoard(deps.db, { ...board, userId: query.userId }),
  ]);
  // Competition ranking: equal points share the rank of the first of them (1, 2, 2, 4).
  const entries: Leaderboard["entries"] = [];
  for (const [index, row] of top.entries()) {
    const previous = entries[index - 1];
    const rank = previous && top[index - 1]!.points_micro === row.points_micro ? previous.rank : index + 1;
    entries.push({ rank, name: publicName(row), pointsMicro: row.points_micro, me: row.id === query.userId });
  }
  return {
    entries,
    me: { rank: place.pointsMicro > 0 ? place.above + 1 : null, pointsMicro: place.pointsMicro },
  };
}

export interface PlayerStats {
  days: { date: string; taps: number; pointsMicro: number }[];
  totals: { taps: number; pointsMicro: number; earnedTodayMicro: number };
  multiplierHistory: { at: Date; multiplierMicro: number; source: "purchase" | "admin" }[];
}

/** The last `days` UTC days ending today, oldest first, a day without taps as 0. */
export async function playerStats(
  deps: Uses<"db" | "clock">,
  userId: string,
  days: number,
): Promise<PlayerStats> {
  const today = utcDayOf(deps.clock());
  const from = today - days + 1;
  const [rows, changes] = await Promise.all([
    rollupsOf(deps.db, userId, from, today),
    multiplierHistoryOf(deps.db, userId),
  ]);
  const byDay = new Map(rows.filter((row) => row.period === "d").map((row) => [row.period_start, row]));
  const allTime = rows.find((row) => row.period === "a");
  return {
    days: Array.from({ length: days }, (_, index) => {
      const row = byDay.get(from + index);
      return { date: utcDayKey(from + index), taps: row?.taps ?? 0, pointsMicro: row?.points_micro ?? 0 };
    }),
    totals: {
      taps: allTime?.taps ?? 0,
      pointsMicro: allTime?.points_micro ?? 0,
      earnedTodayMicro: byDay.get(today)?.points_micro ?? 0,
    },
    multiplierHistory: changes.map((change) => ({
      at: change.created_at,
      multiplierMicro: change.new_multiplier_micro,
      source: change.reason,
    })),
  };
}
