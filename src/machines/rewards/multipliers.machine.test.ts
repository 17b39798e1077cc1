import { describe, expect, it } from "vitest";
import { createActor, createMachine, fromPromise } from "xstate";
import type { ApiError } from "#src/api/errors.ts";
import type { MultiplierOption, PurchaseAnswer } from "#src/api/rewards.ts";
import { cardState, multipliersMachine, PURCHASE_FAILED } from "./multipliers.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const CATALOGUE: MultiplierOption[] = [
  { multiplier_value: 0.001, price_usdt: 0 },
  { multiplier_value: 0.002, price_usdt: 5 },
  { multiplier_value: 0.005, price_usdt: 10 },
];
const BOUGHT: PurchaseAnswer = { success: true, multiplier: 0.002, points: 50, walletBalance: 15 };
const NETWORK: ApiError = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const failure = (status: number, code: string): ApiError => ({ code, message: code, status });

type Outcome = PurchaseAnswer | ApiError | "hang";

/** Starts the machine with a fake catalogue and a purchase actor that answers `outcomes` in order. */
function start(options: { outcomes?: Outcome[]; catalogue?: () => Promise<MultiplierOption[]> } = {}) {
  const outcomes = [...(options.outcomes ?? [])];
  const purchases: Array<{ value: number; idempotencyKey: string }> = [];
  const tapsReceived: unknown[] = [];
  const taps = createActor(
    createMachine({ on: { "*": { actions: ({ event }) => tapsReceived.push(event) } } }),
  ).start();
  let ids = 0;
  const machine = multipliersMachine.provide({
    actors: {
      loadOptions: fromPromise(options.catalogue ?? (async () => CATALOGUE)),
      purchase: fromPromise(async ({ input }: { input: { value: number; idempotencyKey: string } }) => {
        purchases.push(input);
        const outcome = outcomes.shift() ?? "hang";
        if (outcome === "hang") return new Promise<PurchaseAnswer>(() => {});
        if ("success" in outcome) return outcome;
        throw outcome;
      }),
    },
  });
  const actor = createActor(machine, { input: { taps, newId: () => `key-${++ids}` } }).start();
  const toasts: Array<{ tone: string; title: string }> = [];
  actor.on("toast", ({ tone, title }) => toasts.push({ tone, title }));
  return { actor, purchases, toasts, tapsReceived };
}

async function openReady(options: Parameters<typeof start>[0] = {}) {
  const started = start(options);
  started.actor.send({ type: "OPEN" });
  await flush();
  expect(started.actor.getSnapshot().matches({ open: "ready" })).toBe(true);
  return started;
}

describe("multipliers machine: opening", () => {
  it("starts closed, loads the catalogue on OPEN and shows it", async () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "OPEN" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(actor.getSnapshot().context.options).toEqual(CATALOGUE);
  });

  it("shows a failed load and loads again on RETRY", async () => {
    let calls = 0;
    const { actor } = start({
      catalogue: async () => {
        calls += 1;
        if (calls === 1) throw NETWORK;
        return CATALOGUE;
      },
    });
    actor.send({ type: "OPEN" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "failed" })).toBe(true);
    actor.send({ type: "RETRY" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(calls).toBe(2);
  });

  it("closes on CLOSE and opens fresh again", async () => {
    const { actor } = await openReady();
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "OPEN" });
    expect(actor.getSnapshot().matches({ open: "loading" })).toBe(true);
  });
});

