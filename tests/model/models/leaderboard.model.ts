/** The Leaderboard page (tests/model/standings.paths.test.ts): one period's board, kept current. */
import { leaderboardMachine } from "#src/machines/economy/leaderboard.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { liveReadPage } from "./live-read-page.ts";

export const leaderboard = liveReadPage("leaderboard", "day", [
  { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
]);

export const leaderboardModel = registerModel({
  name: "leaderboard",
  file: "src/machines/economy/leaderboard.machine.ts",
  madeBy: "src/machines/economy/live-read.machine.ts",
  machine: leaderboardMachine,
  suites: [{ name: "reads, news and polls", options: leaderboard, paths: "transitions" }],
});
