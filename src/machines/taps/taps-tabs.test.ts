/**
 * Two tabs of one browser share the pending taps (docs/decisions/018): one rewards key, one send lock, the
 * `storage` event between them. No tap is lost, none is sent by two tabs, and a tab that closes mid-send
 * hands its batch on.
 */
import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import type { ApiResult } from "#src/api/errors.ts";
import type { RewardsApi, SyncAnswer } from "#src/api/rewards.ts";
import { createRewardsStore, mergeRewards, type StoredRewards } from "#src/api/rewards-store.ts";
import { rewardsKey } from "#src/api/storage-keys.ts";
import { fakeLocks } from "../../../tests/support/fake-tabs.ts";
import { createTapsImplementations, type WatchStorage } from "./taps.actors.ts";
import { tapsMachine } from "./taps.machine.ts";
import { pendingTaps } from "./taps.types.ts";
import { selectTotalTaps } from "./taps.view.ts";

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
          credited: { taps: body.taps, points: body.taps / 1000 },
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

/** One browser: a shared localStorage whose writes other tabs hear, a shared lock manager, one server. */
function browser() {
  const data = new Map<string, string>();
  const listeners = new Map<string, Set<{ tab: string; listener: (value: string | null) => void }>>();
  const server = fakeServer();
  const locks = fakeLocks();
  const storageFor = (tab: string): Storage =>
    ({
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => {
        data.set(key, value);
        // The browser tells the other tabs, later.
        for (const entry of listeners.get(key) ?? [])
          if (entry.tab !== tab) queueMicrotask(() => entry.listener(value));
      },
      removeItem: (key: string) => data.delete(key),
    }) as unknown as Storage;
  let tabs = 0;
  const tab = () => {
    const name = `tab-${++tabs}`;
    const watch: WatchStorage = (key, listener) => {
      const entry = { tab: name, listener };
      if (!listeners.has(key)) listeners.set(key, new Set());
      listeners.get(key)!.add(entry);
      return () => listeners.get(key)!.delete(entry);
    };
    let ids = 0;
    const actor = createActor(
      tapsMachine.provide(
        createTapsImplementations({
          rewards: server.rewards,
          store: createRewardsStore(storageFor(name)),
          tabId: name,
          withLock: locks.withLock,
          watch,
        }),
      ),
      { clock: new SimulatedClock(), input: { userId: "u1", newId: () => `${name}-${++ids}`, now: () => 0 } },
    ).start();
    const context = () => actor.getSnapshot().context;
    return { name, actor, context, shown: () => selectTotalTaps(actor.getSnapshot()) };
  };
  const stored = () => JSON.parse(data.get(rewardsKey("u1")) ?? "null") as StoredRewards | null;
  return { server, locks, tab, stored };
}

