import { afterEach, describe, expect, it, vi } from "vitest";
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from "xstate";
import type { ApiError, ApiResult } from "#src/api/errors.ts";
import type { RewardsApi, SyncAnswer, WithdrawRewardsAnswer } from "#src/api/rewards.ts";
import type { TapBatch } from "#src/api/rewards-store.ts";
import { createFakeApp, storeHolding } from "../../../tests/support/app-doubles.ts";
import { tapsMachine } from "../taps/taps.machine.ts";
import { selectPoints, selectWalletBalance } from "../taps/taps.view.ts";
import { createRewardsActors } from "./rewards.actors.ts";
import { canWithdraw, withdrawRewardsMachine } from "./withdraw-rewards.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const PAID: WithdrawRewardsAnswer = { success: true, points: 2.5, totalTaps: 0, walletBalance: 10 };
const NETWORK: ApiError = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const failure = (status: number, code: string): ApiError => ({ code, message: code, status });

/** A promise the test settles by hand, to look at the machine while a request is out. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

type Outcome = WithdrawRewardsAnswer | ApiError | "hang" | Promise<WithdrawRewardsAnswer>;
type WithdrawInput = { amount: number; idempotencyKey: string };

/** Starts the open dialog with a withdraw actor that answers `outcomes` in order. */
function start(outcomes: Outcome[] = [], options: { taps?: AnyActorRef | null; open?: boolean } = {}) {
  const queue = [...outcomes];
  const withdrawals: WithdrawInput[] = [];
  let ids = 0;
  const machine = withdrawRewardsMachine.provide({
    actors: {
      withdraw: fromPromise(async ({ input }: { input: WithdrawInput }) => {
        withdrawals.push(input);
        const outcome = queue.shift() ?? "hang";
        if (outcome === "hang") return new Promise<WithdrawRewardsAnswer>(() => {});
        if (outcome instanceof Promise) return outcome;
        if ("success" in outcome) return outcome;
        throw outcome;
      }),
    },
  });
  // Without a taps actor of its own the root records what the taps actor would be told.
  const { app, received: tapsReceived } = createFakeApp({ taps: options.taps ?? null });
  const actor = createActor(machine, { input: { app, newId: () => `key-${++ids}` } });
  const toasts: Array<{ tone: string; title: string }> = [];
  actor.on("toast", ({ tone, title }) => toasts.push({ tone, title }));
  actor.start();
  if (options.open !== false) actor.send({ type: "OPEN" });
  const type = (value: string) => actor.send({ type: "AMOUNT.CHANGE", value });
  const submit = (balance: number) => actor.send({ type: "SUBMIT", balance });
  const keys = () => withdrawals.map((withdrawal) => withdrawal.idempotencyKey);
  return { actor, withdrawals, keys, toasts, tapsReceived, type, submit };
}

describe("canWithdraw (docs/product.md §5: a number above 0, at most the rewards balance)", () => {
  it.each([
    ["12.5", 12.5, true],
    ["0.0001", 12.5, true],
    ["0.000001", 12.5, true],
    [".5", 12.5, true],
    ["1.", 12.5, true],
    ["12.500001", 12.5, false],
    ["0", 12.5, false],
    ["0.000000", 12.5, false],
    ["", 12.5, false],
    [".", 12.5, false],
    ["1e2", 500, false],
    ["-1", 12.5, false],
    [" 1", 12.5, false],
    ["1,5", 12.5, false],
    ["0.1234567", 12.5, false],
    ["1", 0, false],
  ])("%j with %d available → %s", (amount, balance, expected) => {
    expect(canWithdraw(amount, balance)).toBe(expected);
  });

  it("compares in micro-points, so 0.1 + 0.2 and 0.7 - 0.4 points both cover an amount of 0.3", () => {
    expect(canWithdraw("0.3", 0.1 + 0.2)).toBe(true);
    expect(0.7 - 0.4 < 0.3).toBe(true); // as floats the balance falls short
    expect(canWithdraw("0.3", 0.7 - 0.4)).toBe(true);
    expect(canWithdraw("0.300001", 0.7 - 0.4)).toBe(false);
  });
});

