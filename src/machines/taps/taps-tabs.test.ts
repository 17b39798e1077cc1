/**
 * Tabs of one browser and their taps (docs/decisions/018, "Taps across tabs"): each tab writes only its own
 * key, shows the others' pending taps, and adopts what a tab left once the browser releases that tab's lock.
 * The fake storage behaves as Chromium's does across processes: each tab reads its own copy, and another tab's
 * write reaches it only later (`deliver`), so a read-modify-write of one shared key would lose taps here.
 * A tab writes its taps on a trailing timer (`later`) or when it is hidden (`hide`), as a reload or a close
 * hides it first (taps-store.machine.ts).
 */
import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import type { ApiResult } from "#src/api/errors.ts";
import type { RewardsApi, SyncAnswer } from "#src/api/rewards.ts";
import { createRewardsStore, parseRewards, tabRewardsKey } from "#src/api/rewards-store.ts";
import { rewardsKey } from "#src/api/storage-keys.ts";
import { fakeLocks } from "../../../tests/support/fake-tabs.ts";
import { createTapsImplementations, type WatchHidden, type WatchStorage } from "./taps.actors.ts";
import { tapsMachine } from "./taps.machine.ts";
import { pendingTaps } from "./taps.types.ts";
import { selectTotalTaps } from "./taps.view.ts";
import { WRITE_DELAY_MS } from "./taps-store.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ok = <T>(data: T): ApiResult<T> => ({ data, error: null });

/** A server that credits each batch id once (a replay answers the stored result) and can hold its answers. */
function fakeServer() {
  let totalTaps = 0;
  const credited = new Map<string, SyncAnswer>();
  const posts: Array<{ batchId: string; taps: number; keepalive: boolean }> = [];
  const held: Array<() => void> = [];
  let holding = false;
  const rewards = {
    points: async () => ok({ points: totalTaps / 1000, totalTaps }),
    multiplier: async () => ok({ multiplier: 0.001 }),
    walletBalance: async () => ok({ success: true, balance: 0 }),
    syncTaps: async (
      _user: string,
      body: { batchId: string; taps: number },
      options: { keepalive?: boolean } = {},
    ) => {
      posts.push({ batchId: body.batchId, taps: body.taps, keepalive: Boolean(options.keepalive) });
      let answer = credited.get(body.batchId);
      if (!answer) {
        totalTaps += body.taps;
        answer = {
          points: totalTaps / 1000,
          totalTaps,
          multiplier: 0.001,
          credited: { taps: body.taps, points: body.taps / 1000, comboBonus: 0 },
          streak: null,
          replayed: false,
        };
        credited.set(body.batchId, answer);
      } else answer = { ...answer, replayed: true };
      if (holding && !options.keepalive) await new Promise<void>((resolve) => held.push(resolve));
      return ok(answer);
    },
  } as unknown as RewardsApi;
  return {
    rewards,
    posts,
    totalTaps: () => totalTaps,
    hold: () => {
      holding = true;
    },
    /** The answers held so far never arrive (the tab that asked is gone). */
    drop: () => {
      held.length = 0;
      holding = false;
    },
  };
}

/** One browser: each tab's own copy of localStorage, a shared lock manager, one server. */
function browser() {
  const copies = new Map<string, Map<string, string>>();
  const listeners = new Map<string, (key: string) => void>();
  /** Writes on their way to the other tabs' copies. */
  let inFlight: Array<() => void> = [];
  const server = fakeServer();
  const locks = fakeLocks();
  const storageFor = (tab: string): Storage => {
    const data = copies.get(tab)!;
    const spread = (key: string, value: string | null) => {
      for (const [other, copy] of copies) {
        if (other === tab) continue;
        inFlight.push(() => {
          if (value === null) copy.delete(key);
          else copy.set(key, value);
          listeners.get(other)?.(key);
        });
      }
    };
    return {
      get length() {
        return data.size;
      },
      key: (index: number) => [...data.keys()][index] ?? null,
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => {
        data.set(key, value);
        spread(key, value);
      },
      removeItem: (key: string) => {
        data.delete(key);
        spread(key, null);
      },
    } as unknown as Storage;
  };
  /** The browser brings every write made so far to the other tabs (and tells them). */
  const deliver = async () => {
    while (inFlight.length > 0) {
      const now = inFlight;
      inFlight = [];
      for (const apply of now) apply();
      await flush();
    }
  };
  let tabs = 0;
  const tab = () => {
    const name = `tab-${++tabs}`;
    // A new tab starts from what the browser holds now.
    copies.set(name, new Map(copies.get("tab-1") ?? []));
    const watch: WatchStorage = (listener) => {
      listeners.set(name, listener);
      return () => listeners.delete(name);
    };
    let hidden = () => {};
    const watchHidden: WatchHidden = (listener) => {
      hidden = listener;
      return () => {
        hidden = () => {};
      };
    };
    const clock = new SimulatedClock();
    let ids = 0;
    const actor = createActor(
      tapsMachine.provide(
        createTapsImplementations({
          rewards: server.rewards,
          store: createRewardsStore(storageFor(name)),
          tabId: name,
          withLock: locks.withLock,
          watch,
          watchHidden,
          newId: () => `${name}-adopted-${++ids}`,
        }),
      ),
      { clock, input: { userId: "u1", newId: () => `${name}-${++ids}`, now: () => 0 } },
    ).start();
    const context = () => actor.getSnapshot().context;
    return {
      name,
      actor,
      context,
      shown: () => selectTotalTaps(actor.getSnapshot()),
      /** The trailing write's second passes. */
      later: () => clock.increment(WRITE_DELAY_MS),
      /** The page is hidden (another tab in front; a reload or a close hides it first). */
      hide: () => hidden(),
      /** The tab closes: its actor stops and the browser releases the lock it held. */
      close: () => {
        actor.stop();
        locks.crash(`taprewards-tab-${name}-1`);
      },
      stored: () => parseRewards(copies.get(name)!.get(tabRewardsKey("u1", `${name}-1`)) ?? null),
    };
  };
  const shared = (tab = "tab-1") => parseRewards(copies.get(tab)?.get(rewardsKey("u1")) ?? null);
  return { server, locks, tab, deliver, shared };
}

