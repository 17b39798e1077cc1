import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { BoosterPurchaseAnswer, BoostersAnswer } from "#src/api/economy.ts";
import type { ApiError } from "#src/api/errors.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { boostersMachine } from "./boosters.machine.ts";
import {
  BOOST_GRACE_MS,
  INSUFFICIENT_POINTS,
  PURCHASE_FAILED,
  PURCHASE_SUCCESSFUL,
} from "./boosters.rules.ts";
import { formatCountdown, selectBoostLine, toBoostersView } from "./boosters.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const T0 = Date.parse("2030-01-01T12:00:00.000Z");
const CATALOGUE = [
  { id: "turbo-2x", name: "Turbo ×2", factor: 2, minutes: 10, pricePoints: 100 },
  { id: "turbo-3x", name: "Turbo ×3", factor: 3, minutes: 5, pricePoints: 100 },
];
const iso = (ms: number) => new Date(ms).toISOString();
const bought = (id: string, factor: number, endsAt: number, points = 50): BoosterPurchaseAnswer => ({
  active: { id, factor, endsAt: iso(endsAt) },
  points,
  totalTaps: 700,
});
const refusal = (status: number, code: string): ApiError => ({ code, message: code, status });
const NETWORK: ApiError = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };

type Outcome = BoosterPurchaseAnswer | ApiError | "hang";

/** The boosters machine with a root that records what it is told, on a simulated clock that `now` reads too. */
function start(options: { list?: BoostersAnswer | ApiError; outcomes?: Outcome[] } = {}) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const outcomes = [...(options.outcomes ?? [])];
  const purchases: Array<{ boosterId: string; idempotencyKey: string }> = [];
  let loads = 0;
  let ids = 0;
  const { app, received } = createFakeApp();
  const toParent = received as unknown as Array<{ type: string; [key: string]: unknown }>;
  const machine = boostersMachine.provide({
    actors: {
      loadBoosters: fromPromise(async () => {
        loads += 1;
        const list = options.list ?? { catalogue: CATALOGUE, active: null };
        if ("code" in list) throw list;
        return list;
      }),
      purchaseBooster: fromPromise(
        async ({ input }: { input: { boosterId: string; idempotencyKey: string } }) => {
          purchases.push(input);
          const outcome = outcomes.shift() ?? "hang";
          if (outcome === "hang") return new Promise<BoosterPurchaseAnswer>(() => {});
          if ("active" in outcome) return outcome;
          throw outcome;
        },
      ),
    },
  });
  const actor = createActor(machine, {
    input: { app, now: () => clock.now(), newId: () => `key-${++ids}` },
    clock,
  });
  const toasts: Array<{ tone: string; title: string; description?: string }> = [];
  actor.on("toast", ({ tone, title, description }) => toasts.push({ tone, title, description }));
  actor.start();
  const advance = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  const view = () => toBoostersView(actor.getSnapshot());
  const factors = () =>
    toParent.filter((event) => event.type === "BOOST.FACTOR").map((event) => event.factor);
  return { actor, clock, purchases, toasts, toParent, advance, view, factors, loads: () => loads };
}

describe("boosters: the catalogue", () => {
  it("loads the catalogue and the running booster, and counts it down second by second", async () => {
    const { view, advance, factors } = start({
      list: { catalogue: CATALOGUE, active: { id: "turbo-2x", factor: 2, endsAt: iso(T0 + 300_000) } },
    });
    expect(view().status).toBe("loading");
    await flush();
    expect(view().status).toBe("ready");
    expect(view().running).toEqual({ id: "turbo-2x", name: "Turbo ×2", factor: 2, countdown: "5:00" });
    expect(view().cards.map((card) => card.state)).toEqual(["running", "wait"]);
    expect(factors()).toEqual([2]);
    await advance(999);
    expect(view().running?.countdown).toBe("5:00");
    await advance(1);
    expect(view().running?.countdown).toBe("4:59");
    await advance(59_000);
    expect(view().running?.countdown).toBe("4:00");
  });

  it("a failed load says so and RETRY reads again", async () => {
    const { actor, view, loads } = start({ list: NETWORK });
    await flush();
    expect(view().status).toBe("failed");
    actor.send({ type: "RETRY" });
    expect(view().status).toBe("loading");
    expect(loads()).toBe(2);
  });

  it("a reset of the stream reads the list again", async () => {
    const { actor, loads } = start();
    await flush();
    actor.send({ type: "STREAM.RESET" });
    await flush();
    expect(loads()).toBe(2);
  });
});

