import { describe, expect, it } from "vitest";
import { createActor, createMachine, fromPromise, SimulatedClock } from "xstate";
import type { SyncAnswer } from "#src/api/rewards.ts";
import type { StoredRewards, TapBatch } from "#src/api/rewards-store.ts";
import { storeHolding } from "../../../tests/support/app-doubles.ts";
import { comboOf } from "./combo.ts";
import { tapsMachine } from "./taps.machine.ts";
import { MAX_SYNC_DELAY_MS, RELOAD_DELAY_MS, SYNC_DELAY_MS, type TapsContext } from "./taps.types.ts";
import {
  selectCombo,
  selectEarnPerTap,
  selectLoading,
  selectMultiplier,
  selectPoints,
  selectTotalTaps,
  selectWalletBalance,
} from "./taps.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const loaded = {
  pointsMicro: 5_000_000,
  totalTaps: 10,
  multiplierMicro: 1_000,
  walletBalanceMicro: 20_000_000,
};

function start(
  options: {
    stored?: StoredRewards | null;
    failSends?: number;
    failLoads?: number;
    /** What the server adds to the nth answered sync (from 1): a combo bonus, an auto-claim. */
    extras?: (answered: number) => {
      comboBonusMicro?: number;
      streak?: SyncAnswer["streak"];
      replayed?: boolean;
    };
  } = {},
) {
  const clock = new SimulatedClock();
  let ids = 0;
  const sent: TapBatch[] = [];
  const beacons: TapBatch[][] = [];
  const persisted: Array<Pick<TapsContext, "unsyncedTaps" | "batches">> = [];
  /** What a tap leaves to the store's trailing write (taps-store.machine.ts). */
  const persistedSoon: Array<Pick<TapsContext, "unsyncedTaps" | "batches">> = [];
  let serverTaps = loaded.totalTaps;
  let serverPoints = loaded.pointsMicro;
  let failures = options.failSends ?? 0;
  let loadFailures = options.failLoads ?? 0;
  let loads = 0;
  let answered = 0;
  const reported: unknown[] = [];
  const machine = tapsMachine.provide({
    actors: {
      loadRewards: fromPromise(async () => {
        loads += 1;
        if (loadFailures > 0) {
          loadFailures -= 1;
          throw { code: "NETWORK_ERROR", message: "offline", status: 0 };
        }
        return loaded;
      }),
      store: storeHolding(options.stored ?? null),
      loadWalletBalance: fromPromise(async () => 42.5),
      sendBatch: fromPromise(
        async ({
          input,
        }: {
          input: { userId: string; batch: TapBatch; multiplierMicro: number };
        }): Promise<SyncAnswer> => {
          sent.push(input.batch);
          if (failures > 0) {
            failures -= 1;
            throw { code: "NETWORK_ERROR", message: "offline", status: 0 };
          }
          answered += 1;
          const extra = options.extras?.(answered) ?? {};
          const bonusMicro = extra.comboBonusMicro ?? 0;
          serverTaps += input.batch.taps;
          serverPoints += input.batch.taps * 1_000 + bonusMicro + (extra.streak?.reward ?? 0) * 1e6;
          return {
            points: serverPoints / 1e6,
            totalTaps: serverTaps,
            multiplier: 0.001,
            credited: {
              taps: input.batch.taps,
              points: (input.batch.taps * 1_000) / 1e6,
              comboBonus: bonusMicro / 1e6,
            },
            streak: extra.streak ?? null,
            replayed: extra.replayed ?? false,
          };
        },
      ),
    },
    actions: {
      persist: ({ context }) =>
        persisted.push({ unsyncedTaps: context.unsyncedTaps, batches: context.batches }),
      persistSoon: ({ context }) =>
        persistedSoon.push({ unsyncedTaps: context.unsyncedTaps, batches: context.batches }),
      sendBeforeUnload: ({ context }) => beacons.push(context.batches),
      // The root hears it in the app; here the test does.
      reportAutoClaim: (_, claim) => reported.push(claim),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      userId: "u1",
      newId: () => `id-${++ids}`,
      now: () => clock.now(),
    },
  });
  const toasts: string[] = [];
  actor.on("toast", (event) => toasts.push(event.title));
  actor.start();
  return { actor, clock, sent, beacons, persisted, persistedSoon, toasts, reported, loads: () => loads };
}

