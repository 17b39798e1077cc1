/**
 * The Wallet screen's machines and the user's live stream (docs/decisions/018): pushed deposits,
 * withdrawals and movements of the wallet, polling only while the stream is down. The stream is heard
 * through a fake root actor that publishes what the test pushes; time is a simulated clock.
 */
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { WalletHistoryAnswer } from "#src/api/rewards.ts";
import type { ChainTransaction, TokenTransferAnswer, WithdrawalStatusAnswer } from "#src/api/wallet.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { depositMachine, PENDING_POLL_MS, POLL_MS, type RefreshResult } from "./deposit.machine.ts";
import { HISTORY_POLL_MS, walletHistoryMachine } from "./wallet-history.machine.ts";
import { FOLLOW_MS, withdrawUsdtMachine } from "./withdraw-usdt.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ADDRESS = "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC";
const TO = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
const TX = "a".repeat(64);
const receive = (status: ChainTransaction["status"]): ChainTransaction => ({
  type: "receive",
  value: 25,
  timestamp: "2026-11-23T07:00:00.000Z",
  txId: TX,
  status,
});
const listing = (transactions: ChainTransaction[]): RefreshResult => ({
  balance: 1,
  transactions,
  explorer: "e/",
});

describe("Deposit tab and the live stream", () => {
  function start(options: { address?: string | null; streamUp?: boolean; listings?: RefreshResult[] } = {}) {
    const clock = new SimulatedClock();
    const fake = createFakeApp({ streamsUp: { user: options.streamUp ?? false } });
    const listings = [...(options.listings ?? [])];
    let refreshes = 0;
    const actor = createActor(
      depositMachine.provide({
        actors: {
          loadAddress: fromPromise(async () => (options.address === undefined ? ADDRESS : options.address)),
          refresh: fromPromise(async () => {
            refreshes += 1;
            return listings.shift() ?? listing([]);
          }),
        },
      }),
      { clock, input: { app: fake.app, userId: "u1" } },
    );
    const toasts: string[] = [];
    let walletChanged = 0;
    actor.on("toast", (event) => toasts.push(event.title));
    actor.on("walletChanged", () => walletChanged++);
    actor.start();
    const moved = () => fake.received.filter((message) => message.type === "WALLET.MOVED").length;
    return {
      actor,
      clock,
      push: fake.push,
      toasts,
      refreshes: () => refreshes,
      moved,
      walletChanged: () => walletChanged,
    };
  }

  it("toasts a credited deposit once when the stream says so, without Refresh, and lists it at once", async () => {
    const { push, toasts, refreshes, moved, walletChanged } = start({
      streamUp: true,
      listings: [listing([]), listing([receive("confirmed")]), listing([receive("confirmed")])],
    });
    await flush();
    expect(refreshes()).toBe(1);
    push("user", { type: "DEPOSIT.UPDATED", txId: TX, amount: 25, status: "credited" });
    expect(toasts).toEqual(["Deposit successful!"]);
    expect(walletChanged()).toBe(1);
    expect(moved()).toBe(1);
    await flush();
    expect(refreshes()).toBe(2);
    // The listing now shows it credited: no second toast, and a repeated push changes nothing.
    push("user", { type: "DEPOSIT.UPDATED", txId: TX, amount: 25, status: "credited" });
    await flush();
    expect(toasts).toEqual(["Deposit successful!"]);
  });

  it("a credit pushed while a read is out reads again, so the balance shown includes it", async () => {
    const clock = new SimulatedClock();
    const fake = createFakeApp({ streamsUp: { user: true } });
    const answers: Array<(value: RefreshResult) => void> = [];
    const actor = createActor(
      depositMachine.provide({
        actors: {
          loadAddress: fromPromise(async (): Promise<string | null> => ADDRESS),
          refresh: fromPromise(() => new Promise<RefreshResult>((resolve) => answers.push(resolve))),
        },
      }),
      { clock, input: { app: fake.app, userId: "u1" } },
    ).start();
    const toasts: string[] = [];
    actor.on("toast", (event) => toasts.push(event.title));
    await flush();
    expect(answers).toHaveLength(1);
    fake.push("user", { type: "DEPOSIT.UPDATED", txId: TX, amount: 25, status: "credited" });
    expect(answers).toHaveLength(2);
    // The older read answers last, from before the credit: it is not shown.
    answers[1]!({ balance: 25, transactions: [receive("confirmed")], explorer: "e/" });
    await flush();
    answers[0]!({ balance: 0, transactions: [], explorer: "e/" });
    await flush();
    expect(actor.getSnapshot().context.balance).toBe(25);
    expect(actor.getSnapshot().context.transactions).toEqual([receive("confirmed")]);
    expect(toasts).toEqual(["Deposit successful!"]);
  });

  it("a deposit pushed pending and then credited toasts once, on the credit", async () => {
    const { push, toasts } = start({ streamUp: true, listings: [listing([])] });
    await flush();
    push("user", { type: "DEPOSIT.UPDATED", txId: TX, amount: 25, status: "pending" });
    await flush();
    expect(toasts).toEqual([]);
    push("user", { type: "DEPOSIT.UPDATED", txId: TX, amount: 25, status: "credited" });
    expect(toasts).toEqual(["Deposit successful!"]);
  });

  it("a credit pushed before the first listing toasts, and that first listing does not toast it again", async () => {
    const { push, toasts } = start({
      address: ADDRESS,
      streamUp: true,
      listings: [listing([receive("confirmed")])],
    });
    push("user", { type: "DEPOSIT.UPDATED", txId: TX, amount: 25, status: "credited" });
    expect(toasts).toEqual(["Deposit successful!"]);
    await flush();
    await flush();
    expect(toasts).toEqual(["Deposit successful!"]);
  });

  it("a credit pushed while there is no address yet (the tab still loading or offering Generate) still toasts", async () => {
    const { actor, push, toasts } = start({ address: null });
    await flush();
    expect(actor.getSnapshot().matches("noAddress")).toBe(true);
    push("user", { type: "DEPOSIT.UPDATED", txId: TX, amount: 25, status: "credited" });
    expect(toasts).toEqual(["Deposit successful!"]);
  });

  it("polls only while the stream is down: stops when it comes up (after one catch-up read) and returns when it goes down", async () => {
    const { clock, push, refreshes } = start({ streamUp: false, listings: [listing([receive("pending")])] });
    await flush();
    expect(refreshes()).toBe(1);
    push("user", { type: "STREAM.UP" });
    await flush();
    expect(refreshes()).toBe(2);
    clock.increment(POLL_MS * 5);
    await flush();
    expect(refreshes()).toBe(2);
    push("user", { type: "STREAM.DOWN" });
    clock.increment(POLL_MS - 1);
    await flush();
    expect(refreshes()).toBe(2);
    clock.increment(1);
    await flush();
    expect(refreshes()).toBe(3);
    expect(PENDING_POLL_MS).toBeLessThan(POLL_MS);
  });
});

