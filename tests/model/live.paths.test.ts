/**
 * Generated paths through the live stream machine: every state is reached and every transition the model
 * allows is walked on a running actor under a parent; on every path the parent hears STREAM.UP and
 * STREAM.DOWN alternately (never two UPs), a frame once as its event, and nothing after the session ended.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { liveStreamMachine } from "#src/machines/live/live-stream.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { liveStreamModel, liveStream as model } from "./models/live-stream.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);

describe("live stream machine: generated paths", () => {
  const suite = liveStreamModel.suites[0];
  const paths = suitePaths(liveStreamModel, suite);
  it("reaches every state node", () => {
    const shortest = suitePaths(liveStreamModel, suite, "shortest");
    const reached = new Set(shortest.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(liveStreamMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { toParent, actorInputs, snapshot } = await replayPath(liveStreamMachine, path, model, sameValue);
    const facts = toParent
      .filter((event) => event.type === "LIVE")
      .map((event) => (event.event as { type: string }).type)
      .filter((type) => type === "STREAM.UP" || type === "STREAM.DOWN");
    facts.forEach((type, index) => {
      expect(type).toBe(index % 2 === 0 ? "STREAM.UP" : "STREAM.DOWN");
    });
    const frames = path.steps.filter((step) => step.event.type.endsWith(".FRAME")).length;
    const reported = toParent.filter(
      (event) =>
        event.type === "LIVE" && !String((event.event as { type: string }).type).startsWith("STREAM."),
    );
    expect(reported).toHaveLength(frames);
    // Every connection asks for its own ticket: the first, after each back-off and on coming back online
    // (never while offline).
    const tickets = actorInputs.filter((entry) => entry.src === "ticket").length;
    const connects = path.steps.filter(
      (step, index) =>
        step.event.type === "xstate.after.RECONNECT.live.leading.waiting" ||
        (step.event.type === "NETWORK.ONLINE" &&
          path.steps[index - 1]?.state.matches({ leading: "offline" })),
    );
    // Leading while offline waits for the network before its first ticket.
    const firstTicket = path.steps.some(
      (step) => step.event.type === "TABS.LEAD" && step.state.matches({ leading: "connecting" }),
    );
    expect(tickets).toBe((firstTicket ? 1 : 0) + connects.length);
    if (snapshot.matches("ended"))
      expect(reported.at(-1)?.event).toEqual({ type: "SESSION.REVOKED", reason: "logout" });
  });
});