describe("tabs of one browser and their taps", () => {
  it("taps made in two tabs at the same moment are all counted: each tab writes only its own key", async () => {
    const { server, tab, deliver } = browser();
    const first = tab();
    const second = tab();
    await flush();
    // Neither tab has heard the other's writes yet.
    for (let i = 0; i < 3; i++) first.actor.send({ type: "TAP" });
    for (let i = 0; i < 2; i++) second.actor.send({ type: "TAP" });
    // Taps wait for the trailing write: nothing of them is stored within the second.
    expect(first.stored()?.unsyncedTaps ?? 0).toBe(0);
    first.later();
    second.later();
    expect(first.stored()?.unsyncedTaps).toBe(3);
    expect(second.stored()?.unsyncedTaps).toBe(2);
    await deliver();
    expect(first.shown()).toBe(5);
    expect(second.shown()).toBe(5);

    first.actor.send({ type: "FLUSH" });
    second.actor.send({ type: "FLUSH" });
    await flush();
    await flush();
    await deliver();
    expect(server.posts.map((post) => post.taps).sort()).toEqual([2, 3]);
    expect(server.totalTaps()).toBe(5);
    for (const each of [first, second]) {
      expect(pendingTaps(each.context())).toBe(0);
      expect(each.context().othersPendingTaps).toBe(0);
      expect(each.shown()).toBe(5);
    }
  });

  it("a tab shows another's answered batch once: its pending taps leave as its figures arrive, in one write", async () => {
    const { server, tab, deliver, shared } = browser();
    const first = tab();
    const second = tab();
    await flush();
    for (let i = 0; i < 4; i++) first.actor.send({ type: "TAP" });
    first.hide();
    await deliver();
    expect(second.context().othersPendingTaps).toBe(4);
    expect(second.shown()).toBe(4);
    first.actor.send({ type: "FLUSH" });
    await flush();
    await flush();
    expect(server.totalTaps()).toBe(4);
    await deliver();
    expect(second.context()).toMatchObject({ othersPendingTaps: 0, totalTaps: 4, pointsMicro: 4000 });
    expect(second.shown()).toBe(4);
    expect(shared("tab-2")).toMatchObject({ totalTaps: 4, batches: [], unsyncedTaps: 0 });
  });

  it("a live tab's taps are never sent by another tab", async () => {
    const { server, tab, deliver } = browser();
    const first = tab();
    const second = tab();
    await flush();
    server.hold();
    for (let i = 0; i < 2; i++) first.actor.send({ type: "TAP" });
    first.actor.send({ type: "FLUSH" });
    const batchId = first.context().batches[0]!.batchId;
    await deliver();
    second.actor.send({ type: "FLUSH" });
    second.actor.send({ type: "PAGEHIDE" });
    await flush();
    expect(server.posts).toEqual([{ batchId, taps: 2, keepalive: false }]);
    expect(second.context().batches).toEqual([]);
  });

  it("when a tab closes mid-send another adopts its batch and sends it under its id, counted once", async () => {
    const { server, tab, deliver } = browser();
    const first = tab();
    const second = tab();
    await flush();
    server.hold();
    for (let i = 0; i < 4; i++) first.actor.send({ type: "TAP" });
    first.actor.send({ type: "FLUSH" });
    await flush();
    const batchId = first.context().batches[0]!.batchId;
    await deliver();
    // The tab closes: its answer never comes, and the browser releases its lock.
    server.drop();
    first.close();
    await flush();
    await flush();
    expect(server.posts.map((post) => post.batchId)).toEqual([batchId, batchId]);
    expect(server.totalTaps()).toBe(4);
    expect(second.context().batches).toEqual([]);
    expect(second.context().totalTaps).toBe(4);
    expect(second.shown()).toBe(4);
  });

  it("a reload shows the last page's unsent taps at once, then sends them as a batch, once", async () => {
    const { server, tab, deliver } = browser();
    const first = tab();
    await flush();
    for (let i = 0; i < 5; i++) first.actor.send({ type: "TAP" });
    first.hide();
    first.close();
    const reloaded = tab();
    expect(reloaded.shown()).toBe(5);
    await flush();
    await flush();
    await deliver();
    expect(server.posts).toEqual([{ batchId: "tab-2-adopted-1", taps: 5, keepalive: false }]);
    expect(server.totalTaps()).toBe(5);
    expect(reloaded.shown()).toBe(5);
    expect(reloaded.context().othersPendingTaps).toBe(0);
  });

  it("as the page closes it sends its own batches with keepalive, and nobody else's", async () => {
    const { server, tab, deliver } = browser();
    const first = tab();
    const second = tab();
    await flush();
    first.actor.send({ type: "TAP" });
    second.actor.send({ type: "TAP" });
    second.actor.send({ type: "TAP" });
    await deliver();
    server.hold();
    first.actor.send({ type: "PAGEHIDE" });
    const batchId = first.context().batches[0]!.batchId;
    expect(server.posts.filter((post) => post.keepalive)).toEqual([{ batchId, taps: 1, keepalive: true }]);
    await flush();
    // The tab's own send of the same batch may also start; the second tab's two taps go nowhere.
    expect(server.posts.every((post) => post.batchId === batchId)).toBe(true);
    expect(second.context().unsyncedTaps).toBe(2);
  });
});
