import { describe, expect, it } from "vitest";
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from "xstate";
import type { ApiError, ApiResult } from "#src/api/errors.ts";
import type { MultiplierOption, PurchaseAnswer, RewardsApi } from "#src/api/rewards.ts";
import { createFakeApp, storeHolding } from "../../../tests/support/app-doubles.ts";
import { tapsMachine } from "../taps/taps.machine.ts";
import { selectMultiplier, selectPoints, selectWalletBalance } from "../taps/taps.view.ts";
import { cardState, multipliersMachine, PURCHASE_FAILED } from "./multipliers.machine.ts";
import { createRewardsActors } from "./rewards.actors.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const CATALOGUE: MultiplierOption[] = [
  { multiplier_value: 0.001, price_usdt: 0 },
  { multiplier_value: 0.002, price_usdt: 5 },
  { multiplier_value: 0.005, price_usdt: 10 },
];
// Bought by an account with 1 000 taps credited (the server dates its figures by that count).
const BOUGHT: PurchaseAnswer = {
  success: true,
  multiplier: 0.002,
  points: 50,
  totalTaps: 1_000,
  walletBalance: 15,
};
const NETWORK: ApiError = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const failure = (status: number, code: string): ApiError => ({ code, message: code, status });

/** A promise the test settles by hand, to look at the machine while a request is out. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Outcome = PurchaseAnswer | ApiError | Error | "hang" | Promise<PurchaseAnswer>;
type PurchaseInput = { value: number; idempotencyKey: string };

/** Starts the machine with a fake catalogue and a purchase actor that answers `outcomes` in order. */
function start(
  options: {
    outcomes?: Outcome[];
    catalogue?: () => Promise<MultiplierOption[]>;
    taps?: AnyActorRef | null;
  } = {},
) {
  const outcomes = [...(options.outcomes ?? [])];
  const purchases: PurchaseInput[] = [];
  let loads = 0;
  let ids = 0;
  const machine = multipliersMachine.provide({
    actors: {
      loadOptions: fromPromise(async () => {
        loads += 1;
        return (options.catalogue ?? (async () => CATALOGUE))();
      }),
      purchase: fromPromise(async ({ input }: { input: PurchaseInput }) => {
        purchases.push(input);
        const outcome = outcomes.shift() ?? "hang";
        if (outcome === "hang") return new Promise<PurchaseAnswer>(() => {});
        if (outcome instanceof Promise) return outcome;
        if ("success" in outcome) return outcome;
        throw outcome;
      }),
    },
  });
  // Without a taps actor of its own the root records what the taps actor would be told.
  const { app, received } = createFakeApp({ taps: options.taps ?? null });
  const actor = createActor(machine, { input: { app, newId: () => `key-${++ids}` } });
  const toasts: Array<{ tone: string; title: string }> = [];
  actor.on("toast", ({ tone, title }) => toasts.push({ tone, title }));
  actor.start();
  const buy = (value: number, points = 150) => actor.send({ type: "PURCHASE", value, points });
  const keys = () => purchases.map((purchase) => purchase.idempotencyKey);
  return { actor, purchases, keys, toasts, tapsReceived: received, buy, loads: () => loads };
}

async function openReady(options: Parameters<typeof start>[0] = {}) {
  const started = start(options);
  started.actor.send({ type: "OPEN" });
  await flush();
  expect(started.actor.getSnapshot().matches({ open: "ready" })).toBe(true);
  return started;
}

