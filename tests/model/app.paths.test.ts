/**
 * Generated paths through the root actor: users and admins coming and going (the sessions' snapshots), the
 * streams going up and down, and messages from page actors. Every state is reached and every transition walked
 * on a running root whose children are stand-ins; on every path the root's `streamsUp` says what its streams
 * last said, and a stream that stopped while up was said to be down.
 */
import { describe, expect, it } from "vitest";
import { type AnyMachineSnapshot, createActor, createMachine } from "xstate";
import { appMachine } from "#src/machines/app.machine.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  generateTransitionPaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const quiet = createMachine({});
const session = (id: string | null) => ({ context: { user: id ? { id } : null } });
const replyTo = createActor(createMachine({})).start();

const model: ModelOptions<unknown> = {
  input: { now: () => 0, newId: () => "id" },
  fakeActors: [],
  actors: { auth: quiet, adminSession: quiet, taps: quiet, live: quiet },
  // A stream reports only while it runs, that is while its owner is signed in.
  events: (snapshot) => [
    { type: "xstate.snapshot.session", snapshot: session("u1") },
    { type: "xstate.snapshot.session", snapshot: session("u2") },
    { type: "xstate.snapshot.session", snapshot: session(null) },
    { type: "xstate.snapshot.adminSession", snapshot: session("a1") },
    { type: "xstate.snapshot.adminSession", snapshot: session(null) },
    ...(snapshot.matches({ user: "signedIn" })
      ? [
          { type: "LIVE", stream: "user", event: { type: "STREAM.UP" } },
          { type: "LIVE", stream: "user", event: { type: "STREAM.DOWN" } },
          {
            type: "LIVE",
            stream: "user",
            event: { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
          },
        ]
      : []),
    ...(snapshot.matches({ admin: "signedIn" })
      ? [{ type: "LIVE", stream: "admin", event: { type: "STREAM.UP" } }]
      : []),
    { type: "WALLET.MOVED" },
    { type: "TAPS.SETTLE", replyTo },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.userId,
      snapshot.context.adminId,
      snapshot.context.streamsUp,
    ]),
};

/**
 * The chart without its systemIds, for generating paths: @xstate/graph walks every transition in one actor
 * system, where re-entering `signedIn` would register `taps` twice. The replays run the real machine.
 */
const withoutSystemIds = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(withoutSystemIds);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== "systemId")
      .map(([key, value]) => [key, withoutSystemIds(value)]),
  );
};
const charted = createMachine(withoutSystemIds(appMachine.config) as typeof appMachine.config).provide(
  appMachine.implementations as never,
);

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.streamsUp).toEqual(expected.context.streamsUp);
};

describe("app machine: generated paths", () => {
  const paths = generateTransitionPaths(charted, model);
  it("reaches every state node", () => {
    const reached = new Set(generatePaths(charted, model).flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(appMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
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
  });
});
