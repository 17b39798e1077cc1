/**
 * The taps store child with its real storage and lock actors (taps-store.actors.ts), on jsdom's localStorage
 * and a fake lock manager, under a parent that records what it is told. Another tab is a record in
 * localStorage and, while it lives, a held lock.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, SimulatedClock, setup } from "xstate";
import { createRewardsStore, type StoredRewards, tabRewardsKey } from "#src/api/rewards-store.ts";
import { rewardsKey } from "#src/api/storage-keys.ts";
import { fakeLocks } from "../../../tests/support/fake-tabs.ts";
import type { WithLock } from "../auth/auth.actors.ts";
import { createTapsStoreImplementations } from "./taps-store.actors.ts";
import { tabLockName, tapsStoreMachine, WRITE_DELAY_MS } from "./taps-store.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const record = (over: Partial<StoredRewards> = {}): StoredRewards => ({
  pointsMicro: 2000,
  totalTaps: 2,
  multiplierMicro: 1000,
  walletBalanceMicro: 0,
  batches: [],
  unsyncedTaps: 0,
  ...over,
});
const store = createRewardsStore(localStorage);
const writeTab = (tabId: string, rewards: StoredRewards) =>
  localStorage.setItem(tabRewardsKey("u1", tabId), JSON.stringify(rewards));

/** Another tab that lives: it holds its lock until `close`, as the browser keeps it until the tab is gone. */
function liveTab(locks: ReturnType<typeof fakeLocks>, tabId: string) {
  void locks.withLock(tabLockName(tabId), () => new Promise<void>(() => {}));
  return { close: () => locks.crash(tabLockName(tabId)) };
}

