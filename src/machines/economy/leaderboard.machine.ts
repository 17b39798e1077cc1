/**
 * The Leaderboard page (docs/product.md, Leaderboard): the board of one period, read again a few seconds after
 * the player's own points change (their place moves) and every half minute for everyone else's taps, which no
 * event tells this player about. The period comes from the URL; a new one is a QUERY.
 */
import { liveReadMachine } from "./live-read.machine.ts";

export const leaderboardMachine = liveReadMachine({
  id: "leaderboard",
  news: ["POINTS.UPDATED"],
  pollWhileUp: true,
});