describe("Withdraw USDT tab and the live stream", () => {
  const accepted: TokenTransferAnswer = {
    success: true,
    withdrawal: { id: "w1", status: "pending", amount: 300, to: TO },
  };
  const statusOf = (status: WithdrawalStatusAnswer["status"]): WithdrawalStatusAnswer => ({
    id: "w1",
    status,
    amount: 300,
    to: TO,
    reason: null,
    txId: "t",
  });

  function start(options: { streamUp?: boolean } = {}) {
    const clock = new SimulatedClock();
    const fake = createFakeApp({ streamsUp: { user: options.streamUp ?? true } });
    let answer: (value: TokenTransferAnswer) => void = () => {};
    let checks = 0;
    const actor = createActor(
      withdrawUsdtMachine.provide({
        actors: {
          transfer: fromPromise(() => new Promise<TokenTransferAnswer>((resolve) => (answer = resolve))),
          checkWithdrawals: fromPromise(async () => {
            checks += 1;
            return [statusOf("pending")];
          }),
        },
      }),
      { clock, input: { app: fake.app, newId: () => "key" } },
    );
    const toasts: string[] = [];
    actor.on("toast", (event) => toasts.push(event.title));
    actor.start();
    const submit = () => {
      actor.send({ type: "TO.CHANGE", value: TO });
      actor.send({ type: "AMOUNT.CHANGE", value: "300" });
      actor.send({ type: "SUBMIT", balance: 300 });
    };
    return {
      actor,
      clock,
      push: fake.push,
      toasts,
      submit,
      answer: (value: TokenTransferAnswer) => answer(value),
      checks: () => checks,
    };
  }

  it("follows a withdrawal by its events while the stream is up: no polling, one toast when it ends", async () => {
    const { actor, clock, push, toasts, submit, answer, checks } = start();
    submit();
    answer(accepted);
    await flush();
    expect(actor.getSnapshot().context.following).toEqual(["w1"]);
    clock.increment(FOLLOW_MS * 10);
    await flush();
    expect(checks()).toBe(0);
    push("user", { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "pending", txId: "t" });
    expect(toasts).toEqual(["Withdrawal submitted"]);
    push("user", { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "confirmed", txId: "t" });
    expect(toasts).toEqual(["Withdrawal submitted", "Withdrawal successful!"]);
    expect(actor.getSnapshot().context.following).toEqual([]);
    push("user", { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "confirmed", txId: "t" });
    expect(toasts).toHaveLength(2);
  });

  it("an end pushed before the submit's own answer is told once that answer names the withdrawal", async () => {
    const { push, toasts, submit, answer } = start();
    submit();
    push("user", { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "failed", txId: null });
    expect(toasts).toEqual([]);
    answer(accepted);
    await flush();
    expect(toasts).toEqual(["Withdrawal submitted", "Failed to process withdrawal"]);
  });

  it("polls again while the stream is down, after one catch-up read when it comes back", async () => {
    const { clock, push, submit, answer, checks } = start({ streamUp: false });
    submit();
    answer(accepted);
    await flush();
    clock.increment(FOLLOW_MS);
    await flush();
    expect(checks()).toBe(1);
    push("user", { type: "STREAM.UP" });
    await flush();
    expect(checks()).toBe(2);
    clock.increment(FOLLOW_MS * 3);
    await flush();
    expect(checks()).toBe(2);
    push("user", { type: "STREAM.DOWN" });
    clock.increment(FOLLOW_MS);
    await flush();
    expect(checks()).toBe(3);
  });
});

