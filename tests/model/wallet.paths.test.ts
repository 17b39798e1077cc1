/**
 * Generated paths through the Wallet screen's machines (deposit tab, withdraw tab): every state is reached, every
 * transition the model allows is walked on a running actor, and each path's toasts are the spec's for the
 * events it took.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { depositMachine } from "#src/machines/wallet/deposit.machine.ts";
import { withdrawUsdtMachine } from "#src/machines/wallet/withdraw-usdt.machine.ts";
import { createFakeApp } from "../support/app-doubles.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  generateTransitionPaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

/** The root actor as the wallet machines see it. */
const { app } = createFakeApp();

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);
const ADDRESS = "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC";
const TO = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
const tx = (status: string) => ({
  type: "receive",
  value: 5,
  timestamp: "2026-11-23T07:00:00.000Z",
  txId: "a".repeat(64),
  status,
});

const depositModel: ModelOptions<unknown> = {
  input: { app, userId: "u1" },
  fakeActors: ["loadAddress", "generate", "refresh", "copyAddress"],
  events: [
    { type: "GENERATE" },
    { type: "REFRESH" },
    { type: "RETRY" },
    { type: "COPY" },
    { type: "xstate.done.actor.loadAddress", output: ADDRESS },
    { type: "xstate.done.actor.loadAddress", output: null },
    { type: "xstate.error.actor.loadAddress", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
    { type: "xstate.done.actor.generate", output: { address: ADDRESS, saved: true } },
    { type: "xstate.error.actor.generate", error: { code: "SERVER_ERROR", message: "x", status: 500 } },
    {
      type: "xstate.done.actor.refresh",
      output: { balance: 5, transactions: [tx("pending")], explorer: "e/" },
    },
    {
      type: "xstate.done.actor.refresh",
      output: { balance: 5, transactions: [tx("confirmed")], explorer: "e/" },
    },
    { type: "xstate.done.actor.copyAddress" },
    { type: "xstate.error.actor.copyAddress", error: new Error("denied") },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.address !== null,
      snapshot.context.transactions.map((t: { status: string }) => t.status),
    ]),
};