describe("withdraw rewards machine: the amount", () => {
  it("opens on OPEN into editing with an empty amount", () => {
    const { actor } = start([], { open: false });
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "OPEN" });
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.amount).toBe("");
  });

  it("keeps what is typed while it is a number, including half-typed ones and an emptied field", () => {
    const { actor, type } = start();
    for (const value of ["1", "1.", "1.5", "", ".", ".5", "12.123456", "007"]) {
      type(value);
      expect(actor.getSnapshot().context.amount).toBe(value);
    }
  });

  it.each(["1.5a", "-2", "1e3", "1.1234567", " 1", "1,5", "abc", "Infinity"])(
    "ignores %j without a message, keeping the last number",
    (value) => {
      const { actor, toasts, type } = start();
      type("1.5");
      type(value);
      expect(actor.getSnapshot().context.amount).toBe("1.5");
      expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
      expect(toasts).toEqual([]);
    },
  );

  it("fills the whole balance on MAX, exact to the micro-point", () => {
    const { actor, type } = start();
    type("1");
    actor.send({ type: "MAX", balance: 100.065 });
    expect(actor.getSnapshot().context.amount).toBe("100.065");
    actor.send({ type: "MAX", balance: 0.1 + 0.2 });
    expect(actor.getSnapshot().context.amount).toBe("0.3");
    actor.send({ type: "MAX", balance: 12.345678 });
    expect(actor.getSnapshot().context.amount).toBe("12.345678");
  });

  it("the amount MAX fills in can be withdrawn in full", async () => {
    const { actor, withdrawals, submit } = start([PAID]);
    actor.send({ type: "MAX", balance: 7.25 });
    submit(7.25);
    await flush();
    expect(withdrawals).toEqual([{ amount: 7.25, idempotencyKey: "key-1" }]);
  });

  it("MAX on an empty balance fills 0, which cannot be withdrawn", () => {
    const { actor, withdrawals, submit } = start();
    actor.send({ type: "MAX", balance: 0 });
    expect(actor.getSnapshot().context.amount).toBe("0");
    submit(0);
    expect(withdrawals).toEqual([]);
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
  });

  it("does not submit an empty, zero or too large amount, and says nothing", async () => {
    const { actor, withdrawals, toasts, submit, type } = start();
    submit(10);
    type(".");
    submit(10);
    type("0");
    submit(10);
    type("10.000001");
    submit(10);
    await flush();
    expect(withdrawals).toEqual([]);
    expect(toasts).toEqual([]);
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
  });

  it("submits exactly the whole balance", async () => {
    const { actor, withdrawals, submit, type } = start(["hang"]);
    type("10");
    submit(10);
    await flush();
    expect(actor.getSnapshot().matches({ open: "withdrawing" })).toBe(true);
    expect(withdrawals).toEqual([{ amount: 10, idempotencyKey: "key-1" }]);
  });

  it("judges the amount against the balance sent with SUBMIT, not an earlier one", () => {
    const { actor, withdrawals, submit } = start(["hang"]);
    actor.send({ type: "MAX", balance: 5 });
    submit(4.999999);
    expect(withdrawals).toEqual([]);
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
  });

  it("sends a half-typed number as the number it means", async () => {
    const { withdrawals, submit, type } = start(["hang"]);
    type(".5");
    submit(1);
    await flush();
    expect(withdrawals).toEqual([{ amount: 0.5, idempotencyKey: "key-1" }]);
  });

  it("Cancel closes the dialog and clears the amount; reopening starts empty", () => {
    const { actor, type } = start();
    type("3");
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.amount).toBe("");
    actor.send({ type: "OPEN" });
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.amount).toBe("");
  });

  it("ignores the amount, MAX and SUBMIT while closed", async () => {
    const { actor, withdrawals, type, submit } = start([PAID], { open: false });
    type("3");
    actor.send({ type: "MAX", balance: 5 });
    submit(5);
    await flush();
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.amount).toBe("");
    expect(withdrawals).toEqual([]);
  });
});