describe("multipliers machine: opening and closing", () => {
  it("starts closed and loads nothing until it is opened", async () => {
    const { actor, loads } = start();
    await flush();
    expect(actor.getSnapshot().value).toBe("closed");
    expect(loads()).toBe(0);
  });

  it("loads the catalogue on OPEN (tagged loading) and shows it", async () => {
    const { actor, loads } = start();
    actor.send({ type: "OPEN" });
    expect(actor.getSnapshot().matches({ open: "loading" })).toBe(true);
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(actor.getSnapshot().hasTag("loading")).toBe(false);
    expect(actor.getSnapshot().context.options).toEqual(CATALOGUE);
    expect(loads()).toBe(1);
  });

  it("ignores OPEN while already open: no second load", async () => {
    const { actor, loads } = await openReady();
    actor.send({ type: "OPEN" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(loads()).toBe(1);
  });

  it("shows a failed load without a toast, and loads again on RETRY", async () => {
    let calls = 0;
    const { actor, toasts, loads } = start({
      catalogue: async () => {
        calls += 1;
        if (calls === 1) throw NETWORK;
        return CATALOGUE;
      },
    });
    actor.send({ type: "OPEN" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "failed" })).toBe(true);
    expect(actor.getSnapshot().hasTag("loading")).toBe(false);
    expect(toasts).toEqual([]);
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(actor.getSnapshot().context.options).toEqual(CATALOGUE);
    expect(loads()).toBe(2);
  });

  it("stays failed after a failed RETRY, and RETRY means nothing once the catalogue is shown", async () => {
    let calls = 0;
    const { actor, loads } = start({
      catalogue: async () => {
        calls += 1;
        if (calls <= 2) throw failure(500, "SERVER_ERROR");
        return CATALOGUE;
      },
    });
    actor.send({ type: "OPEN" });
    await flush();
    actor.send({ type: "RETRY" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "failed" })).toBe(true);
    actor.send({ type: "RETRY" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    actor.send({ type: "RETRY" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(loads()).toBe(3);
  });

  it("closes from ready and from failed, and reopening loads the catalogue again", async () => {
    let fail = true;
    const { actor, loads } = start({
      catalogue: async () => {
        if (fail) throw NETWORK;
        return CATALOGUE;
      },
    });
    actor.send({ type: "OPEN" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "failed" })).toBe(true);
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("closed");
    fail = false;
    actor.send({ type: "OPEN" });
    expect(actor.getSnapshot().matches({ open: "loading" })).toBe(true);
    await flush();
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "OPEN" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(loads()).toBe(3);
  });

  it("closes while loading, and the late catalogue answer changes nothing", async () => {
    const answer = deferred<MultiplierOption[]>();
    const { actor } = start({ catalogue: () => answer.promise });
    actor.send({ type: "OPEN" });
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("closed");
    answer.resolve(CATALOGUE);
    await flush();
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.options).toEqual([]);
  });
});

describe("multipliers machine: buying", () => {
  it("refuses below 100 points with `Not enough points to buy multiplier`, without calling the server", async () => {
    const { actor, purchases, toasts, buy } = await openReady({ outcomes: [BOUGHT] });
    buy(0.002, 99.9999);
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    buy(0.002, 0);
    await flush();
    expect(purchases).toEqual([]);
    expect(toasts).toEqual([
      { tone: "error", title: "Not enough points to buy multiplier" },
      { tone: "error", title: "Not enough points to buy multiplier" },
    ]);
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
  });

  it("ignores PURCHASE while the catalogue is loading or failed to load", async () => {
    const answer = deferred<MultiplierOption[]>();
    const { actor, purchases, toasts, buy } = start({ catalogue: () => answer.promise });
    actor.send({ type: "OPEN" });
    buy(0.002);
    buy(0.002, 10);
    expect(actor.getSnapshot().matches({ open: "loading" })).toBe(true);
    answer.reject(NETWORK);
    await flush();
    buy(0.002);
    await flush();
    expect(actor.getSnapshot().matches({ open: "failed" })).toBe(true);
    expect(purchases).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it("buys at exactly 100 points: busy with that value, then the toast, the taps actor told, closed", async () => {
    const { actor, purchases, toasts, tapsReceived, buy } = await openReady({ outcomes: [BOUGHT] });
    buy(0.002, 100);
    expect(actor.getSnapshot().matches({ open: "purchasing" })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(actor.getSnapshot().context.pendingValue).toBe(0.002);
    await flush();
    expect(purchases).toEqual([{ value: 0.002, idempotencyKey: "key-1" }]);
    expect(toasts).toEqual([{ tone: "success", title: "Multiplier upgraded to 0.002x!" }]);
    expect(tapsReceived).toEqual([
      {
        type: "REWARDS.UPDATED",
        pointsMicro: 50_000_000,
        totalTaps: 1_000,
        multiplierMicro: 2_000,
        walletBalanceMicro: 15_000_000,
      },
    ]);
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.pendingValue).toBeNull();
  });

  it("names the multiplier the server answered in the success toast", async () => {
    const { toasts, buy } = await openReady({
      outcomes: [{ success: true, multiplier: 0.1, points: 0.5, totalTaps: 0, walletBalance: 0 }],
    });
    buy(0.1, 100.5);
    await flush();
    expect(toasts).toEqual([{ tone: "success", title: "Multiplier upgraded to 0.1x!" }]);
  });

  it("cannot be closed while a purchase is out; its outcome is shown, then it closes", async () => {
    const answer = deferred<PurchaseAnswer>();
    const { actor, toasts, buy } = await openReady({ outcomes: [answer.promise] });
    buy(0.002);
    actor.send({ type: "CLOSE" });
    actor.send({ type: "OPEN" });
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().matches({ open: "purchasing" })).toBe(true);
    expect(toasts).toEqual([]);
    answer.resolve(BOUGHT);
    await flush();
    expect(toasts).toEqual([{ tone: "success", title: "Multiplier upgraded to 0.002x!" }]);
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("ignores a second PURCHASE while one is out", async () => {
    const { actor, purchases, toasts, buy } = await openReady({ outcomes: ["hang"] });
    buy(0.002);
    buy(0.005);
    buy(0.005, 10);
    await flush();
    expect(purchases).toEqual([{ value: 0.002, idempotencyKey: "key-1" }]);
    expect(actor.getSnapshot().context.pendingValue).toBe(0.002);
    expect(toasts).toEqual([]);
  });

  it.each([
    ["NOT_ENOUGH_POINTS", 409, "Not enough points to buy multiplier"],
    ["NOT_ENOUGH_FUNDS", 409, "Not enough funds"],
    ["MULTIPLIER_NOT_HIGHER", 409, PURCHASE_FAILED],
    ["VALIDATION_ERROR", 400, PURCHASE_FAILED],
    ["SERVER_ERROR", 500, PURCHASE_FAILED],
    ["NETWORK_ERROR", 0, PURCHASE_FAILED],
    ["constructor", 409, PURCHASE_FAILED],
  ])(
    "answers %s (%i) with %j, stays open to try again and tells the taps actor nothing",
    async (code, status, title) => {
      const { actor, toasts, tapsReceived, buy } = await openReady({ outcomes: [failure(status, code)] });
      buy(0.002);
      await flush();
      expect(toasts).toEqual([{ tone: "error", title }]);
      expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
      expect(actor.getSnapshot().context.pendingValue).toBeNull();
      expect(actor.getSnapshot().context.options).toEqual(CATALOGUE);
      expect(tapsReceived).toEqual([]);
    },
  );

  it("says `Failed to upgrade multiplier` for a failure that is no API error at all", async () => {
    const { actor, toasts, buy } = await openReady({ outcomes: [new TypeError("boom")] });
    buy(0.002);
    await flush();
    expect(PURCHASE_FAILED).toBe("Failed to upgrade multiplier");
    expect(toasts).toEqual([{ tone: "error", title: "Failed to upgrade multiplier" }]);
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
  });

  it("still toasts and closes when there is no taps actor to tell", async () => {
    const { actor, toasts, buy } = await openReady({ outcomes: [BOUGHT], taps: null });
    buy(0.002);
    await flush();
    expect(toasts).toEqual([{ tone: "success", title: "Multiplier upgraded to 0.002x!" }]);
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("the real taps actor then shows the new multiplier, points and wallet balance", async () => {
    const taps = createActor(
      tapsMachine
        .provide({
          actors: {
            loadRewards: fromPromise(async () => ({
              pointsMicro: 150_000_000,
              totalTaps: 1_000,
              multiplierMicro: 1_000,
              walletBalanceMicro: 20_000_000,
            })),
          },
          actions: { persist: () => {}, sendBeforeUnload: () => {} },
        })
        .provide({ actors: { store: storeHolding(null) } }),
      {
        clock: new SimulatedClock(),
        input: { userId: "u1", newId: () => "batch", now: () => 0 },
      },
    ).start();
    const { buy } = await openReady({ outcomes: [BOUGHT], taps });
    expect(selectMultiplier(taps.getSnapshot())).toBe(0.001);
    buy(0.002, selectPoints(taps.getSnapshot()));
    await flush();
    expect(selectMultiplier(taps.getSnapshot())).toBe(0.002);
    expect(selectPoints(taps.getSnapshot())).toBe(50);
    expect(selectWalletBalance(taps.getSnapshot())).toBe(15);
    taps.stop();
  });
});

describe("multipliers machine: Idempotency-Key", () => {
  it("takes a fresh key for each purchase and never reuses one after a success", async () => {
    const { actor, keys, buy } = await openReady({ outcomes: [BOUGHT, BOUGHT] });
    buy(0.002);
    await flush();
    actor.send({ type: "OPEN" });
    await flush();
    buy(0.002);
    await flush();
    expect(keys()).toEqual(["key-1", "key-2"]);
  });

  it("re-sends the same key while the answer was lost (network, 5xx, 409 CONFLICT)", async () => {
    const { actor, keys, buy } = await openReady({
      outcomes: [NETWORK, failure(502, "SERVER_ERROR"), failure(409, "CONFLICT"), BOUGHT],
    });
    for (let i = 0; i < 4; i++) {
      buy(0.002);
      await flush();
    }
    expect(keys()).toEqual(["key-1", "key-1", "key-1", "key-1"]);
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("keeps the key of a purchase in doubt across closing and reopening the dialog", async () => {
    const { actor, keys, buy } = await openReady({ outcomes: [NETWORK, BOUGHT] });
    buy(0.002);
    await flush();
    actor.send({ type: "CLOSE" });
    actor.send({ type: "OPEN" });
    await flush();
    buy(0.002);
    await flush();
    expect(keys()).toEqual(["key-1", "key-1"]);
  });

  it.each([
    ["NOT_ENOUGH_FUNDS", 409],
    ["NOT_ENOUGH_POINTS", 409],
    ["VALIDATION_ERROR", 400],
  ])(
    "takes a new key after a definitive %s (%i), so a stored refusal is not replayed",
    async (code, status) => {
      const { keys, buy } = await openReady({ outcomes: [failure(status, code), BOUGHT] });
      buy(0.002);
      await flush();
      buy(0.002);
      await flush();
      expect(keys()).toEqual(["key-1", "key-2"]);
    },
  );

  it("takes a new key for another multiplier, and for the next purchase after a success", async () => {
    const { actor, purchases, buy } = await openReady({ outcomes: [NETWORK, BOUGHT, BOUGHT] });
    buy(0.002);
    await flush();
    buy(0.005);
    await flush();
    actor.send({ type: "OPEN" });
    await flush();
    buy(0.005);
    await flush();
    expect(purchases.map((purchase) => [purchase.value, purchase.idempotencyKey])).toEqual([
      [0.002, "key-1"],
      [0.005, "key-2"],
      [0.005, "key-3"],
    ]);
  });

  it("takes no key for a purchase refused for too few points", async () => {
    const { keys, buy } = await openReady({ outcomes: [BOUGHT] });
    buy(0.002, 50);
    buy(0.002);
    await flush();
    expect(keys()).toEqual(["key-1"]);
  });
});

describe("multipliers machine with the real actors (createRewardsActors)", () => {
  function withApi(api: Partial<RewardsApi>) {
    const calls: Array<{ body: unknown; idempotencyKey: string }> = [];
    const actors = createRewardsActors({
      rewards: {
        ...api,
        purchaseMultiplier: async (body, idempotencyKey) => {
          calls.push({ body, idempotencyKey });
          return api.purchaseMultiplier!(body, idempotencyKey);
        },
      } as RewardsApi,
    });
    const { app } = createFakeApp();
    const actor = createActor(
      multipliersMachine.provide({
        actors: { loadOptions: actors.loadOptions, purchase: actors.purchase },
      }),
      { input: { app, newId: () => "key-1" } },
    );
    const toasts: string[] = [];
    actor.on("toast", ({ title }) => toasts.push(title));
    actor.start();
    return { actor, calls, toasts };
  }
  const ok = <T>(data: T): ApiResult<T> => ({ data, error: null });
  const err = (error: ApiError): ApiResult<never> => ({ data: null, error });

  it("an error result of the catalogue call is the failed state", async () => {
    const { actor } = withApi({
      multipliers: async () => err(NETWORK),
      purchaseMultiplier: async () => ok(BOUGHT),
    });
    actor.send({ type: "OPEN" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "failed" })).toBe(true);
  });

  it("sends multiplier_value with the Idempotency-Key, and an error result becomes the spec's toast", async () => {
    const { actor, calls, toasts } = withApi({
      multipliers: async () => ok(CATALOGUE),
      purchaseMultiplier: async () => err(failure(409, "NOT_ENOUGH_FUNDS")),
    });
    actor.send({ type: "OPEN" });
    await flush();
    expect(actor.getSnapshot().context.options).toEqual(CATALOGUE);
    actor.send({ type: "PURCHASE", value: 0.005, points: 100 });
    await flush();
    expect(calls).toEqual([{ body: { multiplier_value: 0.005 }, idempotencyKey: "key-1" }]);
    expect(toasts).toEqual(["Not enough funds"]);
    expect(actor.getSnapshot().matches({ open: "ready" })).toBe(true);
  });
});

describe("cardState (docs/product.md §2, in its order)", () => {
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

describe("multipliers machine and the user's live stream", () => {
  async function inDoubt() {
    const fake = createFakeApp();
    const machine = multipliersMachine.provide({
      actors: {
        loadOptions: fromPromise(async () => CATALOGUE),
        purchase: fromPromise(async (): Promise<PurchaseAnswer> => {
          throw NETWORK;
        }),
      },
    });
    const actor = createActor(machine, { input: { app: fake.app, newId: () => "key-1" } });
    const toasts: string[] = [];
    actor.on("toast", ({ title }) => toasts.push(title));
    actor.start();
    actor.send({ type: "OPEN" });
    await flush();
    actor.send({ type: "PURCHASE", value: 0.002, points: 150 });
    await flush();
    expect(actor.getSnapshot().context.attempt).toEqual({ key: "key-1", value: 0.002 });
    return { actor, push: fake.push, toasts };
  }

  it("a purchase whose answer was lost is settled when the stream pushes that multiplier: told, key dropped", async () => {
    const { actor, push, toasts } = await inDoubt();
    push("user", { type: "MULTIPLIER.CHANGED", multiplier: 0.005 });
    expect(actor.getSnapshot().context.attempt).not.toBeNull();
    push("user", { type: "MULTIPLIER.CHANGED", multiplier: 0.002 });
    expect(actor.getSnapshot().context.attempt).toBeNull();
    expect(toasts).toEqual(["Failed to upgrade multiplier", "Multiplier upgraded to 0.002x!"]);
  });

  it("the same holds after the dialog was closed", async () => {
    const { actor, push, toasts } = await inDoubt();
    actor.send({ type: "CLOSE" });
    push("user", { type: "MULTIPLIER.CHANGED", multiplier: 0.002 });
    expect(actor.getSnapshot().context.attempt).toBeNull();
    expect(toasts.at(-1)).toBe("Multiplier upgraded to 0.002x!");
  });

  it("while a purchase is out its own answer decides, not a push that may come first", async () => {
    const fake = createFakeApp();
    const answer = deferred<PurchaseAnswer>();
    const actor = createActor(
      multipliersMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => CATALOGUE),
          purchase: fromPromise(() => answer.promise),
        },
      }),
      { input: { app: fake.app, newId: () => "key-1" } },
    );
    const toasts: string[] = [];
    actor.on("toast", ({ title }) => toasts.push(title));
    actor.start();
    actor.send({ type: "OPEN" });
    await flush();
    actor.send({ type: "PURCHASE", value: 0.002, points: 150 });
    fake.push("user", { type: "MULTIPLIER.CHANGED", multiplier: 0.002 });
    expect(toasts).toEqual([]);
    answer.resolve(BOUGHT);
    await flush();
    expect(toasts).toEqual(["Multiplier upgraded to 0.002x!"]);
  });
});