describe("deposit machine: generated paths", () => {
  const paths = generateTransitionPaths(depositMachine, depositModel);
  it("reaches every state node", () => {
    const reached = new Set(
      generatePaths(depositMachine, depositModel).flatMap((path) => activeStateIds(path.state)),
    );
    expect(allStateIds(depositMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { emitted, snapshot } = await replayPath(depositMachine, path, depositModel, sameValue);
    const titles = emitted.filter((event) => event.type === "toast").map((event) => event.title);
    const types = path.steps.map((step) => step.event.type);
    if (types.includes("xstate.done.actor.generate"))
      expect(titles).toContain("Wallet generated and saved successfully!");
    if (types.includes("xstate.error.actor.loadAddress"))
      expect(titles).toContain("Failed to load wallet information");
    if (types.includes("xstate.done.actor.copyAddress"))
      expect(titles).toContain("Address copied to clipboard");
    // "Deposit successful!" only when a pending deposit (seen before) turned confirmed on a later load.
    const refreshes = path.steps
      .filter((step) => step.event.type === "xstate.done.actor.refresh")
      .map(
        (step) =>
          (step.event as unknown as { output: { transactions: { status: string }[] } }).output.transactions[0]
            ?.status,
      );
    const firstPending = refreshes.indexOf("pending");
    const creditedLater = firstPending >= 0 && refreshes.slice(firstPending + 1).includes("confirmed");
    expect(titles.filter((title) => title === "Deposit successful!")).toHaveLength(creditedLater ? 1 : 0);
    expect(snapshot.status).toBe("active");
  });
});

const withdrawModel: ModelOptions<unknown> = {
  input: {
    app,
    newId: (() => {
      let n = 0;
      return () => `key-${++n}`;
    })(),
  },
  fakeActors: ["transfer", "checkWithdrawals"],
  events: [
    { type: "TO.CHANGE", value: TO },
    { type: "AMOUNT.CHANGE", value: "300" },
    { type: "AMOUNT.CHANGE", value: "299" },
    { type: "SUBMIT", balance: 300 },
    { type: "SUBMIT", balance: 299.99 },
    {
      type: "xstate.done.actor.transfer",
      output: { success: true, withdrawal: { id: "w1", status: "pending", amount: 300, to: TO } },
    },
    { type: "xstate.error.actor.transfer", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
    {
      type: "xstate.error.actor.transfer",
      error: { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance for withdrawal", status: 409 },
    },
    { type: "xstate.after.FOLLOW.withdrawUsdt.follow.waiting" },
    {
      type: "xstate.done.actor.checkWithdrawals",
      output: [{ id: "w1", status: "confirmed", amount: 300, to: TO, txId: "t" }],
    },
    {
      type: "xstate.done.actor.checkWithdrawals",
      output: [{ id: "w1", status: "failed", amount: 300, to: TO, txId: "t" }],
    },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.to !== "",
      snapshot.context.amount,
      snapshot.context.following.length,
    ]),
};

describe("withdraw USDT machine: generated paths", () => {
  const paths = generateTransitionPaths(withdrawUsdtMachine, withdrawModel);
  it("reaches every state node", () => {
    const reached = new Set(
      generatePaths(withdrawUsdtMachine, withdrawModel).flatMap((path) => activeStateIds(path.state)),
    );
    expect(allStateIds(withdrawUsdtMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { emitted, actorInputs } = await replayPath(withdrawUsdtMachine, path, withdrawModel, sameValue);
    const titles = emitted.filter((event) => event.type === "toast").map((event) => event.title);
    const types = path.steps.map((step) => step.event.type);
    if (types.includes("xstate.done.actor.transfer")) expect(titles).toContain("Withdrawal submitted");
    for (const step of path.steps) {
      const output = (step.event as unknown as { output?: { status?: string }[] }).output;
      if (step.event.type !== "xstate.done.actor.checkWithdrawals" || !output) continue;
      expect(titles).toContain(
        output[0]?.status === "confirmed" ? "Withdrawal successful!" : "Failed to process withdrawal",
      );
    }
    // Nothing below the minimum or above the balance is ever sent.
    for (const { src, input } of actorInputs) {
      if (src !== "transfer") continue;
      expect(input).toMatchObject({ to: TO, amount: 300 });
    }
  });
});

// ───────────── The user's live stream: pushed deposits and withdrawals, the stream up and down ─────────────

const depositLiveModel: ModelOptions<unknown> = {
  ...depositModel,
  events: [
    { type: "xstate.done.actor.loadAddress", output: ADDRESS },
    {
      type: "xstate.done.actor.refresh",
      output: { balance: 5, transactions: [tx("pending")], explorer: "e/" },
    },
    {
      type: "xstate.done.actor.refresh",
      output: { balance: 5, transactions: [tx("confirmed")], explorer: "e/" },
    },
    { type: "DEPOSIT.UPDATED", txId: "a".repeat(64), amount: 5, status: "pending" },
    { type: "DEPOSIT.UPDATED", txId: "a".repeat(64), amount: 5, status: "credited" },
    { type: "STREAM.UP" },
    { type: "STREAM.DOWN" },
    { type: "xstate.after.POLL.deposit.ready.chain.idle" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.transactions.map((t: { status: string }) => t.status),
      snapshot.context.seen,
      snapshot.context.streamUp,
    ]),
};

describe("deposit machine with the live stream: generated paths", () => {
  const paths = generateTransitionPaths(depositMachine, depositLiveModel);
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { emitted } = await replayPath(depositMachine, path, depositLiveModel, sameValue);
    // However the news came (listing or push), a deposit is announced at most once.
    expect(emitted.filter((event) => event.title === "Deposit successful!").length).toBeLessThanOrEqual(1);
    // A credited push is announced unless a listing had already shown the deposit credited.
    const said = path.steps.map((step) => {
      const event = step.event as {
        type: string;
        status?: string;
        output?: { transactions?: { status: string }[] };
      };
      if (event.type === "DEPOSIT.UPDATED") return event.status === "credited" ? "pushed" : "";
      return event.output?.transactions?.[0]?.status === "confirmed" ? "listed" : "";
    });
    const firstPush = said.indexOf("pushed");
    if (firstPush >= 0 && !said.slice(0, firstPush).includes("listed"))
      expect(emitted.filter((event) => event.title === "Deposit successful!")).toHaveLength(1);
    // The poll runs only while the stream is down.
    for (const [index, step] of path.steps.entries())
      if (step.event.type.startsWith("xstate.after.POLL"))
        expect(path.steps[index - 1]?.state.context.streamUp).toBe(false);
  });
});

const withdrawLiveModel: ModelOptions<unknown> = {
  ...withdrawModel,
  events: [
    { type: "TO.CHANGE", value: TO },
    { type: "AMOUNT.CHANGE", value: "300" },
    { type: "SUBMIT", balance: 300 },
    {
      type: "xstate.done.actor.transfer",
      output: { success: true, withdrawal: { id: "w1", status: "pending", amount: 300, to: TO } },
    },
    { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "confirmed", txId: "t" },
    { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "failed", txId: "t" },
    { type: "STREAM.UP" },
    { type: "STREAM.DOWN" },
    { type: "xstate.after.FOLLOW.withdrawUsdt.follow.waiting" },
    {
      type: "xstate.done.actor.checkWithdrawals",
      output: [{ id: "w1", status: "pending", amount: 300, to: TO, txId: "t" }],
    },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.amount,
      snapshot.context.following,
      Object.keys(snapshot.context.early),
      snapshot.context.streamUp,
    ]),
};

describe("withdraw USDT machine with the live stream: generated paths", () => {
  const paths = generateTransitionPaths(withdrawUsdtMachine, withdrawLiveModel);
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { emitted, snapshot } = await replayPath(withdrawUsdtMachine, path, withdrawLiveModel, sameValue);
    const ends = emitted.filter(
      (event) => event.title === "Withdrawal successful!" || event.title === "Failed to process withdrawal",
    );
    // A withdrawal ends once, however its end is learned, even when the push beats the submit's answer.
    expect(ends.length).toBeLessThanOrEqual(1);
    const accepted = path.steps.some((step) => step.event.type === "xstate.done.actor.transfer");
    const pushedEnd = path.steps.some(
      (step) =>
        step.event.type === "WITHDRAWAL.UPDATED" && (step.event as { status?: string }).status !== "pending",
    );
    if (accepted && pushedEnd) expect(ends).toHaveLength(1);
    if (ends.length === 1) expect(snapshot.context.following).toEqual([]);
    for (const [index, step] of path.steps.entries())
      if (step.event.type.startsWith("xstate.after.FOLLOW"))
        expect(path.steps[index - 1]?.state.context.streamUp).toBe(false);
  });
});
