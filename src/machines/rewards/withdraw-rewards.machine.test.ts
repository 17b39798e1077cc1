import { describe, expect, it } from "vitest";
import { createActor, createMachine, fromPromise } from "xstate";
import type { ApiError } from "#src/api/errors.ts";
import type { WithdrawRewardsAnswer } from "#src/api/rewards.ts";
import { canWithdraw, withdrawRewardsMachine } from "./withdraw-rewards.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const PAID: WithdrawRewardsAnswer = { success: true, points: 2.5, walletBalance: 10 };
const NETWORK: ApiError = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const failure = (status: number, code: string): ApiError => ({ code, message: code, status });

type Outcome = WithdrawRewardsAnswer | ApiError | "hang";

/** Starts the machine with a withdraw actor that answers `outcomes` in order. */
function start(outcomes: Outcome[] = []) {
  const queue = [...outcomes];
  const withdrawals: Array<{ amount: number; idempotencyKey: string }> = [];
  const tapsReceived: unknown[] = [];
  const taps = createActor(
    createMachine({ on: { "*": { actions: ({ event }) => tapsReceived.push(event) } } }),
  ).start();
  let ids = 0;
  const machine = withdrawRewardsMachine.provide({
    actors: {
      withdraw: fromPromise(async ({ input }: { input: { amount: number; idempotencyKey: string } }) => {
        withdrawals.push(input);
        const outcome = queue.shift() ?? "hang";
        if (outcome === "hang") return new Promise<WithdrawRewardsAnswer>(() => {});
        if ("success" in outcome) return outcome;
        throw outcome;
      }),
    },
  });
  const actor = createActor(machine, { input: { taps, newId: () => `key-${++ids}` } }).start();
  const toasts: Array<{ tone: string; title: string }> = [];
  actor.on("toast", ({ tone, title }) => toasts.push({ tone, title }));
  actor.send({ type: "OPEN" });
  const type = (value: string) => actor.send({ type: "AMOUNT.CHANGE", value });
  const submit = (balance: number) => actor.send({ type: "SUBMIT", balance });
  return { actor, withdrawals, toasts, tapsReceived, type, submit };
}

describe("canWithdraw (spec §5: a number above 0, at most the rewards balance)", () => {
  it.each([
    ["12.5", 12.5, true],
    ["0.0001", 12.5, true],
    ["12.500001", 12.5, false],
    ["0", 12.5, false],
    ["", 12.5, false],
    [".", 12.5, false],
    ["1e2", 500, false],
    ["-1", 12.5, false],
    ["0.1234567", 12.5, false],
  ])("%j with %d available → %s", (amount, balance, expected) => {
    expect(canWithdraw(amount, balance)).toBe(expected);
  });

  it("compares in micro-points, so 0.1 + 0.2 points cover an amount of 0.3", () => {
    expect(canWithdraw("0.3", 0.1 + 0.2)).toBe(true);
  });
});

describe("withdraw rewards machine: the amount", () => {
  it("keeps what is typed while it is a number, ignores anything else without a message", () => {
    const { actor, toasts, type } = start();
    type("1");
    type("1.5");
    type("1.5a");
    type("-2");
    type("1e3");
    expect(actor.getSnapshot().context.amount).toBe("1.5");
    expect(toasts).toEqual([]);
  });

  it("fills the whole balance on MAX, exact to the micro-point", () => {
    const { actor } = start();
    actor.send({ type: "MAX", balance: 100.065 });
    expect(actor.getSnapshot().context.amount).toBe("100.065");
    actor.send({ type: "MAX", balance: 0.1 + 0.2 });
    expect(actor.getSnapshot().context.amount).toBe("0.3");
  });

  it("does not submit an empty, zero or too large amount", () => {
    const { actor, withdrawals, submit, type } = start();
    submit(10);
    type("0");
    submit(10);
    type("10.0001");
    submit(10);
    expect(withdrawals).toEqual([]);
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
  });

  it("clears the amount when the dialog is cancelled", () => {
    const { actor, type } = start();
    type("3");
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.amount).toBe("");
  });
});

describe("withdraw rewards machine: withdrawing", () => {
  it("sends the amount, then toasts, tells the taps actor, closes and clears", async () => {
    const { actor, withdrawals, toasts, tapsReceived, type, submit } = start([PAID]);
    type("2.5");
    submit(5);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(withdrawals).toEqual([{ amount: 2.5, idempotencyKey: "key-1" }]);
    expect(toasts).toEqual([{ tone: "success", title: "Withdrawal successful!" }]);
    expect(tapsReceived).toContainEqual({
      type: "REWARDS.UPDATED",
      pointsMicro: 2_500_000,
      walletBalanceMicro: 10_000_000,
    });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.amount).toBe("");
  });

  it("cannot be closed or changed while the withdrawal is out", () => {
    const { actor, type, submit } = start(["hang"]);
    type("2");
    submit(5);
    actor.send({ type: "CLOSE" });
    type("3");
    expect(actor.getSnapshot().matches({ open: "withdrawing" })).toBe(true);
    expect(actor.getSnapshot().context.amount).toBe("2");
  });

  it.each([
    ["INSUFFICIENT_BALANCE", 409, "Insufficient balance"],
    ["INSUFFICIENT_POOL_BALANCE", 409, "Failed to process withdrawal"],
    ["SERVER_ERROR", 500, "Failed to process withdrawal"],
    ["NETWORK_ERROR", 0, "Failed to process withdrawal"],
  ])("answers %s (%i) with %j and keeps the amount to try again", async (code, status, title) => {
    const { actor, toasts, tapsReceived, type, submit } = start([failure(status, code)]);
    type("2");
    submit(5);
    await flush();
    expect(toasts).toEqual([{ tone: "error", title }]);
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.amount).toBe("2");
    expect(tapsReceived).toEqual([]);
  });
});

describe("withdraw rewards machine: Idempotency-Key", () => {
  it("re-sends the same key after a lost answer, even after closing and reopening", async () => {
    const { actor, withdrawals, type, submit } = start([NETWORK, failure(503, "SERVER_ERROR"), PAID]);
    type("2");
    submit(5);
    await flush();
    submit(5);
    await flush();
    actor.send({ type: "CLOSE" });
    actor.send({ type: "OPEN" });
    type("2");
    submit(5);
    await flush();
    expect(withdrawals.map((withdrawal) => withdrawal.idempotencyKey)).toEqual(["key-1", "key-1", "key-1"]);
  });

  it("uses a new key for another amount, after a definitive refusal and after a success", async () => {
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
