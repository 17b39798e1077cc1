/**
 * The store of one tab's pending taps, a child of the taps machine (`store`; docs/decisions/018, "Taps across
 * tabs"). Each tab keeps its pending taps in its own localStorage key and sends only its own batches; it reads
 * the other tabs' keys so every tab shows the same total, and takes over what a gone tab left.
 *
 * States: starting (naming this tab: TAB.NAMED, in the step it starts)
 *         → holding (Web Locks: this tab holds a lock named after it while it lives, and waits for the lock
 *           of every other tab whose record it sees; the browser frees a tab's lock once that tab is closed,
 *           reloaded or crashed, and then this tab adopts the record)
 *         | sharing (no Web Locks: no tab can tell another is gone, so every tab writes the one key "solo").
 * It tells its parent STORE.LOADED once, as it starts (so the first paint shows the stored figures);
 * STORE.CHANGED when another tab wrote its key or the shared figures; STORE.ADOPTED with a gone tab's
 * batches. It writes each SAVE to this tab's key at once; a SAVE.SOON (each tap) is remembered and written on a
 * trailing timer, at most once a WRITE_DELAY, and at once when the page is hidden (PAGE.HIDDEN): a tap never
 * pays for serialising and writing the record, and other tabs parse it at most once a second
 * (docs/decisions/018, "Writing on a timer").
 * Invariants: only this tab writes its key while it lives. A gone tab's record is adopted while holding that
 * tab's lock, so of several tabs waiting for it only the first finds it; it goes into this tab's key before
 * it leaves the gone one's (a crash in between re-sends the batches under their ids, never loses them). Each
 * tab is waited for once. Stopping releases this tab's lock and gives up every wait: a lock granted later is
 * released at once, and nothing is adopted.
 * Storage access and locks are named here and provided by taps-store.actors.ts (tests provide their own).
 */
import { assign, type EventObject, enqueueActions, fromCallback, setup, stopChild } from "xstate";
import { type StoredRewards, tabOfKey } from "#src/api/rewards-store.ts";
import { rewardsKey } from "#src/api/storage-keys.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { TapsEvent } from "./taps.types.ts";

/** What the store child is told: the rewards key's new content, to write now or on the trailing timer. */
export type StoreCommand = { type: "SAVE" | "SAVE.SOON"; rewards: StoredRewards };

/** The longest a tap's record waits in memory before it is written (it is written at once when hidden). */
export const WRITE_DELAY_MS = 1_000;

/** What the store child tells the taps machine. */
export type StoreReport = Extract<TapsEvent, { type: "STORE.LOADED" | "STORE.CHANGED" | "STORE.ADOPTED" }>;

export type TapsStoreEvent =
  | StoreCommand
  /** This tab's name, and whether the browser has Web Locks (without them the name is "solo"). */
  | { type: "TAB.NAMED"; tabId: string; withLocks: boolean }
  /** Another tab wrote or removed a localStorage key. */
  | { type: "STORAGE.WRITTEN"; key: string }
  /** Another tab of this user has a record: its lock is waited for. */
  | { type: "TAB.SEEN"; tabId: string }
  /** A tab's lock was granted: the tab is gone; the lock is held until the wait for it stops. */
  | { type: "TAB.GONE"; tabId: string }
  /** The trailing write's time has come. */
  | { type: "WRITE.DUE" }
  /** The page was hidden: it may never be shown again, so what is remembered is written now. */
  | { type: "PAGE.HIDDEN" };

export interface TapsStoreInput {
  userId: string;
}

export interface TapsStoreContext extends TapsStoreInput {
  /** This tab's name: its key and its lock ("solo" without Web Locks). */
  tabId: string;
  /** What this tab last wrote: a gone tab's batches are added to it. */
  mine: StoredRewards | null;
  /** The tabs this one waits for (or waited for): each once. */
  awaited: string[];
  /** `mine` holds a SAVE.SOON not written yet; WRITE.DUE is scheduled. */
  unwritten: boolean;
}

/** The Web Lock a tab holds while it lives. */
export const tabLockName = (tabId: string) => `taprewards-tab-${tabId}`;

const waitFor = (tabId: string) => `gone-${tabId}`;

/** The id of the scheduled WRITE.DUE, so a write at once cancels it. */
const TRAILING_WRITE = "trailing-write";

/** An action the runtime provides (taps-store.actors.ts); it takes no params. */
const provided =
  (action: string) =>
  (_: unknown, _params: undefined): void =>
    notProvided("taps store", action)();