describe("taps machine", () => {
  it("counts a tap synchronously, leaves it to the store's trailing write and shows the optimistic total", async () => {
    const { actor, persisted, persistedSoon } = start();
    await flush();
    const writtenAtOnce = persisted.length;
    actor.send({ type: "TAP" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.unsyncedTaps).toBe(1);
    expect(selectTotalTaps(snapshot)).toBe(11);
    expect(selectPoints(snapshot)).toBeCloseTo(5.001, 10);
    expect(snapshot.context.unsyncedIntervals).toHaveLength(1);
    expect(persistedSoon.at(-1)).toEqual({ unsyncedTaps: 1, batches: [] });
    expect(persisted).toHaveLength(writtenAtOnce);
  });

  it("sends one batch 6 s after the last tap, not before", async () => {
    const { actor, clock, sent } = start();
    await flush();
    for (let i = 0; i < 3; i++) actor.send({ type: "TAP" });
    clock.increment(SYNC_DELAY_MS - 1);
    await flush();
    expect(sent).toEqual([]);
    clock.increment(1);
    await flush();
    // Three taps in the same millisecond of the (simulated) clock: three intervals of 0.
    expect(sent).toEqual([{ batchId: "id-1", taps: 3, intervals: [0, 0, 0] }]);
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.batches).toEqual([]);
    expect(snapshot.context.totalTaps).toBe(13);
    expect(selectPoints(snapshot)).toBeCloseTo(5.003, 10);
  });

  it("sends at the latest 30 s after the first unsynced tap while tapping goes on", async () => {
    const { actor, clock, sent } = start();
    await flush();
    for (let second = 0; second < 30; second++) {
      actor.send({ type: "TAP" });
      clock.increment(1_000);
      await flush();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]!.taps).toBe(30);
    expect(clock.now()).toBe(MAX_SYNC_DELAY_MS);
  });

  it("says once that sync failed and re-sends the same batch id after the back-off", async () => {
    const { actor, clock, sent, toasts } = start({ failSends: 2 });
    await flush();
    actor.send({ type: "TAP" });
    clock.increment(SYNC_DELAY_MS);
    await flush();
    expect(toasts).toEqual(["Failed to sync points with server"]);
    clock.increment(2_000);
    await flush();
    clock.increment(4_000);
    await flush();
    expect(sent.map((batch) => batch.batchId)).toEqual(["id-1", "id-1", "id-1"]);
    expect(toasts).toHaveLength(1);
    expect(actor.getSnapshot().context.batches).toEqual([]);
    expect(actor.getSnapshot().context.totalTaps).toBe(11);
  });

  it("re-sends what a previous page left, under the same ids", async () => {
    const { sent } = start({
      stored: { ...loaded, batches: [{ batchId: "old-1", taps: 7 }], unsyncedTaps: 2 },
    });
    await flush();
    await flush();
    await flush();
    expect(sent).toEqual([
      { batchId: "old-1", taps: 7 },
      { batchId: "id-1", taps: 2 },
    ]);
  });

  it("on pagehide puts unsent taps in a batch, persists it and sends it with keepalive", async () => {
    const { actor, beacons, persisted } = start();
    await flush();
    actor.send({ type: "TAP" });
    actor.send({ type: "TAP" });
    actor.send({ type: "PAGEHIDE" });
    expect(beacons).toEqual([[{ batchId: "id-1", taps: 2, intervals: [0, 0] }]]);
    expect(persisted.at(-1)?.batches).toEqual([{ batchId: "id-1", taps: 2, intervals: [0, 0] }]);
  });

  it("ignores an answer older than what it holds (a replayed batch) but still drops the batch", async () => {
    const machine = tapsMachine.provide({
      actors: {
        loadRewards: fromPromise(async () => loaded),
        store: storeHolding({ ...loaded, batches: [{ batchId: "b", taps: 3 }], unsyncedTaps: 0 }),
        sendBatch: fromPromise(
          async (): Promise<SyncAnswer> => ({
            points: 1,
            totalTaps: 3,
            multiplier: 0.001,
            credited: { taps: 3, points: 0.003, comboBonus: 0 },
            streak: null,
            replayed: true,
          }),
        ),
      },
      actions: { persist: () => {}, sendBeforeUnload: () => {} },
    });
    const actor = createActor(machine, {
      input: { userId: "u1", newId: () => "x", now: () => 0 },
    }).start();
    await flush();
    await flush();
    expect(actor.getSnapshot().context.batches).toEqual([]);
    expect(actor.getSnapshot().context.pointsMicro).toBe(loaded.pointsMicro);
  });

  it("shows a loading state only when nothing was stored from an earlier visit", async () => {
    const fresh = start();
    expect(selectLoading(fresh.actor.getSnapshot())).toBe(true);
    await flush();
    expect(selectLoading(fresh.actor.getSnapshot())).toBe(false);
    const returning = start({ stored: { ...loaded, batches: [], unsyncedTaps: 0 } });
    expect(selectLoading(returning.actor.getSnapshot())).toBe(false);
    expect(selectPoints(returning.actor.getSnapshot())).toBe(5);
  });

  it("offline on a new device: says so, and counts taps at the default multiplier meanwhile", async () => {
    const { actor, toasts } = start({ failLoads: 1 });
    await flush();
    expect(toasts).toEqual(["Failed to load user data"]);
    expect(selectMultiplier(actor.getSnapshot())).toBe(0.001);
    actor.send({ type: "TAP" });
    actor.send({ type: "TAP" });
    expect(selectPoints(actor.getSnapshot())).toBeCloseTo(0.002, 10);
  });

  it("loads the figures again when the browser is back online, and every 30 s until it works", async () => {
    const { actor, clock, loads } = start({ failLoads: 2 });
    await flush();
    expect(loads()).toBe(1);
    actor.send({ type: "ONLINE" });
    await flush();
    expect(loads()).toBe(2);
    expect(selectWalletBalance(actor.getSnapshot())).toBe(0);
    clock.increment(RELOAD_DELAY_MS - 1);
    await flush();
    expect(loads()).toBe(2);
    clock.increment(1);
    await flush();
    expect(loads()).toBe(3);
    expect(selectWalletBalance(actor.getSnapshot())).toBe(20);
    expect(actor.getSnapshot().context.loaded).toBe(true);
    clock.increment(RELOAD_DELAY_MS * 3);
    actor.send({ type: "ONLINE" });
    await flush();
    expect(loads()).toBe(3);
  });

  it("keeps taps made before a late load and does not let the load undo a newer sync", async () => {
    const { actor, clock, sent } = start({ failLoads: 1 });
    await flush();
    actor.send({ type: "TAP" });
    clock.increment(SYNC_DELAY_MS);
    await flush();
    // The sync answered 11 taps; the late load below says 10 (older): the 11 stay.
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().context.totalTaps).toBe(11);
    clock.increment(RELOAD_DELAY_MS);
    await flush();
    expect(actor.getSnapshot().context.totalTaps).toBe(11);
    expect(selectWalletBalance(actor.getSnapshot())).toBe(20);
  });

  it("does not count a batch twice when the load's totals already hold it (sent as the last page closed)", async () => {
    let answerBatch: (answer: SyncAnswer) => void = () => {};
    const machine = tapsMachine.provide({
      actors: {
        // The server credited the stored batch (3 taps) from the last page's keepalive send.
        loadRewards: fromPromise(async () => ({ ...loaded, pointsMicro: 5_003_000, totalTaps: 13 })),
        store: storeHolding({ ...loaded, batches: [{ batchId: "b", taps: 3 }], unsyncedTaps: 0 }),
        sendBatch: fromPromise(() => new Promise<SyncAnswer>((resolve) => (answerBatch = resolve))),
      },
      actions: { persist: () => {}, sendBeforeUnload: () => {} },
    });
    const actor = createActor(machine, {
      input: { userId: "u1", newId: () => "x", now: () => 0 },
    }).start();
    await flush();
    expect(actor.getSnapshot().context.walletBalanceMicro).toBe(loaded.walletBalanceMicro);
    expect(selectPoints(actor.getSnapshot())).toBeCloseTo(5.003, 10);
    expect(selectTotalTaps(actor.getSnapshot())).toBe(13);
    // The re-sent batch is a replay: its stored answer takes over and the batch is done.
    answerBatch({
      points: 5.003,
      totalTaps: 13,
      multiplier: 0.001,
      credited: { taps: 3, points: 0.003, comboBonus: 0 },
      streak: null,
      replayed: true,
    });
    await flush();
    expect(actor.getSnapshot().context.batches).toEqual([]);
    expect(selectPoints(actor.getSnapshot())).toBeCloseTo(5.003, 10);
    expect(selectTotalTaps(actor.getSnapshot())).toBe(13);
  });

  describe("figures from a purchase or withdrawal (REWARDS.UPDATED)", () => {
    /** A loaded actor with 3 taps in a batch whose answer the test gives by hand. */
    async function withBatchInFlight() {
      let answerBatch: (answer: SyncAnswer) => void = () => {};
      const machine = tapsMachine.provide({
        actors: {
          loadRewards: fromPromise(async () => loaded),
          store: storeHolding(null),
          sendBatch: fromPromise(() => new Promise<SyncAnswer>((resolve) => (answerBatch = resolve))),
        },
        actions: { persist: () => {}, sendBeforeUnload: () => {} },
      });
      const actor = createActor(machine, {
        input: { userId: "u1", newId: () => "b", now: () => 0 },
      }).start();
      await flush();
      for (let i = 0; i < 3; i++) actor.send({ type: "TAP" });
      actor.send({ type: "FLUSH" });
      await flush();
      expect(actor.getSnapshot().context.batches).toHaveLength(1);
      return { actor, answer: (answer: SyncAnswer) => answerBatch(answer) };
    }
    const batchAnswer = {
      multiplier: 0.001,
      credited: { taps: 3, points: 0.003, comboBonus: 0 },
      streak: null,
      replayed: false,
    };

    it("keeps the points a purchase spent when the answer of a batch credited before it comes later", async () => {
      const { actor, answer } = await withBatchInFlight();
      // On the server the batch came first (10 → 13 taps, 5.003 points), then a purchase that spent 0.003
      // points; the purchase's answer reaches us first.
      actor.send({
        type: "REWARDS.UPDATED",
        pointsMicro: 5_003_000 - 3_000,
        totalTaps: 13,
        multiplierMicro: 2_000,
        walletBalanceMicro: 15_000_000,
      });
      answer({ ...batchAnswer, points: 5.003, totalTaps: 13 });
      await flush();
      const snapshot = actor.getSnapshot();
      expect(snapshot.context.batches).toEqual([]);
      expect(snapshot.context.pointsMicro).toBe(5_000_000);
      expect(snapshot.context.multiplierMicro).toBe(2_000);
      expect(selectPoints(snapshot)).toBe(5);
    });

    it("keeps newer points and multiplier when the update is older than a sync answer, but takes the wallet", async () => {
      const { actor, answer } = await withBatchInFlight();
      answer({ ...batchAnswer, points: 5.003, totalTaps: 13 });
      await flush();
      actor.send({
        type: "REWARDS.UPDATED",
        pointsMicro: 1_000_000,
        totalTaps: 10,
        multiplierMicro: 5_000,
        walletBalanceMicro: 7_000_000,
      });
      const snapshot = actor.getSnapshot();
      expect(snapshot.context.pointsMicro).toBe(5_003_000);
      expect(snapshot.context.totalTaps).toBe(13);
      expect(snapshot.context.multiplierMicro).toBe(1_000);
      expect(snapshot.context.walletBalanceMicro).toBe(7_000_000);
    });
  });

  describe("the app's messages (the root actor passes them on)", () => {
    it("TAPS.SETTLE sends what is pending and answers TAPS.SETTLED once the server acknowledged it", async () => {
      const { actor, sent } = start();
      await flush();
      const heard: string[] = [];
      const waiter = createActor(
        createMachine({ on: { "*": { actions: ({ event }) => heard.push(event.type) } } }),
      ).start();
      actor.send({ type: "TAP" });
      actor.send({ type: "TAPS.SETTLE", replyTo: waiter });
      expect(sent).toEqual([{ batchId: "id-1", taps: 1, intervals: [0] }]);
      expect(heard).toEqual([]);
      await flush();
      expect(heard).toEqual(["TAPS.SETTLED"]);
      expect(actor.getSnapshot().context.settleWaiters).toEqual([]);
    });

    it("TAPS.SETTLE is answered at once when nothing is pending", async () => {
      const { actor } = start();
      await flush();
      const heard: string[] = [];
      const waiter = createActor(
        createMachine({ on: { "*": { actions: ({ event }) => heard.push(event.type) } } }),
      ).start();
      actor.send({ type: "TAPS.SETTLE", replyTo: waiter });
      expect(heard).toEqual(["TAPS.SETTLED"]);
    });

    it("WALLET.MOVED reads the wallet balance again and persists it", async () => {
      const { actor } = start();
      await flush();
      expect(selectWalletBalance(actor.getSnapshot())).toBe(20);
      actor.send({ type: "WALLET.MOVED" });
      expect(actor.getSnapshot().matches({ ready: { wallet: "reloading" } })).toBe(true);
      await flush();
      expect(selectWalletBalance(actor.getSnapshot())).toBe(42.5);
      expect(actor.getSnapshot().matches({ ready: { wallet: "idle" } })).toBe(true);
    });
  });

  describe("pushed figures (live events the root passes on)", () => {
    /** A loaded actor whose loads and sends the test answers by hand. */
    async function handHeld(options: { loaded?: boolean } = {}) {
      const loads: Array<(value: typeof loaded) => void> = [];
      const sends: Array<{ batch: TapBatch; answer: (value: SyncAnswer) => void; fail: () => void }> = [];
      const walletReads: Array<(balance: number) => void> = [];
      let ids = 0;
      const machine = tapsMachine.provide({
        actors: {
          store: storeHolding(null),
          loadRewards: fromPromise(() => new Promise<typeof loaded>((resolve) => loads.push(resolve))),
          sendBatch: fromPromise(
            ({ input }: { input: { userId: string; batch: TapBatch; multiplierMicro: number } }) =>
              new Promise<SyncAnswer>((resolve, reject) =>
                sends.push({ batch: input.batch, answer: resolve, fail: () => reject(new Error("offline")) }),
              ),
          ),
          loadWalletBalance: fromPromise(() => new Promise<number>((resolve) => walletReads.push(resolve))),
        },
        actions: { persist: () => {}, sendBeforeUnload: () => {} },
      });
      const actor = createActor(machine, {
        clock: new SimulatedClock(),
        input: { userId: "u1", newId: () => `b${++ids}`, now: () => 0 },
      }).start();
      if (options.loaded !== false) {
        loads.shift()!(loaded);
        await flush();
      }
      const tapAndSend = async (taps: number) => {
        for (let i = 0; i < taps; i++) actor.send({ type: "TAP" });
        actor.send({ type: "FLUSH" });
        await flush();
      };
      const answer = async (figures: { points: number; totalTaps: number; multiplier?: number }) => {
        const send = sends.shift()!;
        send.answer({
          multiplier: 0.001,
          credited: { taps: send.batch.taps, points: send.batch.taps / 1000, comboBonus: 0 },
          streak: null,
          replayed: false,
          ...figures,
        });
        await flush();
      };
      const shown = () => ({
        points: selectPoints(actor.getSnapshot()),
        totalTaps: selectTotalTaps(actor.getSnapshot()),
        multiplier: selectMultiplier(actor.getSnapshot()),
        wallet: selectWalletBalance(actor.getSnapshot()),
      });
      return { actor, loads, sends, walletReads, tapAndSend, answer, shown };
    }
    const points = (figures: { points: number; totalTaps: number; multiplier?: number }) => ({
      type: "POINTS.UPDATED" as const,
      multiplier: 0.001,
      ...figures,
    });

    it("takes a push at once when nothing is pending, and keeps the taps not yet sent on top of it", async () => {
      const { actor, shown } = await handHeld();
      actor.send({ type: "TAP" });
      actor.send({ type: "TAP" });
      // Another device tapped 5 times: the server says 15 taps, 5.005 points.
      actor.send(points({ points: 5.005, totalTaps: 15 }));
      expect(shown()).toMatchObject({ points: 5.007, totalTaps: 17 });
      expect(actor.getSnapshot().context.unsyncedTaps).toBe(2);
    });

    it("ignores a push with fewer total taps than it holds (an older one)", async () => {
      const { actor, shown } = await handHeld();
      actor.send(points({ points: 9, totalTaps: 9 }));
      expect(shown()).toMatchObject({ points: 5, totalTaps: 10 });
    });

    it("holds a push back while a batch is out, so the batch is never counted twice, then takes it", async () => {
      const { actor, tapAndSend, answer, shown } = await handHeld();
      await tapAndSend(3);
      expect(shown()).toMatchObject({ points: 5.003, totalTaps: 13 });
      // The batch's own push arrives before its answer: its taps are in it, and still pending here.
      actor.send(points({ points: 5.003, totalTaps: 13 }));
      expect(shown()).toMatchObject({ points: 5.003, totalTaps: 13 });
      expect(actor.getSnapshot().context.deferredPushes).toHaveLength(1);
      // Then a purchase elsewhere spent 1 point (same taps): its push waits too.
      actor.send(points({ points: 4.003, totalTaps: 13, multiplier: 0.002 }));
      expect(shown()).toMatchObject({ points: 5.003, totalTaps: 13, multiplier: 0.001 });
      await answer({ points: 5.003, totalTaps: 13 });
      expect(shown()).toMatchObject({ points: 4.003, totalTaps: 13, multiplier: 0.002 });
      expect(actor.getSnapshot().context.deferredPushes).toEqual([]);
    });

    it("a pending batch wins until its answer even when it keeps failing, and a push older than it is dropped", async () => {
      const { actor, sends, answer, tapAndSend, shown } = await handHeld();
      await tapAndSend(2);
      sends.shift()!.fail();
      await flush();
      expect(actor.getSnapshot().matches({ ready: { sync: "retrying" } })).toBe(true);
      actor.send(points({ points: 5, totalTaps: 10, multiplier: 0.001 }));
      actor.send({ type: "ONLINE" });
      await flush();
      expect(shown()).toMatchObject({ points: 5.002, totalTaps: 12 });
      await answer({ points: 5.002, totalTaps: 12 });
      // The push (10 taps) is older than the answer (12): the answer stays.
      expect(shown()).toMatchObject({ points: 5.002, totalTaps: 12 });
    });

    it("a multiplier pushed while a batch is out survives the older multiplier in the batch's answer", async () => {
      const { actor, tapAndSend, answer, shown } = await handHeld();
      await tapAndSend(1);
      actor.send({ type: "MULTIPLIER.CHANGED", multiplier: 0.05 });
      await answer({ points: 5.001, totalTaps: 11, multiplier: 0.001 });
      expect(shown().multiplier).toBe(0.05);
    });

    it("takes a pushed wallet balance at once, even while a batch is out", async () => {
      const { actor, tapAndSend, shown } = await handHeld();
      await tapAndSend(1);
      actor.send({ type: "WALLET.UPDATED", balance: 42.25 });
      expect(shown().wallet).toBe(42.25);
    });

    it("does not let a purchase's answer undo a newer push when its own push came first", async () => {
      const { actor, shown } = await handHeld();
      // The purchase's push, then an admin's change of the multiplier, then the purchase's answer.
      actor.send(points({ points: 4, totalTaps: 10, multiplier: 0.002 }));
      actor.send({ type: "WALLET.UPDATED", balance: 15 });
      actor.send(points({ points: 4, totalTaps: 10, multiplier: 0.005 }));
      actor.send({ type: "WALLET.UPDATED", balance: 115 });
      actor.send({
        type: "REWARDS.UPDATED",
        pointsMicro: 4_000_000,
        totalTaps: 10,
        multiplierMicro: 2_000,
        walletBalanceMicro: 15_000_000,
      });
      expect(shown()).toMatchObject({ points: 4, multiplier: 0.005, wallet: 115 });
    });

    it("takes a local answer again once the stream is down (no push will echo it)", async () => {
      const { actor, shown } = await handHeld();
      actor.send(points({ points: 4, totalTaps: 10, multiplier: 0.002 }));
      actor.send(points({ points: 6, totalTaps: 10, multiplier: 0.002 }));
      actor.send({ type: "STREAM.DOWN" });
      actor.send({ type: "REWARDS.UPDATED", pointsMicro: 4_000_000, totalTaps: 10, multiplierMicro: 2_000 });
      expect(shown().points).toBe(4);
    });

    it("a push that arrives before the first load answers is not undone by that (older) load", async () => {
      const { actor, loads, shown } = await handHeld({ loaded: false });
      expect(actor.getSnapshot().matches("loading")).toBe(true);
      actor.send(points({ points: 7, totalTaps: 20, multiplier: 0.002 }));
      actor.send({ type: "WALLET.UPDATED", balance: 3 });
      loads.shift()!(loaded);
      await flush();
      expect(actor.getSnapshot().context.loaded).toBe(true);
      expect(shown()).toMatchObject({ points: 7, totalTaps: 20, multiplier: 0.002, wallet: 3 });
    });

    it("a wallet read overtaken by a push keeps the push", async () => {
      const { actor, walletReads, shown } = await handHeld();
      actor.send({ type: "WALLET.MOVED" });
      actor.send({ type: "WALLET.UPDATED", balance: 8 });
      walletReads.shift()!(20);
      await flush();
      expect(shown().wallet).toBe(8);
      actor.send({ type: "WALLET.MOVED" });
      walletReads.shift()!(21);
      await flush();
      expect(shown().wallet).toBe(21);
    });

    it("STREAM.RESET reads the figures again, in whatever state the figures are", async () => {
      const { actor, loads, shown } = await handHeld({ loaded: false });
      actor.send({ type: "STREAM.RESET" });
      expect(loads).toHaveLength(2);
      loads.shift()!(loaded);
      loads.shift()!({ ...loaded, pointsMicro: 6_000_000, totalTaps: 11 });
      await flush();
      expect(shown()).toMatchObject({ points: 6, totalTaps: 11 });
      expect(actor.getSnapshot().matches({ ready: { figures: "current" } })).toBe(true);
      actor.send({ type: "STREAM.RESET" });
      expect(actor.getSnapshot().matches({ ready: { figures: "refreshing" } })).toBe(true);
      actor.send({ type: "STREAM.RESET" });
      expect(loads).toHaveLength(2);
      loads.pop()!({ ...loaded, pointsMicro: 9_000_000, totalTaps: 12 });
      await flush();
      expect(shown()).toMatchObject({ points: 9, totalTaps: 12 });
    });
  });
});

