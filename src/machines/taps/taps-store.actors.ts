/**
 * Real implementations of the taps store's actors and actions (taps-store.machine.ts): Web Locks, the
 * `storage` event and the rewards keys in localStorage (docs/decisions/018, "Taps across tabs").
 */
import { type EventObject, fromCallback } from "xstate";
import {
  figuresOnly,
  type RewardsStore,
  type StoredRewards,
  type TapBatch,
  tabOfKey,
} from "#src/api/rewards-store.ts";
import type { WithLock } from "../auth/auth.actors.ts";
import { batchesOf } from "./taps.timing.ts";
import { pendingTaps } from "./taps.types.ts";
import { type StoreReport, type TapsStoreContext, tapsStoreSetup } from "./taps-store.machine.ts";

/** Calls `listener` with the key whenever another tab writes or removes a localStorage key. */
export type WatchStorage = (listener: (key: string) => void) => () => void;

const unwatched: WatchStorage = () => () => {};

/** Calls `listener` whenever the page is hidden (another tab or app in front, the screen locked, closing). */
export type WatchHidden = (listener: () => void) => () => void;

const watchDocumentHidden: WatchHidden = (listener) => {
  if (typeof document === "undefined") return () => {};
  const onChange = () => {
    if (document.visibilityState === "hidden") listener();
  };
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
};

/** What a gone tab left, as batches: its taps not yet in a batch form more (with their intervals). */
const adoptedBatches = (left: StoredRewards, newId: () => string): TapBatch[] => [
  ...left.batches,
  ...batchesOf(left.unsyncedTaps, left.unsyncedIntervals ?? [], newId),
];

/** Of several records, the figures dated by the most taps, without anyone's pending taps. */
const newestFigures = (records: StoredRewards[]): StoredRewards | null => {
  const best = records.reduce<StoredRewards | null>(
    (best, record) => (!best || record.totalTaps > best.totalTaps ? record : best),
    null,
  );
  return best && figuresOnly(best);
};

/** Holds `name` until the returned release is called; released at once when that came first. */
function holdUntilReleased(withLock: WithLock, name: string, granted: () => void = () => {}) {
  let released = false;
  let release = () => {
    released = true;
  };
  void withLock(name, () =>
    released
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          release = resolve;
          granted();
        }),
  );
  return () => release();
}

export function createTapsStoreImplementations(deps: {
  store: RewardsStore;
  /** This tab (each store it starts adds a number, so a signed-out-and-in tab is a new writer). */
  tabId: string;
  /**
   * Web Locks. Where they are missing no tab can tell another is gone: every taps actor of the browser then
   * writes one key, and two tabs tapping at the same moment may overwrite each other's latest taps.
   */
  withLock?: WithLock;
  watch?: WatchStorage;
  watchHidden?: WatchHidden;
  newId?: () => string;
}) {
  const { store, withLock } = deps;
  const watch = deps.watch ?? unwatched;
  const watchHidden = deps.watchHidden ?? watchDocumentHidden;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  let started = 0;

  const others = ({ userId, tabId }: TapsStoreContext) => store.otherTabs(userId, tabId);
  const othersPendingTaps = (context: TapsStoreContext) =>
    others(context).reduce((sum, other) => sum + pendingTaps(other.rewards), 0);
  /** The figures every tab of the browser last wrote (its own key, and the shared one), newest first. */
  const figuresEverywhere = (context: TapsStoreContext) => {
    const shared = store.load(context.userId);
    return newestFigures([...others(context).map((other) => other.rewards), ...(shared ? [shared] : [])]);
  };

  return {
    actors: {
      holdLock: fromCallback<EventObject, { name: string }>(({ input }) =>
        holdUntilReleased(withLock!, input.name),
      ),
      awaitLock: fromCallback<EventObject, { tabId: string; name: string }>(({ input, sendBack }) =>
        holdUntilReleased(withLock!, input.name, () => sendBack({ type: "TAB.GONE", tabId: input.tabId })),
      ),
      watchStorage: fromCallback<EventObject>(({ sendBack }) =>
        watch((key) => sendBack({ type: "STORAGE.WRITTEN", key })),
      ),
      watchHidden: fromCallback<EventObject>(({ sendBack }) =>
        watchHidden(() => sendBack({ type: "PAGE.HIDDEN" })),
      ),
    },
    actions: {
      nameTab: tapsStoreSetup.enqueueActions(({ enqueue }) =>
        enqueue.raise(
          withLock
            ? { type: "TAB.NAMED", tabId: `${deps.tabId}-${++started}`, withLocks: true }
            : { type: "TAB.NAMED", tabId: "solo", withLocks: false },
        ),
      ),
      announceStored: tapsStoreSetup.enqueueActions(({ context, enqueue }) => {
        const { userId, tabId } = context;
        const seen = others(context);
        // Without Web Locks the one shared key ("solo") also holds the pending taps of an earlier page.
        const own = store.loadTab(userId, tabId);
        const figures = figuresEverywhere(context);
        enqueue.sendParent({
          type: "STORE.LOADED",
          stored: figures && {
            ...figures,
            batches: own?.batches ?? [],
            unsyncedTaps: own?.unsyncedTaps ?? 0,
            ...(own?.unsyncedIntervals ? { unsyncedIntervals: own.unsyncedIntervals } : {}),
          },
          othersPendingTaps: seen.reduce((sum, other) => sum + pendingTaps(other.rewards), 0),
        } satisfies StoreReport);
        for (const other of seen) enqueue.raise({ type: "TAB.SEEN", tabId: other.tabId });
      }),
      writeOwn: tapsStoreSetup.createAction(({ context }) => {
        if (context.mine) store.save(context.userId, context.tabId, context.mine);
      }),
      reportChange: tapsStoreSetup.enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "STORAGE.WRITTEN") return;
        const other = tabOfKey(context.userId, event.key);
        if (other !== null && store.loadTab(context.userId, other))
          enqueue.raise({ type: "TAB.SEEN", tabId: other });
        enqueue.sendParent({
          type: "STORE.CHANGED",
          othersPendingTaps: othersPendingTaps(context),
          figures: figuresEverywhere(context),
        } satisfies StoreReport);
      }),
      adoptTab: tapsStoreSetup.enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== "TAB.GONE") return;
        const { userId, tabId, mine } = context;
        const left = store.loadTab(userId, event.tabId);
        if (!left) return;
        const batches = adoptedBatches(left, newId);
        // Into this tab's key before out of the gone one's: a crash in between re-sends, never loses.
        const held = mine ?? figuresOnly(left);
        store.save(userId, tabId, { ...held, batches: [...held.batches, ...batches] });
        store.removeTab(userId, event.tabId);
        enqueue.sendParent({
          type: "STORE.ADOPTED",
          batches,
          othersPendingTaps: othersPendingTaps(context),
        } satisfies StoreReport);
      }),
    },
  };
}
