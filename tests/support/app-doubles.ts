/**
 * Test doubles for the app-lifetime actors that page and taps machines meet in the one actor tree
 * (src/machines/app.machine.ts): the root actor as a page actor sees it, and the taps actor's store child.
 */
import { type AnyActorRef, createActor, createMachine, fromCallback } from "xstate";
import type { StoredRewards } from "#src/api/rewards-store.ts";
import type { AppLink, AppMessage } from "#src/machines/app.types.ts";
import type { StoreCommand } from "#src/machines/taps/taps.machine.ts";

/**
 * The root actor: passes every message to `taps` when one is given; without one it records the figures it is
 * told and answers TAPS.SETTLE at once, as the real root does when nobody is signed in.
 */
export function createFakeApp(options: { taps?: AnyActorRef | null } = {}) {
  const received: AppMessage[] = [];
  const actor = createActor(
    createMachine({
      on: {
        "*": {
          actions: ({ event }) => {
            const message = event as AppMessage;
            if (options.taps) {
              options.taps.send(message);
              return;
            }
            if (message.type === "TAPS.SETTLE") message.replyTo.send({ type: "TAPS.SETTLED" });
            else received.push(message);
          },
        },
      },
    }),
  ).start();
  return { app: actor as unknown as AppLink, received };
}

/** The taps actor's store child: reads `stored` at start; what is saved is the test's `persist` to watch. */
export const storeHolding = (stored: StoredRewards | null) =>
  fromCallback<StoreCommand, { userId: string }>(({ sendBack }) => {
    sendBack({ type: "STORE.LOADED", stored });
  });