describe("taps machine: a running booster", () => {
  it("counts pending taps at the booster's factor, and the server's answer replaces them", async () => {
    const { actor, clock } = start();
    await flush();
    actor.send({ type: "BOOST.FACTOR", factor: 2 });
    for (let i = 0; i < 5; i++) actor.send({ type: "TAP" });
    // 5 + 5 taps × 0.001 × 2, before the server has answered.
    expect(selectPoints(actor.getSnapshot())).toBeCloseTo(5.01, 9);
    expect(selectEarnPerTap(actor.getSnapshot())).toBe(0.002);
    actor.send({ type: "BOOST.FACTOR", factor: 1 });
    expect(selectPoints(actor.getSnapshot())).toBeCloseTo(5.005, 9);
    expect(selectEarnPerTap(actor.getSnapshot())).toBe(0.001);
    clock.increment(SYNC_DELAY_MS);
    await flush();
    expect(actor.getSnapshot().context.batches).toEqual([]);
    expect(selectTotalTaps(actor.getSnapshot())).toBe(15);
  });
});

describe("taps machine: combos", () => {
  /** `count` taps `gap` ms apart on the tap clock (the simulated clock here). */
  const tapRun = (
    actor: ReturnType<typeof start>["actor"],
    clock: SimulatedClock,
    count: number,
    gap: number,
  ) => {
    for (let i = 0; i < count; i++) {
      if (i > 0) clock.increment(gap);
      actor.send({ type: "TAP" });
    }
  };

  it("counts the chain from each tap's interval, the same intervals the batch carries", async () => {
    const { actor, clock, sent } = start();
    await flush();
    tapRun(actor, clock, 49, 60);
    expect(selectCombo(actor.getSnapshot())).toBe(49);
    clock.increment(60);
    actor.send({ type: "TAP" });
    expect(selectCombo(actor.getSnapshot())).toBe(50);
    actor.send({ type: "FLUSH" });
    await flush();
    // What the server counts its bonus from gives the same chain.
    expect(sent).toHaveLength(1);
    expect(comboOf(sent[0]!.intervals!)).toBe(50);
  });

  it("ends the chain a second after the last tap, not before, and the next tap starts a new one", async () => {
    const { actor, clock } = start();
    await flush();
    tapRun(actor, clock, 10, 60);
    clock.increment(999);
    await flush();
    expect(selectCombo(actor.getSnapshot())).toBe(10);
    clock.increment(1);
    await flush();
    expect(selectCombo(actor.getSnapshot())).toBe(0);
    actor.send({ type: "TAP" });
    expect(selectCombo(actor.getSnapshot())).toBe(1);
  });

  it("a tap keeps the chain alive: 999 ms gaps chain for longer than a second in all", async () => {
    const { actor, clock } = start();
    await flush();
    tapRun(actor, clock, 5, 999);
    await flush();
    expect(selectCombo(actor.getSnapshot())).toBe(5);
  });

  it("a tap 39 ms after the last is too fast to chain: it starts the chain again", async () => {
    const { actor, clock } = start();
    await flush();
    tapRun(actor, clock, 20, 60);
    clock.increment(39);
    actor.send({ type: "TAP" });
    expect(selectCombo(actor.getSnapshot())).toBe(1);
    clock.increment(40);
    actor.send({ type: "TAP" });
    expect(selectCombo(actor.getSnapshot())).toBe(2);
  });

  it("counts taps made before the first figures arrive, and ends that chain too", async () => {
    const { actor, clock } = start({ failLoads: 1 });
    tapRun(actor, clock, 3, 100);
    expect(selectCombo(actor.getSnapshot())).toBe(3);
    clock.increment(1_000);
    await flush();
    expect(selectCombo(actor.getSnapshot())).toBe(0);
  });

  it("shows the server's total, combo bonus included, once the batch is answered", async () => {
    // 50 chained taps at 0.001: a bonus of 10 % of their 0.05 points.
    const { actor, clock } = start({ extras: () => ({ comboBonusMicro: 5_000 }) });
    await flush();
    tapRun(actor, clock, 50, 60);
    expect(selectPoints(actor.getSnapshot())).toBeCloseTo(5.05, 10);
    actor.send({ type: "FLUSH" });
    await flush();
    expect(actor.getSnapshot().context.batches).toEqual([]);
    expect(selectPoints(actor.getSnapshot())).toBeCloseTo(5.055, 10);
    expect(selectTotalTaps(actor.getSnapshot())).toBe(60);
  });
});

