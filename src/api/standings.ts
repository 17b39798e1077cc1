/**
 * Typed calls of the Leaderboard and Stats pages (docs/api.md, Economy): players ranked by tap points per UTC
 * day, week and all time, and the player's own statistics.
 */

import type * as economy from "#contracts/economy.ts";
import type { AnswerOf } from "#contracts/endpoint.ts";
import type { ApiClient } from "./client.ts";

export type LeaderboardAnswer = AnswerOf<typeof economy.getLeaderboard>;
export type LeaderboardPeriod = LeaderboardAnswer["period"];
export type LeaderboardEntry = LeaderboardAnswer["entries"][number];
export type StatsAnswer = AnswerOf<typeof economy.getUserStats>;
export type StatsDay = StatsAnswer["days"][number];
export type MultiplierChange = StatsAnswer["multiplierHistory"][number];

export const LEADERBOARD_PERIODS = ["day", "week", "all"] as const satisfies readonly LeaderboardPeriod[];

/** A period from the URL or a query; anything else is the day's board. */
export const toPeriod = (value: unknown): LeaderboardPeriod =>
  LEADERBOARD_PERIODS.find((period) => period === value) ?? "day";

export function standingsApi(client: ApiClient) {
  return {
    leaderboard: (period: LeaderboardPeriod, limit?: number) =>
      client.get<LeaderboardAnswer>("/leaderboard", { query: { period, ...(limit ? { limit } : {}) } }),
    stats: (userId: string, days?: number) =>
      client.get<StatsAnswer>(`/user/${encodeURIComponent(userId)}/stats`, { query: days ? { days } : {} }),
  };
}

export type StandingsApi = ReturnType<typeof standingsApi>;
