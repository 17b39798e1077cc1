/**
 * The root actor's models (tests/model/app.paths.test.ts): a player's tab, the back office's tab, and users
 * and admins coming and going in any order (the sessions' snapshots), the streams going up and down, messages
 * from page actors; its children are stand-ins.
 */
import { createActor, createMachine } from "xstate";
import { appMachine } from "#src/machines/app.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";

const quiet = createMachine({});
const session = (id: string | null) => ({ context: { user: id ? { id } : null } });
const replyTo = createActor(createMachine({})).start();

export const appComings: ModelOptions<unknown> = {
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
          // The taps actor's report of a sync that claimed the day's streak reward (auto-claim).
          { type: "STREAK.CLAIMED", current: 1, reward: 1 },
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
 * A player's tab (the main model): the player signs in and out; while signed in, the stream comes up, pushes
 * a frame, and a sync auto-claims the day; the page hides, the network comes back. The root holds the back
 * office's session too, but a person meets the two one at a time: no link leads from the player's pages to the
 * back office or back, and a page load starts the root again. "Any order" below mixes them.
 */
export const playerTab: ModelOptions<unknown> = {
  ...appComings,
  events: (snapshot) =>
    snapshot.matches({ user: "signedIn" })
      ? [
          { type: "xstate.snapshot.session", snapshot: session(null) },
          ...(snapshot.context.streamsUp.user
            ? [
                {
                  type: "LIVE",
                  stream: "user",
                  event: { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
                },
              ]
            : [{ type: "LIVE", stream: "user", event: { type: "STREAM.UP" } }]),
          { type: "STREAK.CLAIMED", current: 1, reward: 1 },
          { type: "PAGEHIDE" },
          { type: "ONLINE" },
        ]
      : [{ type: "xstate.snapshot.session", snapshot: session("u1") }],
};

/** The back office's tab: a support agent signs in and out; the admins' stream comes up while signed in. */
export const backOfficeTab: ModelOptions<unknown> = {
  ...appComings,
  events: (snapshot) =>
    snapshot.matches({ admin: "signedIn" })
      ? [
          { type: "xstate.snapshot.adminSession", snapshot: session(null) },
          ...(snapshot.context.streamsUp.admin
            ? []
            : [{ type: "LIVE", stream: "admin", event: { type: "STREAM.UP" } }]),
        ]
      : [{ type: "xstate.snapshot.adminSession", snapshot: session("a1") }],
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

export const appModel = registerModel({
  name: "app",
  file: "src/machines/app.machine.ts",
  machine: appMachine,
  chart: charted,
  suites: [
    { name: "a player's tab", options: playerTab, paths: "transitions" },
    { name: "the back office's tab", options: backOfficeTab, paths: "transitions" },
    { name: "sessions, streams and pages, in any order", options: appComings, paths: "transitions" },
  ],
});
