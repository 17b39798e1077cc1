/**
 * Generated paths through the root actor: users and admins coming and going (the sessions' snapshots), the
 * streams going up and down, and messages from page actors. Every state is reached and every transition walked
 * on a running root whose children are stand-ins; on every path the root's `streamsUp` says what its streams
 * last said, and a stream that stopped while up was said to be down.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { appMachine } from "#src/machines/app.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { appModel } from "./models/app.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.streamsUp).toEqual(expected.context.streamsUp);
};

describe("app machine: generated paths", () => {
  const cases = appModel.suites.flatMap((suite) =>
    suitePaths(appModel, suite).map(
      (path) => [`${suite.name}: ${describePath(path)}`, path, suite.options] as const,
    ),
  );
  it("reaches every state node", () => {
    const reached = new Set(
      appModel.suites.flatMap((suite) =>
        suitePaths(appModel, suite, "shortest").flatMap((path) => activeStateIds(path.state)),
      ),
    );
    expect(allStateIds(appMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(cases)("replays %s", async (_name, path, model) => {
    const { snapshot, emitted } = await replayPath(appMachine, path, model, sameValue);
    // A stream is up only while its owner is signed in, and only after it said so.
    if (snapshot.matches({ user: "signedOut" })) expect(snapshot.context.streamsUp.user).toBe(false);
    if (snapshot.matches({ admin: "signedOut" })) expect(snapshot.context.streamsUp.admin).toBe(false);
    // Pages hear every fact: the last one published for the user's stream is its status now.
    const facts = emitted
      .filter((event) => event.type === "live" && (event as { stream?: string }).stream === "user")
      .map((event) => (event.event as { type: string }).type)
      .filter((type) => type === "STREAM.UP" || type === "STREAM.DOWN");
    if (facts.length > 0) expect(facts.at(-1) === "STREAM.UP").toBe(snapshot.context.streamsUp.user);
    // Each auto-claim the taps actor reports is published to the pages once.
    const claims = path.steps.filter((step) => step.event.type === "STREAK.CLAIMED").length;
    expect(emitted.filter((event) => event.type === "autoClaim")).toHaveLength(claims);
  });
});
