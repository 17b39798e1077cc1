/**
 * Generated paths through the live stream machine: every state is reached and every transition the model
 * allows is walked on a running actor under a parent; on every path the parent hears STREAM.UP and
 * STREAM.DOWN alternately (never two UPs), a frame once as its event, and nothing after the session ended.
 */
import { describe, expect, it } from "vitest";
import { type AnyMachineSnapshot, fromCallback } from "xstate";
import { liveStreamMachine } from "#src/machines/live/live-stream.machine.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  generateTransitionPaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const frame = (type: string, data: unknown, id: string) => ({ id, type, data: JSON.stringify(data) });
const POINTS = frame("points", { points: 1, totalTaps: 1000, multiplier: 0.001 }, "1");
const SESSION = frame("session", { reason: "logout" }, "2");
const quiet = fromCallback(() => {});

const model: ModelOptions<unknown> = {
  input: { stream: "user", holder: "u1" },
  fakeActors: ["ticket"],
  actors: { tabLink: quiet, connection: quiet },
  underParent: true,
  events: [
    { type: "TABS.LEAD" },
    { type: "TABS.FRAME", frame: POINTS },
    { type: "TABS.FRAME", frame: SESSION },
    { type: "TABS.STATUS", up: true },
    { type: "TABS.STATUS", up: false },
    { type: "TABS.HELLO" },
    { type: "xstate.done.actor.ticket", output: "ticket-1" },
    { type: "xstate.error.actor.ticket", error: { code: "UNAUTHORIZED", message: "x", status: 401 } },
    { type: "CONNECTION.OPENED" },
    { type: "CONNECTION.FRAME", frame: POINTS },
    { type: "CONNECTION.FRAME", frame: SESSION },
    { type: "CONNECTION.LOST" },
    { type: "xstate.after.RECONNECT.live.leading.waiting" },
    { type: "xstate.after.HEALTHY.live.leading.open.up" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.lastEventId, Math.min(snapshot.context.failures, 2)]),
};

/** The model walks the chart alone: its reports to a parent go nowhere while paths are generated. */
const charted = liveStreamMachine.provide({ actions: { report: () => {}, reportFact: () => {} } });

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);

describe("live stream machine: generated paths", () => {
  const paths = generateTransitionPaths(charted, model);
  it("reaches every state node", () => {
    const reached = new Set(generatePaths(charted, model).flatMap((path) => activeStateIds(path.state)));
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
    // Every connection asks for its own ticket.
    const tickets = actorInputs.filter((entry) => entry.src === "ticket").length;
    const connects = path.steps.filter(
      (step) => step.event.type === "xstate.after.RECONNECT.live.leading.waiting",
    );
    const leads = path.steps.filter((step) => step.event.type === "TABS.LEAD").length;
    expect(tickets).toBe(Math.min(leads, 1) + connects.length);
    if (snapshot.matches("ended"))
      expect(reported.at(-1)?.event).toEqual({ type: "SESSION.REVOKED", reason: "logout" });
  });
});
