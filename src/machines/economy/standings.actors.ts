/** Real actors of the Leaderboard and Stats pages: the standings calls of the one API client. */
import { fromPromise } from "xstate";
import { type LeaderboardAnswer, type StandingsApi, type StatsAnswer, toPeriod } from "#src/api/standings.ts";
import { unwrap } from "#src/machines/shared/unwrap.ts";

/** How many days the Stats page charts. */
export const STATS_DAYS = 30;

export function createStandingsActors(deps: { standings: StandingsApi }) {
  const { standings } = deps;
  return {
    // Typed `unknown` out because the live-read machine holds any page's answer; the page's view names it.
    /** The board of the period the query names; any other query reads the day's. */
    loadLeaderboard: fromPromise<unknown, string>(
      async ({ input }): Promise<LeaderboardAnswer> => unwrap(await standings.leaderboard(toPeriod(input))),
    ),
    /** The statistics of the player the query names. */
    loadStats: fromPromise<unknown, string>(
      async ({ input }): Promise<StatsAnswer> => unwrap(await standings.stats(input, STATS_DAYS)),
    ),
  };
}

export type StandingsActors = ReturnType<typeof createStandingsActors>;
