/**
 * The taps machine walked through the real /tap and /home screens (tests/model/taps.walk.test.tsx, and the
 * exported tests/e2e/generated/taps.spec.ts). TAP clicks the coin; FLUSH leaves the tap page (its unmount
 * sends what was tapped); ONLINE and PAGEHIDE are the browser's own events. The timers (6 s debounce, 30 s
 * deadline, back-off, 30 s reload) are left to the unit tests on a simulated clock.
 */
import { pendingTaps, type TapsEvent } from "#src/machines/taps/taps.types.ts";
import { formatRewards } from "#src/ui/kit/format.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  click,
  dispatch,
  type Expectation,
  type Gesture,
  unlessVisible,
  type Walk,
  waitFor,
} from "./actions.ts";

const NETWORK = { code: "NETWORK_ERROR", message: "offline", status: 0 };
const BANNER = { role: "banner" } as const;
const tapsIn = (events: ModelEvent[]) => events.filter((event) => event.type === "TAP").length;
const COIN = { role: "button", name: "Tap to earn" } as const;
const MAIN_NAVIGATION = { role: "navigation", name: "Main" } as const;
const toPage = (label: string) => click({ role: "link", name: label }, MAIN_NAVIGATION);

export const tapsGestures = {
  TAP: () => [unlessVisible(COIN, [toPage("Tap")]), click(COIN)],
  FLUSH: () => [
    unlessVisible(COIN, [toPage("Tap"), waitFor(COIN)]),
    toPage("Home"),
    waitFor({ text: "Rewards Balance" }),
  ],
  PAGEHIDE: () => [dispatch("pagehide")],
  ONLINE: () => [dispatch("online")],
} satisfies Partial<Record<TapsEvent["type"], Gesture<never>>>;
// REWARDS.UPDATED comes from the dialogs and is walked with them (reward-dialogs.walk.test.tsx).

export const tapsWalkModel: ModelOptions<unknown> = {
  input: { userId: "u1", newId: () => "id", now: () => 0 },
  // The calls whose answers the paths take: the browser never rests while one is out.
  fakeActors: ["loadRewards", "sendBatch"],
  events: (snapshot) => [
    // At most two taps waiting keeps the model small; the unit tests and e2e count real volumes.
    ...(pendingTaps(snapshot.context) < 2 ? [{ type: "TAP" }] : []),
    { type: "FLUSH" },
    { type: "PAGEHIDE" },
    { type: "ONLINE" },
    {
      type: "xstate.done.actor.loadRewards",
      output: { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1_000, walletBalanceMicro: 0 },
    },
    { type: "xstate.error.actor.loadRewards", error: NETWORK },
    {
      type: "xstate.done.actor.sendBatch",
      output: {
        points: (snapshot.context.totalTaps + 1) / 1000,
        totalTaps: snapshot.context.totalTaps + 1,
        multiplier: 0.001,
        credited: { taps: 1, points: 0.001 },
        replayed: false,
      },
    },
    { type: "xstate.error.actor.sendBatch", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.unsyncedTaps,
      snapshot.context.batches.length,
      Math.min(snapshot.context.failures, 1),
      snapshot.context.loaded,
    ]),
};

export const tapsWalk: Walk = {
  machine: "taps",
  parts: [
    {
      name: "tap and sync on /tap and /home",
      model: tapsWalkModel,
      // The walk's own paths: pure transitions cannot follow the sends to the taps actor's store child.
      paths: "shortest",
      gestures: tapsGestures,
      start: { url: "/tap", account: "signedIn" },
      after: ({ event, state, before }) => {
        if (event.type === "xstate.done.actor.loadRewards")
          return [{ seeIn: BANNER, text: formatRewards(0) }];
        if (event.type !== "xstate.done.actor.sendBatch") return [];
        // The answer is in: the server holds every tap made so far but those still waiting.
        return [{ serverTotalTaps: tapsIn([...before, event]) - pendingTaps(state.context) }];
      },
      atEnd: (leaf, events) => {
        const made = tapsIn(events);
        const seen: Expectation[] = [];
        // With no figures yet the header shows placeholders; once loaded it counts every tap made.
        if (!leaf.hasTag("loading")) seen.push({ seeIn: BANNER, text: formatRewards(made * 0.001) });
        if (pendingTaps(leaf.context) === 0) seen.push({ serverTotalTaps: made });
        return seen;
      },
    },
  ],
};