describe("boosters: buying one", () => {
  it("with enough points: one call with a key, the toast, the points to the root, and the countdown", async () => {
    const { actor, purchases, toasts, toParent, view, factors } = start({
      outcomes: [bought("turbo-2x", 2, T0 + 600_000, 42)],
    });
    await flush();
    actor.send({ type: "PURCHASE", boosterId: "turbo-2x", points: 142 });
    expect(view().cards.map((card) => card.state)).toEqual(["buying", "wait"]);
    await flush();
    expect(purchases).toEqual([{ boosterId: "turbo-2x", idempotencyKey: "key-1" }]);
    expect(toasts).toEqual([
      {
        tone: "success",
        title: PURCHASE_SUCCESSFUL,
        description: "Turbo ×2 is on: ×2 points per tap for 10 minutes.",
      },
    ]);
    expect(toParent).toContainEqual({ type: "REWARDS.UPDATED", pointsMicro: 42_000_000, totalTaps: 700 });
    expect(factors()).toEqual([1, 2]);
    expect(view().running?.countdown).toBe("10:00");
  });

  it("with fewer points than the price: `Insufficient points`, and the server is never called", async () => {
    const { actor, purchases, toasts } = start();
    await flush();
    actor.send({ type: "PURCHASE", boosterId: "turbo-3x", points: 99.999999 });
    await flush();
    expect(purchases).toEqual([]);
    expect(toasts).toEqual([
      {
        tone: "error",
        title: INSUFFICIENT_POINTS,
        description: "Turbo ×3 costs 100 points. Keep tapping, then buy it.",
      },
    ]);
    expect(actor.getSnapshot().matches({ purchase: "idle" })).toBe(true);
  });

  it("the server's INSUFFICIENT_POINTS also says `Insufficient points`; the next try is a new request", async () => {
    const { actor, purchases, toasts } = start({
      outcomes: [refusal(409, "INSUFFICIENT_POINTS"), bought("turbo-2x", 2, T0 + 600_000)],
    });
    await flush();
    actor.send({ type: "PURCHASE", boosterId: "turbo-2x", points: 100 });
    await flush();
    expect(toasts.at(-1)?.title).toBe(INSUFFICIENT_POINTS);
    actor.send({ type: "PURCHASE", boosterId: "turbo-2x", points: 100 });
    await flush();
    expect(purchases.map((purchase) => purchase.idempotencyKey)).toEqual(["key-1", "key-2"]);
  });

  it("after a lost answer the same booster goes out under the same key; another booster gets a new one", async () => {
    const { actor, purchases, toasts } = start({
      outcomes: [NETWORK, refusal(500, "SERVER_ERROR"), NETWORK],
    });
    await flush();
    actor.send({ type: "PURCHASE", boosterId: "turbo-2x", points: 300 });
    await flush();
    expect(toasts.at(-1)).toEqual({
      tone: "error",
      title: PURCHASE_FAILED,
      description: "Check your connection and press Buy again: you will not be charged twice.",
    });
    actor.send({ type: "PURCHASE", boosterId: "turbo-2x", points: 300 });
    await flush();
    actor.send({ type: "PURCHASE", boosterId: "turbo-3x", points: 300 });
    await flush();
    expect(purchases.map((purchase) => purchase.idempotencyKey)).toEqual(["key-1", "key-1", "key-2"]);
  });

  it("BOOSTER_ACTIVE fails with what to do and reads the list again, which brings the running booster", async () => {
    const { actor, toasts, loads } = start({ outcomes: [refusal(409, "BOOSTER_ACTIVE")] });
    await flush();
    actor.send({ type: "PURCHASE", boosterId: "turbo-2x", points: 300 });
    await flush();
    expect(toasts.at(-1)).toEqual({
      tone: "error",
      title: PURCHASE_FAILED,
      description: "A booster is already running. Buy the next one when it ends.",
    });
    expect(loads()).toBe(2);
  });

  it("a pushed start of the booster whose answer was lost settles the purchase: announced once, key dropped", async () => {
    const { actor, toasts, purchases } = start({ outcomes: [NETWORK, "hang"] });
    await flush();
    actor.send({ type: "PURCHASE", boosterId: "turbo-2x", points: 300 });
    await flush();
    actor.send({ type: "BOOSTER.CHANGED", active: { id: "turbo-2x", factor: 2, endsAt: T0 + 600_000 } });
    expect(toasts.filter((toast) => toast.title === PURCHASE_SUCCESSFUL)).toHaveLength(1);
    expect(actor.getSnapshot().context.attempt).toBeNull();
    expect(toBoostersView(actor.getSnapshot()).running?.factor).toBe(2);
    expect(purchases).toHaveLength(1);
  });
});

