/**
 * The live stream's model (tests/model/live.paths.test.ts): leading or following other tabs, tickets,
 * connections lost and regained, frames; replayed under a parent that hears its reports.
 */
import { fromCallback } from "xstate";
import { liveStreamMachine } from "#src/machines/live/live-stream.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";

const frame = (type: string, data: unknown, id: string) => ({ id, type, data: JSON.stringify(data) });
const POINTS = frame("points", { points: 1, totalTaps: 1000, multiplier: 0.001 }, "1");
const SESSION = frame("session", { reason: "logout" }, "2");
const quiet = fromCallback(() => {});

export const liveStream: ModelOptions<unknown> = {
  input: { stream: "user", holder: "u1" },
  fakeActors: ["ticket"],
  actors: { tabLink: quiet, connection: quiet, network: quiet },
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
    { type: "NETWORK.OFFLINE" },
    { type: "NETWORK.ONLINE" },
    { type: "xstate.after.RECONNECT.live.leading.waiting" },
    { type: "xstate.after.HEALTHY.live.leading.open.up" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.lastEventId,
      Math.min(snapshot.context.failures, 2),
      snapshot.context.online,
    ]),
};

export const liveStreamModel = registerModel({
  name: "live-stream",
  file: "src/machines/live/live-stream.machine.ts",
  machine: liveStreamMachine,
  /** The model walks the chart alone: its reports to a parent go nowhere while paths are generated. */
  chart: liveStreamMachine.provide({ actions: { report: () => {}, reportFact: () => {} } }),
  suites: [{ name: "tabs, tickets and connections", options: liveStream, paths: "transitions" }],
});
