/**
 * The leaderboard's periods, apart from the calls: the route's `validateSearch` needs them in the first chunk,
 * which should not carry the API calls (docs/architecture.md, "The landing page stays light").
 */

import type * as economy from "#contracts/economy.ts";
import type { AnswerOf } from "#contracts/endpoint.ts";

type LeaderboardPeriod = AnswerOf<typeof economy.getLeaderboard>["period"];

export const LEADERBOARD_PERIODS = ["day", "week", "all"] as const satisfies readonly LeaderboardPeriod[];

/** A period from the URL or a query; anything else is the day's board. */
export const toPeriod = (value: unknown): LeaderboardPeriod =>
  LEADERBOARD_PERIODS.find((period) => period === value) ?? "day";
