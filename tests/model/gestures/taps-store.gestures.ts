/**
 * The taps store walked on the real /tap screen (the exported tests/e2e/generated/taps-store.spec.ts): one
 * tab keeps its pending taps in the browser's storage so a reload, a crash or a closed tab never loses them
 * (docs/decisions/018, "Taps across tabs" and "Writing on a timer"). A tap is remembered and written on a
 * trailing 1 s timer (the clock moves on), at once when the page is hidden, and at once when a batch forms (the
 * person leaves the tap page). At the end the person's header shows every tap, and the storage holds every
 * tap written and not yet sent. Chromium has Web Locks, so the tab always holds its lock; other tabs' events
 * are the `with other tabs` suite's paths (tests/model/taps-store.paths.test.ts).
 */

import { SYNC_DELAY_MS } from "#src/machines/taps/taps.types.ts";
import { type TapsStoreEvent, WRITE_DELAY_MS } from "#src/machines/taps/taps-store.machine.ts";
import { formatRewards } from "#src/ui/kit/format.ts";
import { tapsStore } from "../models/taps-store.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  click,
  clock,
  type Expectation,
  type Gesture,
  hide,
  type NotAGesture,
  notAGesture,
  type Walk,
  waitFor,
} from "./actions.ts";

const COIN = { role: "button", name: "Tap to earn" } as const;
const MAIN_NAVIGATION = { role: "navigation", name: "Main" } as const;
const RECORD = {
  pointsMicro: 0,
  totalTaps: 0,
  multiplierMicro: 1000,
  walletBalanceMicro: 0,
  batches: [],
  unsyncedTaps: 1,
};
const OTHER_TABS =
  "another tab of this user (its record, its lock): the path tests' `with other tabs` suite replays it; a walk with a second tab of the app is still to come";

export const tapsStoreGestures = {
  // The store names its tab as the page opens (Chromium has Web Locks): nothing to do.
  "TAB.NAMED": () => [],
  // A tap's record waits for the trailing write.
  "SAVE.SOON": () => [click(COIN)],
  "WRITE.DUE": () => [clock(WRITE_DELAY_MS)],
  "PAGE.HIDDEN": () => [hide()],
  // Leaving the tap page forms a batch of what was tapped: the record is written at once.
  SAVE: () => [click({ role: "link", name: "Home" }, MAIN_NAVIGATION), waitFor({ text: "Rewards Balance" })],
  "STORAGE.WRITTEN": notAGesture(OTHER_TABS),
  "TAB.SEEN": notAGesture(OTHER_TABS),
  "TAB.GONE": notAGesture(OTHER_TABS),
} satisfies Record<TapsStoreEvent["type"], Gesture<never> | NotAGesture>;

/** One tab with Web Locks: taps, the trailing write, the page hidden, a batch formed; each write once. */
export const oneTabModel: ModelOptions<unknown> = {
  ...tapsStore,
  events: (snapshot) =>
    snapshot.matches("starting")
      ? [{ type: "TAB.NAMED", tabId: "me-1", withLocks: true }]
      : snapshot.context.unwritten
        ? [
            { type: "SAVE.SOON", rewards: RECORD },
            { type: "WRITE.DUE" },
            { type: "PAGE.HIDDEN" },
            { type: "SAVE", rewards: RECORD },
          ]
        : [{ type: "SAVE.SOON", rewards: RECORD }, { type: "PAGE.HIDDEN" }],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.unwritten]),
};

/** The taps the storage holds after `events`: those of the last write (a trailing write, a hidden page). */
function writtenTaps(events: ModelEvent[]) {
  let taps = 0;
  let written = 0;
  for (const event of events) {
    if (event.type === "SAVE.SOON") taps += 1;
    if (event.type === "WRITE.DUE" || event.type === "PAGE.HIDDEN") written = taps;
  }
  return written;
}

export const tapsStoreWalk: Walk = {
  machine: "taps-store",
  parts: [
    {
      name: "one tab's pending taps on /tap",
      model: oneTabModel,
      gestures: tapsStoreGestures,
      start: { url: "/tap", account: "signedIn", claimedToday: true, ready: COIN, ownClock: true },
      atEnd: (_leaf, events) => {
        const taps = events.filter((event) => event.type === "SAVE.SOON").length;
        const seen: Expectation[] = [{ seeIn: { role: "banner" }, text: formatRewards(1 + taps * 0.001) }];
        const waited = events.filter((event) => event.type === "WRITE.DUE").length * WRITE_DELAY_MS;
        // Before a batch forms (and before the 6 s sync delay sends one by itself) the storage holds exactly
        // what the last write wrote; once one formed, the server acknowledges it, so the count no longer says.
        if (!events.some((event) => event.type === "SAVE") && waited < SYNC_DELAY_MS)
          seen.push({ storedPendingTaps: writtenTaps(events) });
        else seen.push({ serverTotalTaps: taps });
        return seen;
      },
    },
  ],
};