describe("taps machine: auto-claim", () => {
  it("toasts the day's reward a sync claimed, once, and tells the root", async () => {
    const { actor, toasts, reported } = start({
      extras: (answered) => (answered === 1 ? { streak: { current: 4, reward: 4 } } : {}),
    });
    await flush();
    actor.send({ type: "TAP" });
    actor.send({ type: "FLUSH" });
    await flush();
    expect(toasts).toEqual(["Daily reward claimed: +4.0000 points"]);
    expect(reported).toEqual([{ type: "STREAK.CLAIMED", current: 4, reward: 4 }]);
    // The answer's total holds the reward: 5 + 0.001 + 4.
    expect(selectPoints(actor.getSnapshot())).toBeCloseTo(9.001, 10);
    actor.send({ type: "TAP" });
    actor.send({ type: "FLUSH" });
    await flush();
    expect(toasts).toHaveLength(1);
    expect(reported).toHaveLength(1);
  });

  it("says nothing for an answer without a claim, or a replay", async () => {
    const { actor, toasts, reported } = start({
      extras: () => ({ streak: { current: 1, reward: 1 }, replayed: true }),
    });
    await flush();
    actor.send({ type: "TAP" });
    actor.send({ type: "FLUSH" });
    await flush();
    expect(toasts).toEqual([]);
    expect(reported).toEqual([]);
  });
});