describe("multipliers machine: buying", () => {
  it("refuses below 100 points with the spec's message and calls nobody", async () => {
    const { actor, purchases, toasts } = await openReady();
    actor.send({ type: "PURCHASE", value: 0.002, points: 99.9999 });
    await flush();
    expect(purchases).toEqual([]);
    expect(toasts).toEqual([{ tone: "error", title: "Not enough points to buy multiplier" }]);
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
  });

  it("buys at exactly 100 points: busy, then toast, taps told, closed", async () => {
    const { actor, purchases, toasts, tapsReceived } = await openReady({ outcomes: [BOUGHT] });
    actor.send({ type: "PURCHASE", value: 0.002, points: 100 });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(actor.getSnapshot().context.pendingValue).toBe(0.002);
    await flush();
    expect(purchases).toEqual([{ value: 0.002, idempotencyKey: "key-1" }]);
    expect(toasts).toEqual([{ tone: "success", title: "Multiplier upgraded to 0.002x!" }]);
    expect(tapsReceived).toContainEqual({
      type: "REWARDS.UPDATED",
      pointsMicro: 50_000_000,
      multiplierMicro: 2_000,
      walletBalanceMicro: 15_000_000,
    });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.pendingValue).toBeNull();
  });

  it("stays open while a purchase is out, whatever CLOSE says, so its outcome is shown", async () => {
    const { actor } = await openReady({ outcomes: ["hang"] });
    actor.send({ type: "PURCHASE", value: 0.002, points: 150 });
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().matches({ open: "purchasing" })).toBe(true);
    actor.send({ type: "PURCHASE", value: 0.005, points: 150 });
    expect(actor.getSnapshot().context.pendingValue).toBe(0.002);
  });

  it.each([
    ["NOT_ENOUGH_POINTS", 409, "Not enough points to buy multiplier"],
    ["NOT_ENOUGH_FUNDS", 409, "Not enough funds"],
    ["MULTIPLIER_NOT_HIGHER", 409, PURCHASE_FAILED],
    ["SERVER_ERROR", 500, PURCHASE_FAILED],
    ["NETWORK_ERROR", 0, PURCHASE_FAILED],
  ])("answers %s (%i) with %j and stays open to try again", async (code, status, title) => {
    const { actor, toasts, tapsReceived } = await openReady({ outcomes: [failure(status, code)] });
    actor.send({ type: "PURCHASE", value: 0.002, points: 150 });
    await flush();
    expect(toasts).toEqual([{ tone: "error", title }]);
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(tapsReceived).toEqual([]);
  });
});

describe("multipliers machine: Idempotency-Key", () => {
  it("re-sends the same key when the answer was lost (network, 5xx, still running)", async () => {
    const { actor, purchases } = await openReady({
      outcomes: [NETWORK, failure(502, "SERVER_ERROR"), failure(409, "CONFLICT"), BOUGHT],
    });
    for (let i = 0; i < 4; i++) {
      actor.send({ type: "PURCHASE", value: 0.002, points: 150 });
      await flush();
    }
    expect(purchases.map((purchase) => purchase.idempotencyKey)).toEqual([
      "key-1",
      "key-1",
      "key-1",
      "key-1",
    ]);
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("uses a new key after a definitive refusal, so a stored 409 is not replayed", async () => {
    const { actor, purchases } = await openReady({ outcomes: [failure(409, "NOT_ENOUGH_FUNDS"), BOUGHT] });
    actor.send({ type: "PURCHASE", value: 0.002, points: 150 });
    await flush();
    actor.send({ type: "PURCHASE", value: 0.002, points: 150 });
    await flush();
    expect(purchases.map((purchase) => purchase.idempotencyKey)).toEqual(["key-1", "key-2"]);
  });

  it("uses a new key for another multiplier, and for the next purchase after a success", async () => {
    const { actor, purchases } = await openReady({ outcomes: [NETWORK, BOUGHT, BOUGHT] });
    actor.send({ type: "PURCHASE", value: 0.002, points: 150 });
    await flush();
    actor.send({ type: "PURCHASE", value: 0.005, points: 150 });
    await flush();
    actor.send({ type: "OPEN" });
    await flush();
    actor.send({ type: "PURCHASE", value: 0.005, points: 150 });
    await flush();
    expect(purchases.map((purchase) => [purchase.value, purchase.idempotencyKey])).toEqual([
      [0.002, "key-1"],
      [0.005, "key-2"],
      [0.005, "key-3"],
    ]);
  });
});

describe("cardState (spec §2, in its order)", () => {
  const option = (multiplier_value: number, price_usdt: number) => ({ multiplier_value, price_usdt });

  it("marks the current value Current, whatever the wallet holds", () => {
    expect(cardState(option(0.002, 5), 0.002, 0)).toBe("current");
  });

  it("marks lower values Owned, even when affordable", () => {
    expect(cardState(option(0.001, 0), 0.002, 100)).toBe("owned");
  });

  it("marks a higher value the wallet cannot pay Not enough funds, and one it can pay Purchase", () => {
    expect(cardState(option(0.005, 10), 0.002, 9.99)).toBe("insufficient");
    expect(cardState(option(0.005, 10), 0.002, 10)).toBe("purchase");
  });

  it("compares values in micro units, not as floats", () => {
    expect(cardState(option(0.3, 1), 0.1 + 0.2, 0)).toBe("current");
  });
});
