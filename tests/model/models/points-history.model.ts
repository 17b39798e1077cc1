/** The points history (tests/model/economy.paths.test.ts): pages, a next page, pushed points. */
import { pointsHistoryMachine } from "#src/machines/economy/points-history.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";
import { NETWORK, quietLiveEvents, silentActor } from "./doubles.ts";

const row = (id: string, factor: number) => ({
  id,
  points: 0.001 * factor,
  multiplier: 0.001,
  factor,
  timestamp: "2030-01-02T12:00:00.000Z",
});

export const pointsHistory: ModelOptions<unknown> = {
  input: { app: silentActor(), userId: "u1" },
  fakeActors: ["loadHistoryPage"],
  actors: quietLiveEvents,
  events: (snapshot) => [
    { type: "MORE" },
    { type: "RETRY" },
    { type: "STREAM.RESET" },
    { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
    {
      type: "xstate.done.actor.loadHistoryPage",
      output: snapshot.matches({ ready: "more" })
        ? { history: [row("b1", 1)], nextCursor: null }
        : { history: [row("b3", 2), row("b2", 1)], nextCursor: "2" },
    },
    { type: "xstate.error.actor.loadHistoryPage", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.rows.length,
      snapshot.context.nextCursor,
      snapshot.context.behind,
      snapshot.context.moreFailed,
    ]),
};

export const pointsHistoryModel = registerModel({
  name: "points-history",
  file: "src/machines/economy/points-history.machine.ts",
  machine: pointsHistoryMachine,
  suites: [{ name: "pages and pushed points", options: pointsHistory, paths: "shortest" }],
});
