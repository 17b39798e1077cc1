/**
 * The taps store walked on the real /tap screen (the exported tests/e2e/generated/taps-store.spec.ts): one
 * tab keeps its pending taps in the browser's storage so a reload, a crash or a closed tab never loses them
 * (docs/decisions/018, "Taps across tabs" and "Writing on a timer"). A tap is remembered and written on a
 * trailing 1 s timer (the clock moves on), at once when the page is hidden, and at once when a batch forms (the
 * person leaves the tap page). At the end the person's header shows every tap, and the storage holds every
 * tap written and not yet sent. Chromium has Web Locks, so the tab always holds its lock. Once per path a
 * second tab of the app taps and is hidden: this tab sees its record (TAB.SEEN) and waits for its lock; the
 * rest of other tabs' events are the `with other tabs` suite's paths (tests/model/taps-store.paths.test.ts).
 */

import { SYNC_DELAY_MS } from "#src/machines/taps/taps.types.ts";
import { type TapsStoreEvent, WRITE_DELAY_MS } from "#src/machines/taps/taps-store.machine.ts";
import { formatRewards } from "#src/ui/kit/format.ts";
import { tapsStore } from "../models/taps-store.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  COIN,
  click,
  clock,
  type Expectation,
  type Gesture,
  hide,
  type NotAGesture,
  notAGesture,
  tab,
  toPage,
  type Walk,
  waitFor,
} from "./actions.ts";

const RECORD = {
  pointsMicro: 0,
  totalTaps: 0,
  multiplierMicro: 1000,
  walletBalanceMicro: 0,
  batches: [],
  unsyncedTaps: 1,
};
const OTHER_TABS =
  "another tab of this user's record or lock, as it happens: the TAB.SEEN gesture opens a second tab, whose writes this one hears first (STORAGE.WRITTEN, then TAB.SEEN for its record); the path tests' `with other tabs` suite replays them one by one";

export const tapsStoreGestures = {
  // The store names its tab as the page opens (Chromium has Web Locks): nothing to do.
  "TAB.NAMED": () => [],
  // A tap's record waits for the trailing write.
  "SAVE.SOON": () => [click(COIN)],
  "WRITE.DUE": () => [clock(WRITE_DELAY_MS)],
  "PAGE.HIDDEN": () => [hide()],
  // Leaving the tap page forms a batch of what was tapped: the record is written at once.
  SAVE: () => [toPage("Home"), waitFor({ text: "Rewards Balance" })],
  "STORAGE.WRITTEN": notAGesture(OTHER_TABS),
  // A second tab of the app taps once and is hidden: it writes its record (one tap, not yet sent) at once, and
  // this tab sees it. The second tab stays open, so its lock is held and this tab keeps waiting for it; its tap
  // waits for its own 6 s sync delay, on the clock the test owns.
  "TAB.SEEN": () => [tab(1, "/tap"), waitFor(COIN), click(COIN), hide(), tab(0)],
  "TAB.GONE": notAGesture(OTHER_TABS),
} satisfies Record<TapsStoreEvent["type"], Gesture<never> | NotAGesture>;

/** One tab with Web Locks: taps, the trailing write, the page hidden, a batch formed; each write once. */
export const oneTabModel: ModelOptions<unknown> = {
  ...tapsStore,
  events: (snapshot) => {
    if (snapshot.matches("starting")) return [{ type: "TAB.NAMED", tabId: "me-1", withLocks: true }];
    // One second tab at most: it stays open, so this tab waits for its lock to the end.
    const secondTab: ModelEvent[] =
      snapshot.context.awaited.length === 0 ? [{ type: "TAB.SEEN", tabId: "other" }] : [];
    return snapshot.context.unwritten
      ? [
          { type: "SAVE.SOON", rewards: RECORD },
          { type: "WRITE.DUE" },
          { type: "PAGE.HIDDEN" },
          { type: "SAVE", rewards: RECORD },
          ...secondTab,
        ]
      : [{ type: "SAVE.SOON", rewards: RECORD }, { type: "PAGE.HIDDEN" }, ...secondTab];
  },
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.unwritten, snapshot.context.awaited.length]),
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
        const own = events.filter((event) => event.type === "SAVE.SOON").length;
        // The second tab's tap (TAB.SEEN): this tab's header counts it with its own; the storage holds it.
        const others = events.filter((event) => event.type === "TAB.SEEN").length;
        const seen: Expectation[] = [
          { seeIn: { role: "banner" }, text: formatRewards(1 + (own + others) * 0.001) },
        ];
        const waited = events.filter((event) => event.type === "WRITE.DUE").length * WRITE_DELAY_MS;
        if (waited >= SYNC_DELAY_MS) throw new Error("the walk moves the clock less than a tap's sync delay");
        // Before a batch forms the storage holds exactly what the last write wrote, and the other tab's tap;
        // once one formed, the server acknowledges this tab's taps (the other tab's wait for its own delay).
        if (!events.some((event) => event.type === "SAVE"))
          seen.push({ storedPendingTaps: writtenTaps(events) + others });
        else seen.push({ serverTotalTaps: own });
        return seen;
      },
    },
  ],
};