describe("Transaction History and the live stream", () => {
  const page = (status: "pending" | "completed"): WalletHistoryAnswer => ({
    transactions: [{ id: "r1", type: "withdraw", amount: 300, description: "d", timestamp: "t", status }],
    nextCursor: "c1",
  });

  function start(options: { streamUp?: boolean } = {}) {
    const clock = new SimulatedClock();
    const fake = createFakeApp({ streamsUp: { user: options.streamUp ?? true } });
    const answers: Array<(value: WalletHistoryAnswer) => void> = [];
    const cursors: Array<string | null> = [];
    const actor = createActor(
      walletHistoryMachine.provide({
        actors: {
          loadPage: fromPromise(({ input }: { input: { cursor: string | null } }) => {
            cursors.push(input.cursor);
            return new Promise<WalletHistoryAnswer>((resolve) => answers.push(resolve));
          }),
        },
      }),
      { clock, input: { app: fake.app } },
    ).start();
    const answerNext = async (value: WalletHistoryAnswer) => {
      answers.shift()!(value);
      await flush();
    };
    return { actor, clock, push: fake.push, answers, answerNext, cursors };
  }

  it("does not poll a pending entry while the stream is up: a pushed movement refreshes instead", async () => {
    const { actor, clock, push, answers, answerNext, cursors } = start();
    await answerNext(page("pending"));
    clock.increment(HISTORY_POLL_MS * 5);
    await flush();
    expect(cursors).toEqual([null]);
    push("user", { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "confirmed", txId: "t" });
    expect(actor.getSnapshot().value).toBe("refreshing");
    await answerNext(page("completed"));
    expect(actor.getSnapshot().context.transactions[0]?.status).toBe("completed");
    for (const event of [
      { type: "WALLET.UPDATED" as const, balance: 1 },
      { type: "DEPOSIT.UPDATED" as const, txId: "x", amount: 1, status: "credited" as const },
      { type: "STREAM.RESET" as const },
    ]) {
      push("user", event);
      expect(answers).toHaveLength(1);
      await answerNext(page("completed"));
    }
  });

  it("a movement pushed while a read is out asks again, since that read may be older", async () => {
    const { actor, push, answers, answerNext, cursors } = start();
    push("user", { type: "WALLET.UPDATED", balance: 2 });
    expect(cursors).toEqual([null, null]);
    // The first read's answer comes too late to count; the second one's is shown.
    await answerNext(page("pending"));
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    await answerNext(page("completed"));
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    expect(actor.getSnapshot().context.transactions[0]?.status).toBe("completed");
    actor.send({ type: "REFRESH" });
    push("user", { type: "WALLET.UPDATED", balance: 3 });
    expect(answers).toHaveLength(2);
    expect(cursors).toEqual([null, null, null, null]);
  });

  it("a movement pushed while the next page loads refreshes the first page once that page is in", async () => {
    const { actor, push, answerNext, cursors } = start();
    await answerNext(page("completed"));
    actor.send({ type: "MORE" });
    push("user", { type: "WALLET.UPDATED", balance: 2 });
    expect(cursors).toEqual([null, "c1"]);
    await answerNext({ transactions: [], nextCursor: null });
    expect(cursors).toEqual([null, "c1", null]);
    expect(actor.getSnapshot().value).toBe("refreshing");
  });

  it("polls a pending entry again while the stream is down", async () => {
    const { clock, push, answerNext, cursors } = start({ streamUp: false });
    await answerNext(page("pending"));
    clock.increment(HISTORY_POLL_MS);
    await flush();
    expect(cursors).toEqual([null, null]);
    await answerNext(page("pending"));
    push("user", { type: "STREAM.UP" });
    await answerNext(page("pending"));
    clock.increment(HISTORY_POLL_MS * 3);
    await flush();
    expect(cursors).toHaveLength(3);
  });
});
