/**
 * Generated paths through the Wallet screen's machines (deposit tab, withdraw tab): every state is reached, every
 * transition the model allows is walked on a running actor, and each path's toasts are the spec's for the
 * events it took.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { depositMachine } from "#src/machines/wallet/deposit.machine.ts";
import { withdrawUsdtMachine } from "#src/machines/wallet/withdraw-usdt.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import {
  depositModel as depositEntry,
  depositLive as depositLiveModel,
  deposit as depositModel,
} from "./models/deposit.model.ts";
import { TO } from "./models/wallet-fixtures.ts";
import {
  withdrawUsdtModel as withdrawEntry,
  withdrawUsdtLive as withdrawLiveModel,
  withdrawUsdt as withdrawModel,
} from "./models/withdraw-usdt.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);
describe("deposit machine: generated paths", () => {
  const paths = suitePaths(depositEntry, depositEntry.suites[0]);
  it("reaches every state node", () => {
    const shortest = suitePaths(depositEntry, depositEntry.suites[0], "shortest");
    const reached = new Set(shortest.flatMap((path) => activeStateIds(path.state)));
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

describe("withdraw USDT machine: generated paths", () => {
  const paths = suitePaths(withdrawEntry, withdrawEntry.suites[0]);
  it("reaches every state node", () => {
    const shortest = suitePaths(withdrawEntry, withdrawEntry.suites[0], "shortest");
    const reached = new Set(shortest.flatMap((path) => activeStateIds(path.state)));
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

describe("deposit machine with the live stream: generated paths", () => {
  const paths = suitePaths(depositEntry, depositEntry.suites[1]);
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

describe("withdraw USDT machine with the live stream: generated paths", () => {
  const paths = suitePaths(withdrawEntry, withdrawEntry.suites[1]);
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
