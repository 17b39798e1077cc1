/**
 * Generated paths of the live-read machine behind the Leaderboard and Stats pages (docs/design.md §3): every
 * state is reached, every transition the model allows is walked on the real actor, and each replay is checked
 * for what the page must show and what it must ask the server.
 */
import { describe, expect, it } from "vitest";
import { type AnyMachineSnapshot, createActor, createMachine, fromCallback } from "xstate";
import { leaderboardMachine } from "#src/machines/economy/leaderboard.machine.ts";
import { toLiveReadView } from "#src/machines/economy/live-read.view.ts";
import { statsMachine } from "#src/machines/economy/stats.machine.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generateTransitionPaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const NETWORK = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const app = createActor(createMachine({})).start();
const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.query).toBe(expected.context.query);
};

function modelOf(
  id: string,
  query: string,
  news: Array<{ type: string; [key: string]: unknown }>,
): ModelOptions<unknown> {
  return {
    input: { app, query },
    fakeActors: ["load"],
    actors: { liveEvents: fromCallback(() => {}) },
    events: [
      { type: "RETRY" },
      { type: "QUERY", query: "week" },
      { type: "STREAM.RESET" },
      { type: "STREAM.DOWN" },
      { type: "STREAM.UP" },
      ...news,
      { type: "xstate.done.actor.load", output: { answer: 1 } },
      { type: "xstate.error.actor.load", error: NETWORK },
      { type: `xstate.after.REREAD_THROTTLE.${id}.ready.stale` },
      { type: `xstate.after.POLL.${id}.ready.fresh` },
    ],
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.missedNews,
        snapshot.context.streamUp,
        snapshot.context.data !== null,
        snapshot.context.query,
      ]),
  };
}

const cases = [
  {
    name: "leaderboard",
    machine: leaderboardMachine,
    model: modelOf("leaderboard", "day", [
      { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
    ]),
  },
  {
    name: "stats",
    machine: statsMachine,
    model: modelOf("stats", "user-1", [
      { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
      { type: "MULTIPLIER.CHANGED", multiplier: 0.002 },
    ]),
  },
];

describe.each(cases)("$name machine: generated paths", ({ machine, model }) => {
  const paths = generateTransitionPaths(machine, model);
  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(machine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, actorInputs } = await replayPath(machine, path, model, sameValue);
    const view = toLiveReadView(snapshot);
    const types = path.steps.map((step) => step.event.type);
    // Every read asks for the query in force when it started: a new period is read, never the old one.
    const reads = actorInputs.filter((entry) => entry.src === "load").map((entry) => entry.input);
    const queried = types.indexOf("QUERY");
    if (queried >= 0) expect(reads.at(-1)).toBe("week");
    else
      for (const input of reads) expect(input).toBe(model.input && (model.input as { query: string }).query);
    // Once an answer has come, a failed re-read never blanks the page, nor does a stream reset: only a new
    // query (whose answer is of something else) shows the loading state again.
    if (snapshot.matches("ready")) expect(view.data).toEqual({ answer: 1 });
    const answered = types.lastIndexOf("xstate.done.actor.load");
    if (answered >= 0 && types.lastIndexOf("QUERY") < answered) expect(view.status).toBe("ready");
    if (snapshot.matches("failed")) expect(view.status).toBe("failed");
    expect(view.updating).toBe(snapshot.matches({ ready: "reading" }));
  });
});
