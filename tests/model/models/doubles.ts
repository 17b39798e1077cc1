/** Stand-ins the models share: the root actor as a page sees it, a quiet live bridge, a network failure. */
import { createActor, createMachine, fromCallback } from "xstate";

export const NETWORK = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };

/** A root actor that records what it is told; each model has its own, so replays of one never see another's. */
export function recordingApp() {
  const received: Array<{ type: string; [key: string]: unknown }> = [];
  const app = createActor(
    createMachine({ on: { "*": { actions: ({ event }) => received.push(event) } } }),
  ).start();
  return { app, received };
}

/** An actor that takes no part: the root when nothing is asked of it. */
export const silentActor = () => createActor(createMachine({})).start();

/** The live stream is modelled as events; its bridge to the root actor stays quiet. */
export const quietLiveEvents = { liveEvents: fromCallback(() => {}) };

/** Idempotency keys and ids as the runtime makes them, numbered so a replay can tell them apart. */
export function numberedIds(prefix: string) {
  let next = 0;
  return () => `${prefix}-${++next}`;
}
