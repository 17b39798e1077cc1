/**
 * Stand-ins the models share: a quiet live bridge, a network failure. The root actor's double is the one the
 * machine tests use (tests/support/app-doubles.ts, `createFakeApp({ settles: false })`).
 */
import { createActor, createMachine, fromCallback } from "xstate";

export const NETWORK = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };

/** An actor that takes no part: the root when nothing is asked of it. */
export const silentActor = () => createActor(createMachine({})).start();

/** The live stream is modelled as events; its bridge to the root actor stays quiet. */
export const quietLiveEvents = { liveEvents: fromCallback(() => {}) };

/** Idempotency keys and ids as the runtime makes them, numbered so a replay can tell them apart. */
export function numberedIds(prefix: string) {
  let next = 0;
  return () => `${prefix}-${++next}`;
}
