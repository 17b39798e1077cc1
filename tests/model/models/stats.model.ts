/** The Stats page (tests/model/standings.paths.test.ts): the player's own figures, kept current. */
import { statsMachine } from "#src/machines/economy/stats.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { liveReadPage } from "./live-read-page.ts";

/** The page's query is the signed-in player's id, which nothing on it changes: the model sends no QUERY. */
export const stats = liveReadPage(
  "stats",
  "user-1",
  [
    { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
    { type: "MULTIPLIER.CHANGED", multiplier: 0.002 },
  ],
  false,
);

export const statsModel = registerModel({
  name: "stats",
  file: "src/machines/economy/stats.machine.ts",
  madeBy: "src/machines/economy/live-read.machine.ts",
  machine: statsMachine,
  suites: [{ name: "reads, news and polls", options: stats, paths: "transitions" }],
});