describe("tabs share one pending tap batch", () => {
  it("taps made in two tabs are counted in both, sent once, by one tab, and none is lost", async () => {
    const { server, tab, stored } = browser();
    const first = tab();
    const second = tab();
    await flush();
    for (let i = 0; i < 3; i++) first.actor.send({ type: "TAP" });
    await flush();
    expect(second.context().unsyncedTaps).toBe(3);
    for (let i = 0; i < 2; i++) second.actor.send({ type: "TAP" });
    await flush();
    expect(first.context().unsyncedTaps).toBe(5);
    expect(first.shown()).toBe(5);
    first.actor.send({ type: "FLUSH" });
    await flush();
    await flush();
    expect(server.posts.map((post) => post.taps)).toEqual([5]);
    expect(server.totalTaps()).toBe(5);
    for (const each of [first, second]) {
      expect(pendingTaps(each.context())).toBe(0);
      expect(each.context().totalTaps).toBe(5);
    }
    expect(stored()).toMatchObject({ batches: [], unsyncedTaps: 0, totalTaps: 5 });
  });

  it("taps made in both tabs before either heard the other's are all kept (each merges, none overwrites)", async () => {
    const { server, tab, stored } = browser();
    const first = tab();
    const second = tab();
    await flush();
    first.actor.send({ type: "TAP" });
    second.actor.send({ type: "TAP" });
    second.actor.send({ type: "TAP" });
    expect(stored()?.unsyncedTaps).toBe(3);
    await flush();
    expect(first.context().unsyncedTaps).toBe(3);
    expect(second.context().unsyncedTaps).toBe(3);
    second.actor.send({ type: "FLUSH" });
    await flush();
    await flush();
    expect(server.totalTaps()).toBe(3);
    expect(first.context().totalTaps).toBe(3);
  });

  it("both tabs may try to send the same batch: the one that gets the lock second finds it sent and sends nothing", async () => {
    const { server, tab } = browser();
    const first = tab();
    const second = tab();
    await flush();
    first.actor.send({ type: "TAP" });
    first.actor.send({ type: "FLUSH" });
    second.actor.send({ type: "FLUSH" });
    await flush();
    await flush();
    expect(second.actor.getSnapshot().matches({ ready: { sync: "idle" } })).toBe(true);
    expect(server.posts).toHaveLength(1);
    expect(second.context().totalTaps).toBe(1);
  });

  it("a tab closing while another sends a batch does not send it again with keepalive", async () => {
    const { server, tab, stored } = browser();
    const first = tab();
    const second = tab();
    await flush();
    server.hold();
    first.actor.send({ type: "TAP" });
    first.actor.send({ type: "FLUSH" });
    await flush();
    expect(stored()).toHaveProperty("sending.tab", first.name);
    expect(second.context().batches).toHaveLength(1);
    second.actor.send({ type: "PAGEHIDE" });
    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]?.keepalive).toBe(false);
  });

  it("when the sending tab closes mid-send the lock passes on: another tab sends the batch under its id, counted once", async () => {
    const { server, locks, tab } = browser();
    const first = tab();
    const second = tab();
    await flush();
    server.hold();
    for (let i = 0; i < 4; i++) first.actor.send({ type: "TAP" });
    first.actor.send({ type: "FLUSH" });
    await flush();
    const batchId = first.context().batches[0]!.batchId;
    // The tab closes: its answer never comes, and the browser releases its lock.
    first.actor.stop();
    server.drop();
    locks.crash("taprewards-taps-u1");
    await flush();
    await flush();
    expect(server.posts.map((post) => post.batchId)).toEqual([batchId, batchId]);
    expect(server.totalTaps()).toBe(4);
    expect(second.context().batches).toEqual([]);
    expect(second.context().totalTaps).toBe(4);
  });
});

describe("merging a tab's changes into the shared rewards key", () => {
  const record = (overrides: Partial<StoredRewards>): StoredRewards => ({
    pointsMicro: 0,
    totalTaps: 0,
    multiplierMicro: 1000,
    walletBalanceMicro: 0,
    batches: [],
    unsyncedTaps: 0,
    ...overrides,
  });

  it("keeps taps another tab counted since this tab last read the key", () => {
    const base = record({ unsyncedTaps: 1 });
    const mine = record({ unsyncedTaps: 2 });
    const theirs = record({ unsyncedTaps: 4 });
    expect(mergeRewards(base, mine, theirs).unsyncedTaps).toBe(5);
  });

  it("moves only this tab's taps into the batch it formed, and keeps the others' batches", () => {
    const base = record({ unsyncedTaps: 3, batches: [{ batchId: "old", taps: 1 }] });
    const mine = record({
      batches: [
        { batchId: "old", taps: 1 },
        { batchId: "mine", taps: 3 },
      ],
    });
    const theirs = record({
      unsyncedTaps: 5,
      batches: [
        { batchId: "old", taps: 1 },
        { batchId: "theirs", taps: 2 },
      ],
    });
    const merged = mergeRewards(base, mine, theirs);
    expect(merged.unsyncedTaps).toBe(2);
    expect(merged.batches.map((batch) => batch.batchId)).toEqual(["old", "theirs", "mine"]);
  });

  it("drops a batch this tab saw acknowledged, and never adds one twice", () => {
    const base = record({ batches: [{ batchId: "a", taps: 1 }] });
    const mine = record({ batches: [] });
    const theirs = record({
      batches: [
        { batchId: "a", taps: 1 },
        { batchId: "b", taps: 2 },
      ],
    });
    expect(mergeRewards(base, mine, theirs).batches).toEqual([{ batchId: "b", taps: 2 }]);
    expect(mergeRewards(null, theirs, theirs).batches).toHaveLength(2);
  });
});
