import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { SyncAnswer } from "#src/api/rewards.ts";
import { parseRewards, type StoredRewards, type TapBatch } from "#src/api/rewards-store.ts";
import { storeHolding } from "../../../tests/support/app-doubles.ts";
import { tapsMachine } from "./taps.machine.ts";
import { batchesOf, tapInterval } from "./taps.timing.ts";
import { BACKOFF_MS, SYNC_DELAY_MS } from "./taps.types.ts";
import { selectTapsFrozen } from "./taps.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const loaded = { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1_000, walletBalanceMicro: 0 };
const FROZEN = {
  code: "ACCOUNT_FROZEN",
  status: 403,
  message: "Your account is under review. Taps are paused.",
};

/** A taps actor whose tap clock the test moves by hand, apart from the timers' simulated clock. */
function start(options: { stored?: StoredRewards | null; refuse?: Array<object | null> } = {}) {
  const clock = new SimulatedClock();
  let tapAt = 1_000;
  let ids = 0;
  const sent: TapBatch[] = [];
  const persisted: Array<{ batches: TapBatch[]; unsyncedIntervals: number[] }> = [];
  const refusals = [...(options.refuse ?? [])];
  const toasts: string[] = [];
  const machine = tapsMachine.provide({
    actors: {
      loadRewards: fromPromise(async () => loaded),
      store: storeHolding(options.stored ?? null),
      loadWalletBalance: fromPromise(async () => 0),
      sendBatch: fromPromise<SyncAnswer, { userId: string; batch: TapBatch; multiplierMicro: number }>(
        async ({ input }) => {
          sent.push(input.batch);
          const refusal = refusals.shift();
          if (refusal) throw refusal;
          return {
            points: 0,
            totalTaps: sent.length,
            multiplier: 0.001,
            credited: { taps: input.batch.taps, points: 0, comboBonus: 0 },
            streak: null,
            replayed: false,
          };
        },
      ),
    },
    actions: {
      // What storage would hold: written at once, or on the store's trailing timer (both the same record).
      persist: ({ context }) =>
        persisted.push({ batches: context.batches, unsyncedIntervals: context.unsyncedIntervals }),
      persistSoon: ({ context }) =>
        persisted.push({ batches: context.batches, unsyncedIntervals: context.unsyncedIntervals }),
      sendBeforeUnload: () => {},
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { userId: "u1", newId: () => `id-${++ids}`, now: () => clock.now(), tapClock: () => tapAt },
  });
  actor.on("toast", (event) => toasts.push(event.title));
  actor.start();
  const tapAfter = (ms: number) => {
    tapAt += ms;
    actor.send({ type: "TAP" });
  };
  const pause = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, sent, persisted, toasts, tapAfter, pause };
}

describe("tap timing (taps.timing.ts)", () => {
  it("counts whole ms since the tap before, 0 for a first tap, and caps a long gap", () => {
    expect(tapInterval(null, 500, true)).toBe(0);
    expect(tapInterval(1_000, 1_180.6, false)).toBe(181);
    expect(tapInterval(1_000, 999, false)).toBe(0);
    expect(tapInterval(0, 60_000, true)).toBe(60_000);
    // A batch's first tap with none in the 60 s before it counts 0; inside a batch the gap is capped.
    expect(tapInterval(0, 60_001, true)).toBe(0);
    expect(tapInterval(0, 90_000, false)).toBe(60_000);
  });

  it("cuts pending taps into batches of at most 1 000, each with its share of the intervals", () => {
    let ids = 0;
    const intervals = Array.from({ length: 2_500 }, (_, index) => index % 400);
    const batches = batchesOf(2_500, intervals, () => `b${++ids}`);
    expect(batches.map((batch) => [batch.batchId, batch.taps, batch.intervals?.length])).toEqual([
      ["b1", 1_000, 1_000],
      ["b2", 1_000, 1_000],
      ["b3", 500, 500],
    ]);
    expect(batches[2]!.intervals![0]).toBe(intervals[2_000]);
    // Taps an older version stored without intervals go without them, never with invented ones.
    expect(batchesOf(3, [120], () => "x")).toEqual([{ batchId: "x", taps: 3 }]);
  });

  it("reads stored intervals only when there is one whole number per tap", () => {
    const record = (batch: object, unsyncedIntervals?: unknown) =>
      parseRewards(JSON.stringify({ ...loaded, batches: [batch], unsyncedTaps: 2, unsyncedIntervals }));
    expect(record({ batchId: "a", taps: 2, intervals: [0, 140] })).toMatchObject({
      batches: [{ batchId: "a", taps: 2, intervals: [0, 140] }],
    });
    expect(record({ batchId: "a", taps: 2, intervals: [0] })?.batches).toEqual([{ batchId: "a", taps: 2 }]);
    expect(record({ batchId: "a", taps: 2, intervals: [0, 1.5] })?.batches).toEqual([
      { batchId: "a", taps: 2 },
    ]);
    expect(record({ batchId: "a", taps: 1 }, [3, 4])?.unsyncedIntervals).toEqual([3, 4]);
    expect(record({ batchId: "a", taps: 1 }, "nonsense")?.unsyncedIntervals).toBeUndefined();
  });
});