describe("boosters: the end of a booster", () => {
  it("ends at endsAt on the clock, keeps the factor for the 30 s grace, then tells the taps ×1", async () => {
    const { actor, advance, view, factors } = start({
      list: { catalogue: CATALOGUE, active: { id: "turbo-3x", factor: 3, endsAt: iso(T0 + 2_500) } },
    });
    await flush();
    expect(view().running?.countdown).toBe("0:03");
    await advance(500);
    expect(view().running?.countdown).toBe("0:02");
    await advance(2_000);
    expect(view().running).toBeNull();
    expect(actor.getSnapshot().matches({ boost: "grace" })).toBe(true);
    expect(view().cards.map((card) => card.state)).toEqual(["buy", "buy"]);
    expect(factors()).toEqual([3]);
    await advance(BOOST_GRACE_MS - 1);
    expect(factors()).toEqual([3]);
    await advance(1);
    expect(factors()).toEqual([3, 1]);
    expect(actor.getSnapshot().matches({ boost: "none" })).toBe(true);
  });

  it("a pushed end stops the countdown at once; a pushed start begins one", async () => {
    const { actor, view, factors } = start();
    await flush();
    actor.send({ type: "BOOSTER.CHANGED", active: { id: "turbo-3x", factor: 3, endsAt: T0 + 300_000 } });
    expect(selectBoostLine(actor.getSnapshot())).toBe("×3 boost · 5:00");
    actor.send({ type: "BOOSTER.CHANGED", active: null });
    expect(view().running).toBeNull();
    expect(actor.getSnapshot().matches({ boost: "grace" })).toBe(true);
    // The taps keep counting at ×3 through the grace (told again as the machine settles on grace).
    expect(factors()).toEqual([1, 3, 3]);
  });

  it("a booster read in its grace (the page opened just after its end) still counts the taps at its factor", async () => {
    const { actor, view, factors } = start({
      list: { catalogue: CATALOGUE, active: { id: "turbo-2x", factor: 2, endsAt: iso(T0 - 5_000) } },
    });
    await flush();
    expect(actor.getSnapshot().matches({ boost: "grace" })).toBe(true);
    expect(view().running).toBeNull();
    expect(factors()).toEqual([2]);
  });

  it("a booster that ended more than 30 s ago is no booster at all", async () => {
    const { actor, factors } = start({
      list: { catalogue: CATALOGUE, active: { id: "turbo-2x", factor: 2, endsAt: iso(T0 - 31_000) } },
    });
    await flush();
    expect(actor.getSnapshot().matches({ boost: "none" })).toBe(true);
    expect(factors()).toEqual([1]);
  });
});

describe("formatCountdown", () => {
  it("shows minutes and whole seconds, rounded up", () => {
    expect(formatCountdown(600_000)).toBe("10:00");
    expect(formatCountdown(299_001)).toBe("5:00");
    expect(formatCountdown(1)).toBe("0:01");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5)).toBe("0:00");
  });
});