export const tapsStoreSetup = setup({
  types: {
    context: {} as TapsStoreContext,
    input: {} as TapsStoreInput,
    events: {} as TapsStoreEvent,
  },
  actors: {
    /** Holds the named Web Lock until stopped. */
    holdLock: fromCallback<EventObject, { name: string }>(notProvided("taps store", "holdLock")),
    /** Waits for the named lock; once granted, tells TAB.GONE and holds it until stopped. */
    awaitLock: fromCallback<EventObject, { tabId: string; name: string }>(
      notProvided("taps store", "awaitLock"),
    ),
    /** Tells STORAGE.WRITTEN for every key another tab writes or removes. */
    watchStorage: fromCallback<EventObject>(notProvided("taps store", "watchStorage")),
    /** Tells PAGE.HIDDEN whenever the page is hidden. */
    watchHidden: fromCallback<EventObject>(notProvided("taps store", "watchHidden")),
  },
  actions: {
    /** Tells TAB.NAMED (each store started adds a number, so a signed-out-and-in tab is a new writer). */
    nameTab: provided("nameTab"),
    /** Reads every record: STORE.LOADED to the parent, TAB.SEEN for each other tab's record. */
    announceStored: provided("announceStored"),
    /** Writes `mine` to this tab's key (and the shared figures when they are newer). */
    writeOwn: provided("writeOwn"),
    /** Another tab wrote: STORE.CHANGED to the parent, TAB.SEEN when the key is a tab's record. */
    reportChange: provided("reportChange"),
    /** The gone tab's record into this tab's key, then out of the gone one's; STORE.ADOPTED to the parent. */
    adoptTab: provided("adoptTab"),
    takeName: assign({
      tabId: ({ context, event }) => (event.type === "TAB.NAMED" ? event.tabId : context.tabId),
    }),
    remember: assign({
      mine: ({ context, event }) =>
        event.type === "SAVE" || event.type === "SAVE.SOON" ? event.rewards : context.mine,
    }),
    /** The first unwritten SAVE.SOON schedules the write; later ones only replace what it will write. */
    writeLater: enqueueActions(({ context, enqueue }) => {
      if (context.unwritten) return;
      enqueue.assign({ unwritten: true });
      enqueue.raise({ type: "WRITE.DUE" }, { id: TRAILING_WRITE, delay: "WRITE_DELAY" });
    }),
    written: enqueueActions(({ context, enqueue }) => {
      if (!context.unwritten) return;
      enqueue.assign({ unwritten: false });
      enqueue.cancel(TRAILING_WRITE);
    }),
    awaitTab: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "TAB.SEEN") return;
      enqueue.assign({ awaited: [...context.awaited, event.tabId] });
      enqueue.spawnChild("awaitLock", {
        id: waitFor(event.tabId),
        input: { tabId: event.tabId, name: tabLockName(event.tabId) },
      });
    }),
    /** Done with a gone tab: its lock goes back to the browser. */
    releaseTab: stopChild(({ event }) => waitFor(event.type === "TAB.GONE" ? event.tabId : "")),
  },
  delays: { WRITE_DELAY: WRITE_DELAY_MS },
  guards: {
    unwritten: ({ context }) => context.unwritten,
    hasLocks: ({ event }) => event.type === "TAB.NAMED" && event.withLocks,
    notAwaited: ({ context, event }) => event.type === "TAB.SEEN" && !context.awaited.includes(event.tabId),
    /** Another tab's record, or the shared figures; this tab's own key and other keys are no news. */
    writtenByAnotherTab: ({ context, event }) => {
      if (event.type !== "STORAGE.WRITTEN") return false;
      const tab = tabOfKey(context.userId, event.key);
      return tab === null ? event.key === rewardsKey(context.userId) : tab !== context.tabId;
    },
  },
});

const watching = { id: "storage", src: "watchStorage" } as const;

export const tapsStoreMachine = tapsStoreSetup.createMachine({
  id: "tapsStore",
  context: ({ input }) => ({
    userId: input.userId,
    tabId: "solo",
    mine: null,
    awaited: [],
    unwritten: false,
  }),
  initial: "starting",
  invoke: { src: "watchHidden" },
  on: {
    SAVE: { actions: ["remember", "writeOwn", "written"] },
    "SAVE.SOON": { actions: ["remember", "writeLater"] },
    "WRITE.DUE": { guard: "unwritten", actions: ["writeOwn", "written"] },
    "PAGE.HIDDEN": { guard: "unwritten", actions: ["writeOwn", "written"] },
    "STORAGE.WRITTEN": { guard: "writtenByAnotherTab", actions: "reportChange" },
  },
  states: {
    // Named in the step it starts, so the parent hears STORE.LOADED before anything else.
    starting: {
      entry: "nameTab",
      on: {
        "TAB.NAMED": [
          { guard: "hasLocks", target: "holding", actions: "takeName" },
          { target: "sharing", actions: "takeName" },
        ],
      },
    },
    holding: {
      entry: "announceStored",
      invoke: [
        { id: "ownLock", src: "holdLock", input: ({ context }) => ({ name: tabLockName(context.tabId) }) },
        watching,
      ],
      on: {
        "TAB.SEEN": { guard: "notAwaited", actions: "awaitTab" },
        "TAB.GONE": { actions: ["adoptTab", "releaseTab"] },
      },
    },
    // Without locks no tab is ever seen gone: nothing is adopted.
    sharing: { entry: "announceStored", invoke: watching },
  },
});