describe("taps machine: the intervals of a batch", () => {
  it("sends one interval per tap, the first since the previous batch's last tap", async () => {
    const { sent, tapAfter, pause } = start();
    await flush();
    tapAfter(0);
    tapAfter(180);
    tapAfter(240);
    await pause(SYNC_DELAY_MS);
    tapAfter(7_000);
    tapAfter(95);
    await pause(SYNC_DELAY_MS);
    // More than 60 s after the last tap: the next batch starts from 0.
    tapAfter(61_000);
    await pause(SYNC_DELAY_MS);
    expect(sent.map((batch) => batch.intervals)).toEqual([[0, 180, 240], [7_000, 95], [0]]);
  });

  it("keeps each batch's intervals in storage, and a retry sends the same ones under the same id", async () => {
    const { sent, persisted, tapAfter, pause, toasts } = start({
      refuse: [{ code: "NETWORK_ERROR", status: 0, message: "" }],
    });
    await flush();
    tapAfter(0);
    tapAfter(333);
    expect(persisted.at(-1)?.unsyncedIntervals).toEqual([0, 333]);
    await pause(SYNC_DELAY_MS);
    expect(persisted.at(-1)?.batches).toEqual([{ batchId: "id-1", taps: 2, intervals: [0, 333] }]);
    await pause(BACKOFF_MS[0]!);
    expect(sent).toEqual([
      { batchId: "id-1", taps: 2, intervals: [0, 333] },
      { batchId: "id-1", taps: 2, intervals: [0, 333] },
    ]);
    expect(toasts).toEqual(["Failed to sync points with server"]);
  });

  it("sends a batch at 1 000 taps without waiting for the pause; the next tap starts another", async () => {
    const { actor, sent, tapAfter } = start();
    await flush();
    for (let tap = 0; tap < 1_000; tap++) tapAfter(150);
    await flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.taps).toBe(1_000);
    expect(sent[0]!.intervals).toHaveLength(1_000);
    expect(sent[0]!.intervals!.slice(0, 3)).toEqual([0, 150, 150]);
    tapAfter(150);
    await flush();
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().context.unsyncedIntervals).toEqual([150]);
  });

  it("re-sends a reloaded page's batches with their intervals, and stored taps without them without", async () => {
    const { sent, tapAfter, pause } = start({
      stored: {
        ...loaded,
        batches: [
          { batchId: "old-1", taps: 2, intervals: [0, 410] },
          { batchId: "old-2", taps: 3 },
        ],
        unsyncedTaps: 1,
      },
    });
    await flush();
    await flush();
    await flush();
    await flush();
    expect(sent).toEqual([
      { batchId: "old-1", taps: 2, intervals: [0, 410] },
      { batchId: "old-2", taps: 3 },
      { batchId: "id-1", taps: 1 },
    ]);
    tapAfter(0);
    await pause(SYNC_DELAY_MS);
    expect(sent.at(-1)).toEqual({ batchId: "id-2", taps: 1, intervals: [0] });
  });
});

describe("taps machine: a frozen account (403 ACCOUNT_FROZEN)", () => {
  it("stops retrying, keeps the taps stored and says nothing failed; a standing change sends them", async () => {
    const { actor, sent, persisted, toasts, tapAfter, pause } = start({ refuse: [FROZEN] });
    await flush();
    tapAfter(0);
    tapAfter(200);
    await pause(SYNC_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(selectTapsFrozen(actor.getSnapshot())).toBe(true);
    await pause(120_000);
    actor.send({ type: "ONLINE" });
    await flush();
    expect(sent).toHaveLength(1);
    expect(toasts).toEqual([]);
    expect(persisted.at(-1)?.batches).toEqual([{ batchId: "id-1", taps: 2, intervals: [0, 200] }]);
    // Still frozen: nothing is sent.
    actor.send({ type: "STANDING.CHANGED", status: "frozen" });
    await flush();
    expect(sent).toHaveLength(1);
    actor.send({ type: "STANDING.CHANGED", status: "review" });
    await flush();
    expect(sent.map((batch) => batch.batchId)).toEqual(["id-1", "id-1"]);
    expect(selectTapsFrozen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.batches).toEqual([]);
  });

  it("forms and stores new batches while frozen without sending them; a reset of the stream tries once", async () => {
    const { actor, sent, persisted, tapAfter, pause } = start({ refuse: [FROZEN, FROZEN] });
    await flush();
    tapAfter(0);
    await pause(SYNC_DELAY_MS);
    actor.send({ type: "PAGEHIDE" });
    tapAfter(500);
    await pause(SYNC_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(persisted.at(-1)?.batches.map((batch) => batch.taps)).toEqual([1, 1]);
    actor.send({ type: "STREAM.RESET" });
    await flush();
    expect(sent).toHaveLength(2);
    expect(selectTapsFrozen(actor.getSnapshot())).toBe(true);
  });
});