describe("withdraw rewards machine: withdrawing", () => {
  it("sends the amount, then toasts `Withdrawal successful!`, tells the taps actor, closes and clears", async () => {
    const { actor, withdrawals, toasts, tapsReceived, type, submit } = start([PAID]);
    type("2.5");
    submit(5);
    expect(actor.getSnapshot().matches({ open: "withdrawing" })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(withdrawals).toEqual([{ amount: 2.5, idempotencyKey: "key-1" }]);
    expect(toasts).toEqual([{ tone: "success", title: "Withdrawal successful!" }]);
    expect(tapsReceived).toEqual([
      { type: "REWARDS.UPDATED", pointsMicro: 2_500_000, totalTaps: 0, walletBalanceMicro: 10_000_000 },
    ]);
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.amount).toBe("");
  });

  it("cannot be closed or changed while the withdrawal is out; its outcome is shown, then it closes", async () => {
    const answer = deferred<WithdrawRewardsAnswer>();
    const { actor, withdrawals, toasts, type, submit } = start([answer.promise]);
    type("2");
    submit(5);
    actor.send({ type: "CLOSE" });
    type("3");
    actor.send({ type: "MAX", balance: 5 });
    submit(5);
    await flush();
    expect(actor.getSnapshot().matches({ open: "withdrawing" })).toBe(true);
    expect(actor.getSnapshot().context.amount).toBe("2");
    expect(withdrawals).toHaveLength(1);
    answer.resolve(PAID);
    await flush();
    expect(toasts).toEqual([{ tone: "success", title: "Withdrawal successful!" }]);
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it.each([
    ["INSUFFICIENT_BALANCE", 409, "Insufficient balance"],
    ["INSUFFICIENT_POOL_BALANCE", 409, "Failed to process withdrawal"],
    ["VALIDATION_ERROR", 400, "Failed to process withdrawal"],
    ["SERVER_ERROR", 500, "Failed to process withdrawal"],
    ["NETWORK_ERROR", 0, "Failed to process withdrawal"],
  ])("answers %s (%i) with %j and keeps the dialog and amount to try again", async (code, status, title) => {
    const { actor, toasts, tapsReceived, type, submit } = start([failure(status, code)]);
    type("2");
    submit(5);
    await flush();
    expect(toasts).toEqual([{ tone: "error", title }]);
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(actor.getSnapshot().context.amount).toBe("2");
    expect(tapsReceived).toEqual([]);
  });

  it("can try again after a failure and then succeed", async () => {
    const { actor, toasts, type, submit } = start([NETWORK, PAID]);
    type("2");
    submit(5);
    await flush();
    submit(5);
    await flush();
    expect(toasts.map((toast) => toast.title)).toEqual([
      "Failed to process withdrawal",
      "Withdrawal successful!",
    ]);
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("still toasts, closes and clears when there is no taps actor to tell", async () => {
    const { actor, toasts, type, submit } = start([PAID], { taps: null });
    type("2.5");
    submit(5);
    await flush();
    expect(toasts).toEqual([{ tone: "success", title: "Withdrawal successful!" }]);
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.amount).toBe("");
  });
});

describe("withdraw rewards machine: Idempotency-Key", () => {
  it("takes a fresh key for each withdrawal, even of the same amount", async () => {
    const { actor, keys, type, submit } = start([PAID, PAID]);
    type("2");
    submit(5);
    await flush();
    actor.send({ type: "OPEN" });
    type("2");
    submit(5);
    await flush();
    expect(keys()).toEqual(["key-1", "key-2"]);
  });

  it("re-sends the same key after a lost answer, even after closing and reopening", async () => {
    const { actor, keys, type, submit } = start([
      NETWORK,
      failure(503, "SERVER_ERROR"),
      failure(409, "CONFLICT"),
      PAID,
    ]);
    type("2");
    submit(5);
    await flush();
    submit(5);
    await flush();
    submit(5);
    await flush();
    actor.send({ type: "CLOSE" });
    actor.send({ type: "OPEN" });
    type("2");
    submit(5);
    await flush();
    expect(keys()).toEqual(["key-1", "key-1", "key-1", "key-1"]);
  });

  it("re-sends the same key for the same amount written differently (2 → 2.0, or filled in by Max)", async () => {
    const { actor, withdrawals, type, submit } = start([NETWORK, NETWORK, PAID]);
    type("2");
    submit(5);
    await flush();
    type("2.0");
    submit(5);
    await flush();
    actor.send({ type: "MAX", balance: 2 });
    submit(2);
    await flush();
    expect(withdrawals).toEqual([
      { amount: 2, idempotencyKey: "key-1" },
      { amount: 2, idempotencyKey: "key-1" },
      { amount: 2, idempotencyKey: "key-1" },
    ]);
  });

  it("takes a new key for another amount, after a definitive refusal and after a success", async () => {
    const { withdrawals, type, submit, actor } = start([
      NETWORK,
      failure(409, "INSUFFICIENT_BALANCE"),
      failure(409, "INSUFFICIENT_BALANCE"),
      PAID,
      "hang",
    ]);
    type("2");
    submit(5);
    await flush();
    type("3"); // another amount: another request
    submit(5);
    await flush();
    submit(5); // same amount, but the refusal was definitive
    await flush();
    submit(5);
    await flush();
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "OPEN" });
    type("3"); // the same amount again after a success is a new withdrawal
    submit(5);
    expect(withdrawals.map((withdrawal) => [withdrawal.amount, withdrawal.idempotencyKey])).toEqual([
      [2, "key-1"],
      [3, "key-2"],
      [3, "key-3"],
      [3, "key-4"],
      [3, "key-5"],
    ]);
  });
});

/**
 * The real withdraw actor (rewards.actors.ts) first sends FLUSH to the taps actor and waits, at most 10 s,
 * until it holds no unsent taps and no unacknowledged batch, so "Max" is the balance the server knows.
 */
describe("withdraw rewards machine with the real actors: pending taps go first", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const loaded = { pointsMicro: 5_000_000, totalTaps: 100, multiplierMicro: 1_000, walletBalanceMicro: 0 };

  /** The real taps machine on a simulated clock (its own 6 s sync never fires) with a hand-held server. */
  async function startTaps() {
    const batches: Array<{ batch: TapBatch; answer: ReturnType<typeof deferred<SyncAnswer>> }> = [];
    const taps = createActor(
      tapsMachine
        .provide({
          actors: {
            loadRewards: fromPromise(async () => loaded),
            sendBatch: fromPromise(
              async ({
                input,
              }: {
                input: { userId: string; batch: TapBatch; multiplierMicro: number };
              }): Promise<SyncAnswer> => {
                const answer = deferred<SyncAnswer>();
                batches.push({ batch: input.batch, answer });
                return answer.promise;
              },
            ),
          },
          actions: { persist: () => {}, sendBeforeUnload: () => {} },
        })
        .provide({ actors: { store: storeHolding(null) } }),
      {
        clock: new SimulatedClock(),
        input: { userId: "u1", newId: () => "batch-1", now: () => 0 },
      },
    ).start();
    await vi.waitFor(() => expect(taps.getSnapshot().matches("ready")).toBe(true));
    return { taps, batches };
  }

  function startDialog(taps: AnyActorRef | undefined, answer: ApiResult<WithdrawRewardsAnswer>) {
    const log: string[] = [];
    const calls: Array<{ body: unknown; idempotencyKey: string }> = [];
    const rewards = {
      withdrawRewards: async (body: { amount: number }, idempotencyKey: string) => {
        log.push("withdraw");
        calls.push({ body, idempotencyKey });
        return answer;
      },
    } as unknown as RewardsApi;
    const actors = createRewardsActors({ rewards });
    // The root passes TAPS.SETTLE and the new figures to the taps actor, or answers itself without one.
    const { app } = createFakeApp({ taps: taps ?? null });
    const actor = createActor(withdrawRewardsMachine.provide({ actors: { withdraw: actors.withdraw } }), {
      input: { app, newId: () => "key-1" },
    });
    const toasts: string[] = [];
    actor.on("toast", ({ title }) => toasts.push(title));
    actor.start();
    actor.send({ type: "OPEN" });
    return { actor, calls, log, toasts };
  }

  it("sends the pending taps and withdraws only once the server acknowledged them", async () => {
    const { taps, batches } = await startTaps();
    for (let i = 0; i < 3; i++) taps.send({ type: "TAP" });
    const shown = selectPoints(taps.getSnapshot());
    expect(shown).toBe(5.003);
    const { actor, calls, toasts } = startDialog(taps, {
      data: { success: true, points: 0, totalTaps: 103, walletBalance: 5.003 },
      error: null,
    });
    actor.send({ type: "MAX", balance: shown });
    actor.send({ type: "SUBMIT", balance: shown });
    await flush();
    expect(batches.map((sent) => sent.batch)).toEqual([
      { batchId: "batch-1", taps: 3, intervals: [0, 0, 0] },
    ]);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().matches({ open: "withdrawing" })).toBe(true);
    batches[0]!.answer.resolve({
      points: 5.003,
      totalTaps: 103,
      multiplier: 0.001,
      credited: { taps: 3, points: 0.003, comboBonus: 0 },
      streak: null,
      replayed: false,
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls).toEqual([{ body: { amount: 5.003 }, idempotencyKey: "key-1" }]);
    await flush();
    expect(toasts).toEqual(["Withdrawal successful!"]);
    expect(actor.getSnapshot().value).toBe("closed");
    expect(selectPoints(taps.getSnapshot())).toBe(0);
    expect(selectWalletBalance(taps.getSnapshot())).toBe(5.003);
    taps.stop();
  });

  it("withdraws at once when no tap is pending, or when there is no taps actor", async () => {
    const { taps, batches } = await startTaps();
    const withTaps = startDialog(taps, { data: PAID, error: null });
    withTaps.actor.send({ type: "AMOUNT.CHANGE", value: "1" });
    withTaps.actor.send({ type: "SUBMIT", balance: 5 });
    await flush();
    expect(batches).toEqual([]);
    expect(withTaps.calls).toEqual([{ body: { amount: 1 }, idempotencyKey: "key-1" }]);
    taps.stop();

    const alone = startDialog(undefined, { data: PAID, error: null });
    alone.actor.send({ type: "AMOUNT.CHANGE", value: "1" });
    alone.actor.send({ type: "SUBMIT", balance: 5 });
    await flush();
    expect(alone.calls).toEqual([{ body: { amount: 1 }, idempotencyKey: "key-1" }]);
    expect(alone.toasts).toEqual(["Withdrawal successful!"]);
  });

  it("withdraws anyway after 10 s when the taps cannot be synced", async () => {
    const { taps, batches } = await startTaps();
    vi.useFakeTimers();
    taps.send({ type: "TAP" });
    const { actor, calls } = startDialog(taps, { data: PAID, error: null });
    actor.send({ type: "AMOUNT.CHANGE", value: "1" });
    actor.send({ type: "SUBMIT", balance: 5.001 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(batches).toHaveLength(1);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().matches({ open: "withdrawing" })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ body: { amount: 1 }, idempotencyKey: "key-1" }]);
    taps.stop();
  });

  it("turns an INSUFFICIENT_BALANCE error result into `Insufficient balance`", async () => {
    const { actor, toasts } = startDialog(undefined, {
      data: null,
      error: failure(409, "INSUFFICIENT_BALANCE"),
    });
    actor.send({ type: "AMOUNT.CHANGE", value: "1" });
    actor.send({ type: "SUBMIT", balance: 5 });
    await flush();
    expect(toasts).toEqual(["Insufficient balance"]);
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.amount).toBe("1");
  });
});
