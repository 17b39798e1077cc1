/**
 * Test doubles for the app-lifetime actors that page and taps machines meet in the one actor tree
 * (src/machines/app.machine.ts): the root actor as a page actor sees it, and the taps actor's store child.
 */
import { type AnyActorRef, assign, createActor, emit, fromCallback, raise, sendParent, setup } from "xstate";
import type { StoredRewards } from "#src/api/rewards-store.ts";
import type { AppFact, AppLink, AppMessage, AutoClaimFact, LiveFact } from "#src/machines/app.types.ts";
import type { LiveEvent, StreamName } from "#src/machines/live/live.types.ts";
import { tapsStoreMachine } from "#src/machines/taps/taps-store.machine.ts";

type Push = { type: "TEST.PUSH"; fact: LiveFact };
type Announce = { type: "TEST.ANNOUNCE"; fact: AutoClaimFact };

/**
 * The root actor: passes every message to `taps` when one is given; without one it records the figures it is
 * told and answers TAPS.SETTLE at once, as the real root does when nobody is signed in (`settles: false`
 * records TAPS.SETTLE too and leaves TAPS.SETTLED to the test: the models send it as an event). `push`
 * publishes a live event as the root does (and keeps `streamsUp` as the root does); `announce` publishes any
 * other fact the root publishes (a tap sync's auto-claim).
 */
export function createFakeApp(
  options: {
    taps?: AnyActorRef | null;
    streamsUp?: Partial<Record<StreamName, boolean>>;
    settles?: boolean;
  } = {},
) {
  const received: AppMessage[] = [];
  const machine = setup({
    types: {} as {
      context: { streamsUp: Record<StreamName, boolean> };
      events: AppMessage | Push | Announce;
      emitted: AppFact;
    },
  }).createMachine({
    context: { streamsUp: { user: false, admin: false, ...options.streamsUp } },
    on: {
      "TEST.PUSH": {
        actions: [
          assign({
            streamsUp: ({ context, event }) => {
              const { stream, event: live } = (event as Push).fact;
              return live.type === "STREAM.UP" || live.type === "STREAM.DOWN"
                ? { ...context.streamsUp, [stream]: live.type === "STREAM.UP" }
                : context.streamsUp;
            },
          }),
          emit(({ event }) => (event as Push).fact),
        ],
      },
      "TEST.ANNOUNCE": { actions: emit(({ event }) => (event as Announce).fact) },
      "*": {
        actions: ({ event }) => {
          const message = event as AppMessage;
          if (options.taps) {
            options.taps.send(message);
            return;
          }
          if (message.type === "TAPS.SETTLE" && options.settles !== false)
            message.replyTo.send({ type: "TAPS.SETTLED" });
          else received.push(message);
        },
      },
    },
  });
  const actor = createActor(machine).start();
  const push = (stream: StreamName, event: LiveEvent) =>
    actor.send({ type: "TEST.PUSH", fact: { type: "live", stream, event } });
  const announce = (fact: AutoClaimFact) => actor.send({ type: "TEST.ANNOUNCE", fact });
  return { app: actor as unknown as AppLink, received, push, announce };
}

/**
 * The taps actor's store child (taps-store.machine.ts) without storage, locks or other tabs: it reads `stored`
 * at start and writes nothing; what is saved is the test's `persist` to watch.
 */
export const storeHolding = (stored: StoredRewards | null) =>
  tapsStoreMachine.provide({
    actors: { watchStorage: fromCallback(() => {}), watchHidden: fromCallback(() => {}) },
    actions: {
      nameTab: raise({ type: "TAB.NAMED", tabId: "solo", withLocks: false }),
      announceStored: sendParent({ type: "STORE.LOADED", stored, othersPendingTaps: 0 }),
      writeOwn: () => {},
      reportChange: () => {},
    },
  });