function start(options: { withoutLocks?: boolean; locks?: ReturnType<typeof fakeLocks> } = {}) {
  const locks = options.locks ?? fakeLocks();
  let written: ((key: string) => void) | null = null;
  let hidden = () => {};
  let ids = 0;
  const reports: AnyEventObject[] = [];
  /** The names of the locks this store asked for, in order. */
  const requested: string[] = [];
  const withLock: WithLock = (name, task) => {
    requested.push(name);
    return locks.withLock(name, task);
  };
  const parent = setup({
    actors: {
      store: tapsStoreMachine.provide(
        createTapsStoreImplementations({
          store,
          tabId: "me",
          withLock: options.withoutLocks ? undefined : withLock,
          watch: (listener) => {
            written = listener;
            return () => {
              written = null;
            };
          },
          watchHidden: (listener) => {
            hidden = listener;
            return () => {
              hidden = () => {};
            };
          },
          newId: () => `new-${++ids}`,
        }),
      ),
    },
  }).createMachine({
    invoke: { id: "store", src: "store", input: { userId: "u1" } },
    on: { "*": { actions: ({ event }) => reports.push(event) } },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const child = () => actor.getSnapshot().children.store!;
  return {
    actor,
    locks,
    reports,
    requested,
    types: () => reports.map((report) => report.type),
    state: () => child().getSnapshot().value,
    save: (rewards: StoredRewards) => child().send({ type: "SAVE", rewards }),
    saveSoon: (rewards: StoredRewards) => child().send({ type: "SAVE.SOON", rewards }),
    /** Time passes on the store's clock. */
    wait: (ms: number) => clock.increment(ms),
    /** The page is hidden. */
    hide: () => hidden(),
    /** Another tab writes `key`: the browser's `storage` event. */
    written: (key: string) => written?.(key),
    watching: () => written !== null,
  };
}

beforeEach(() => localStorage.clear());

describe("taps store: a tap's record is written on a timer", () => {
  it("writes the latest SAVE.SOON once, a second after the first, and nothing before", () => {
    const tab = start();
    tab.saveSoon(record({ unsyncedTaps: 1, totalTaps: 3 }));
    tab.wait(WRITE_DELAY_MS - 1);
    tab.saveSoon(record({ unsyncedTaps: 2, totalTaps: 4 }));
    expect(store.loadTab("u1", "me-1")).toBeNull();
    tab.wait(1);
    expect(store.loadTab("u1", "me-1")).toEqual(record({ unsyncedTaps: 2, totalTaps: 4 }));
    // Nothing new to write: the next second writes nothing (a write of its own would show here).
    localStorage.removeItem(tabRewardsKey("u1", "me-1"));
    tab.wait(WRITE_DELAY_MS);
    expect(store.loadTab("u1", "me-1")).toBeNull();
  });

  it("writes at once when the page is hidden, and the timer then writes nothing more", () => {
    const tab = start();
    tab.saveSoon(record({ unsyncedTaps: 5, totalTaps: 5 }));
    tab.hide();
    expect(store.loadTab("u1", "me-1")).toEqual(record({ unsyncedTaps: 5, totalTaps: 5 }));
    localStorage.removeItem(tabRewardsKey("u1", "me-1"));
    tab.wait(WRITE_DELAY_MS);
    expect(store.loadTab("u1", "me-1")).toBeNull();
    // Hidden with nothing unwritten: no write.
    tab.hide();
    expect(store.loadTab("u1", "me-1")).toBeNull();
  });

  it("a SAVE writes at once and takes the place of the pending write", () => {
    const tab = start();
    tab.saveSoon(record({ unsyncedTaps: 1, totalTaps: 1 }));
    tab.save(record({ batches: [{ batchId: "b-1", taps: 1 }], totalTaps: 1 }));
    expect(store.loadTab("u1", "me-1")?.batches).toEqual([{ batchId: "b-1", taps: 1 }]);
    localStorage.removeItem(tabRewardsKey("u1", "me-1"));
    tab.wait(WRITE_DELAY_MS);
    expect(store.loadTab("u1", "me-1")).toBeNull();
  });
});

describe("taps store with Web Locks", () => {
  it("holds this tab's lock, tells the stored figures at start and writes each SAVE to this tab's key", () => {
    localStorage.setItem(rewardsKey("u1"), JSON.stringify(record({ totalTaps: 7, pointsMicro: 7000 })));
    const tab = start();
    expect(tab.state()).toBe("holding");
    expect(tab.locks.held(tabLockName("me-1"))).toBe(true);
    expect(tab.reports).toEqual([
      {
        type: "STORE.LOADED",
        stored: record({ totalTaps: 7, pointsMicro: 7000 }),
        othersPendingTaps: 0,
      },
    ]);
    tab.save(record({ unsyncedTaps: 3, totalTaps: 9 }));
    expect(store.loadTab("u1", "me-1")).toEqual(record({ unsyncedTaps: 3, totalTaps: 9 }));
    expect(store.load("u1")?.totalTaps).toBe(9);
  });

  it("adopts a gone tab's record once its lock is granted: its batches keep their ids, its taps form a new one", async () => {
    writeTab("gone", record({ batches: [{ batchId: "b-1", taps: 4 }], unsyncedTaps: 2 }));
    const tab = start();
    await flush();
    expect(tab.types()).toEqual(["STORE.LOADED", "STORE.ADOPTED"]);
    expect(tab.reports[0]).toMatchObject({ othersPendingTaps: 6 });
    const adopted = [
      { batchId: "b-1", taps: 4 },
      { batchId: "new-1", taps: 2 },
    ];
    expect(tab.reports[1]).toEqual({ type: "STORE.ADOPTED", batches: adopted, othersPendingTaps: 0 });
    // Into this tab's key, out of the gone one's; and the gone tab's lock goes back to the browser.
    expect(store.loadTab("u1", "me-1")?.batches).toEqual(adopted);
    expect(store.loadTab("u1", "gone")).toBeNull();
    await flush();
    expect(tab.locks.held(tabLockName("gone"))).toBe(false);
  });

  it("adds what a gone tab left to what this tab last saved", async () => {
    const locks = fakeLocks();
    const living = liveTab(locks, "late");
    writeTab("late", record({ batches: [{ batchId: "late-1", taps: 1 }] }));
    const tab = start({ locks });
    tab.save(record({ batches: [{ batchId: "mine-1", taps: 5 }], totalTaps: 3 }));
    living.close();
    await flush();
    expect(store.loadTab("u1", "me-1")).toEqual(
      record({
        batches: [
          { batchId: "mine-1", taps: 5 },
          { batchId: "late-1", taps: 1 },
        ],
        totalTaps: 3,
      }),
    );
  });

  it("waits while another tab lives: its taps are shown, never taken, until the browser frees its lock", async () => {
    const locks = fakeLocks();
    const living = liveTab(locks, "other");
    writeTab("other", record({ batches: [{ batchId: "o-1", taps: 3 }] }));
    const tab = start({ locks });
    await flush();
    expect(tab.reports).toEqual([{ type: "STORE.LOADED", stored: record(), othersPendingTaps: 3 }]);
    expect(store.loadTab("u1", "other")).not.toBeNull();
    living.close();
    await flush();
    expect(tab.reports.at(-1)).toEqual({
      type: "STORE.ADOPTED",
      batches: [{ batchId: "o-1", taps: 3 }],
      othersPendingTaps: 0,
    });
    expect(store.loadTab("u1", "other")).toBeNull();
  });

  it("of two tabs waiting for a gone one, only the first adopts its record", async () => {
    const locks = fakeLocks();
    const living = liveTab(locks, "other");
    writeTab("other", record({ unsyncedTaps: 2 }));
    const first = start({ locks });
    const second = start({ locks });
    living.close();
    await flush();
    await flush();
    const adoptions = [...first.types(), ...second.types()].filter((type) => type === "STORE.ADOPTED");
    expect(adoptions).toHaveLength(1);
  });

  it("tells what another tab wrote, ignores its own key and keys not of this user, and waits for a new tab once", async () => {
    const locks = fakeLocks();
    const tab = start({ locks });
    expect(tab.watching()).toBe(true);
    const living = liveTab(locks, "new");
    writeTab("new", record({ unsyncedTaps: 4, totalTaps: 9, pointsMicro: 9000 }));
    tab.written(tabRewardsKey("u1", "new"));
    tab.written(tabRewardsKey("u1", "new"));
    tab.written(tabRewardsKey("u1", "me-1"));
    tab.written("some-other-key");
    tab.written(tabRewardsKey("u2", "new"));
    expect(tab.reports.slice(1)).toEqual([
      { type: "STORE.CHANGED", othersPendingTaps: 4, figures: record({ totalTaps: 9, pointsMicro: 9000 }) },
      { type: "STORE.CHANGED", othersPendingTaps: 4, figures: record({ totalTaps: 9, pointsMicro: 9000 }) },
    ]);
    localStorage.setItem(rewardsKey("u1"), JSON.stringify(record({ totalTaps: 12 })));
    tab.written(rewardsKey("u1"));
    expect(tab.reports.at(-1)).toEqual({
      type: "STORE.CHANGED",
      othersPendingTaps: 4,
      figures: record({ totalTaps: 12 }),
    });
    // The new tab is waited for once: one request of its lock, and when it is gone, one adoption.
    expect(tab.requested).toEqual([tabLockName("me-1"), tabLockName("new")]);
    living.close();
    await flush();
    expect(tab.types().filter((type) => type === "STORE.ADOPTED")).toEqual(["STORE.ADOPTED"]);
  });

  it("releases this tab's lock as it stops, stops watching, and gives up every wait", async () => {
    const locks = fakeLocks();
    const living = liveTab(locks, "other");
    writeTab("other", record({ unsyncedTaps: 2 }));
    const tab = start({ locks });
    tab.actor.stop();
    await flush();
    expect(locks.held(tabLockName("me-1"))).toBe(false);
    expect(tab.watching()).toBe(false);
    living.close();
    await flush();
    // The wait was given up: the lock granted later goes back at once, and the record stays for another tab.
    expect(locks.held(tabLockName("other"))).toBe(false);
    expect(tab.types()).toEqual(["STORE.LOADED"]);
    expect(store.loadTab("u1", "other")).toEqual(record({ unsyncedTaps: 2 }));
  });

  it("names each store it starts anew, so a signed-out-and-in tab is a new writer", () => {
    const locks = fakeLocks();
    const implementations = createTapsStoreImplementations({ store, tabId: "me", withLock: locks.withLock });
    const names = [1, 2].map(() => {
      const parent = setup({ actors: { store: tapsStoreMachine.provide(implementations) } }).createMachine({
        invoke: { id: "store", src: "store", input: { userId: "u1" } },
      });
      return createActor(parent).start().getSnapshot().children.store!.getSnapshot().context.tabId;
    });
    expect(names).toEqual(["me-1", "me-2"]);
  });
});

describe("taps store without Web Locks", () => {
  it("shares the one key of the browser and adopts nothing", async () => {
    writeTab("solo", record({ unsyncedTaps: 5 }));
    writeTab("gone", record({ unsyncedTaps: 1 }));
    const tab = start({ withoutLocks: true });
    await flush();
    expect(tab.state()).toBe("sharing");
    // The shared key holds an earlier page's taps: they are this tab's.
    expect(tab.reports).toEqual([
      { type: "STORE.LOADED", stored: record({ unsyncedTaps: 5 }), othersPendingTaps: 1 },
    ]);
    tab.written(tabRewardsKey("u1", "gone"));
    tab.save(record({ unsyncedTaps: 6 }));
    expect(tab.types()).toEqual(["STORE.LOADED", "STORE.CHANGED"]);
    expect(store.loadTab("u1", "solo")?.unsyncedTaps).toBe(6);
    expect(store.loadTab("u1", "gone")).not.toBeNull();
  });
});
