/**
 * Typed calls of the Leaderboard and Stats pages (docs/api.md, Economy): players ranked by tap points per UTC
 * day, week and all time, and the player's own statistics.
 */

import type * as economy from "#contracts/economy.ts";
import type { AnswerOf } from "#contracts/endpoint.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";

export type LeaderboardAnswer = AnswerOf<typeof economy.getLeaderboard>;
export type LeaderboardPeriod = LeaderboardAnswer["period"];
export type LeaderboardEntry = LeaderboardAnswer["entries"][number];
export type StatsAnswer = AnswerOf<typeof economy.getUserStats>;
export type StatsDay = StatsAnswer["days"][number];
export type MultiplierChange = StatsAnswer["multiplierHistory"][number];

export { LEADERBOARD_PERIODS, toPeriod } from "./leaderboard-period.ts";

const routes = {
  leaderboard: route<typeof economy.getLeaderboard>("GET", "/leaderboard"),
  stats: route<typeof economy.getUserStats>("GET", "/user/:id/stats"),
};

export function standingsApi(client: ApiClient) {
  return {
    leaderboard: (period: LeaderboardPeriod, limit?: number) =>
      call(client, routes.leaderboard, { query: { period, ...(limit ? { limit } : {}) } }),
    stats: (userId: string, days?: number) =>
      call(client, routes.stats, { params: { id: userId }, query: days ? { days } : {} }),
  };
}

export type StandingsApi = ReturnType<typeof standingsApi>;
