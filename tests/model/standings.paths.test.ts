/**
 * Generated paths of the live-read machine behind the Leaderboard and Stats pages (docs/design.md §3): every
 * state is reached, every transition the model allows is walked on the real actor, and each replay is checked
 * for what the page must show and what it must ask the server.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { toLiveReadView } from "#src/machines/economy/live-read.view.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { leaderboardModel } from "./models/leaderboard.model.ts";
import type { LiveReadInput } from "./models/live-read-page.ts";
import { statsModel } from "./models/stats.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.query).toBe(expected.context.query);
};

describe.each([leaderboardModel, statsModel])("$name machine: generated paths", (entry) => {
  const { machine } = entry;
  const model = entry.suites[0].options;
  const paths = suitePaths(entry, entry.suites[0]);
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
    else for (const input of reads) expect(input).toBe((model.input as LiveReadInput).query);
    // Once an answer has come, a failed re-read never blanks the page, nor does a stream reset: only a new
    // query (whose answer is of something else) shows the loading state again.
    if (snapshot.matches("ready")) expect(view.data).toEqual({ answer: 1 });
    const answered = types.lastIndexOf("xstate.done.actor.load");
    if (answered >= 0 && types.lastIndexOf("QUERY") < answered) expect(view.status).toBe("ready");
    if (snapshot.matches("failed")) expect(view.status).toBe("failed");
    expect(view.updating).toBe(snapshot.matches({ ready: "reading" }));
  });
});
