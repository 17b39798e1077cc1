import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { multipliersMachine, PURCHASE_FAILED } from "#src/machines/rewards/multipliers.machine.ts";
import { withdrawRewardsMachine } from "#src/machines/rewards/withdraw-rewards.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import {
  multipliersApp,
  multipliersModel as multipliersEntry,
  multipliersLive as multipliersLiveModel,
  multipliers as multipliersModel,
} from "./models/multipliers.model.ts";
import {
  withdrawRewardsModel as withdrawEntry,
  withdrawRewards as withdrawModel,
  withdrawRewardsApp,
} from "./models/withdraw-rewards.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);

describe("multipliers dialog machine: generated paths", () => {
  const paths = suitePaths(multipliersEntry, multipliersEntry.suites[0]);
  const received = multipliersApp.received;
  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(multipliersMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    received.length = 0;
    const { emitted, actorInputs } = await replayPath(multipliersMachine, path, multipliersModel, sameValue);
    const types = path.steps.map((step) => step.event.type);
    const titles = emitted.map((event) => event.title);
    if (types.includes("xstate.done.actor.purchase")) {
      expect(titles).toContain("Multiplier upgraded to 0.002x!");
      expect(received).toContainEqual({
        type: "REWARDS.UPDATED",
        pointsMicro: 50_000_000,
        multiplierMicro: 2_000,
        walletBalanceMicro: 15_000_000,
      });
    }
    const lastError = path.steps.findLast((step) => step.event.type === "xstate.error.actor.purchase");
    if (lastError)
      expect(titles).toContain(
        (lastError.event as unknown as { error: { code: string } }).error.code === "NOT_ENOUGH_FUNDS"
          ? "Not enough funds"
          : PURCHASE_FAILED,
      );
    // Every purchase goes out with its own idempotency key and the chosen value.
    for (const { src, input } of actorInputs) {
      if (src === "purchase")
        expect(input).toMatchObject({ value: 0.002, idempotencyKey: expect.stringMatching(/^key-/) });
    }
  });
  it("refuses to buy with fewer than 100 points, without calling the server", async () => {
    const path = paths.find(
      (candidate) => candidate.state.matches({ open: "ready" }) && candidate.steps.length > 0,
    )!;
    const { actor, emitted, actorInputs } = await replayPath(
      multipliersMachine,
      path,
      multipliersModel,
      sameValue,
    );
    actor.send({ type: "PURCHASE", value: 0.002, points: 99.9999 });
    expect(emitted.map((event) => event.title)).toContain("Not enough points to buy multiplier");
    expect(actorInputs.filter((entry) => entry.src === "purchase")).toEqual([]);
  });
});

describe("multipliers dialog machine with the live stream: generated paths", () => {
  const paths = suitePaths(multipliersEntry, multipliersEntry.suites[1]);
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, emitted } = await replayPath(multipliersMachine, path, multipliersLiveModel, sameValue);
    const upgraded = emitted.filter((event) => event.title === "Multiplier upgraded to 0.002x!");
    // One purchase is announced once, whether its answer or the stream told of it first.
    expect(upgraded.length).toBeLessThanOrEqual(1);
    // A purchase in doubt that the stream confirms is settled: its key is dropped.
    const last = path.steps.at(-1);
    const before = path.steps.at(-2)?.state;
    if (
      last?.event.type === "MULTIPLIER.CHANGED" &&
      (last.event as unknown as { multiplier: number }).multiplier === 0.002 &&
      before?.context.attempt &&
      !before.matches({ open: "purchasing" })
    ) {
      expect(snapshot.context.attempt).toBeNull();
      expect(upgraded).toHaveLength(1);
    }
  });
});

describe("withdraw rewards dialog machine: generated paths", () => {
  const paths = suitePaths(withdrawEntry, withdrawEntry.suites[0]);
  const received = withdrawRewardsApp.received;
  it("reaches every state node and never holds non-numeric input", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(withdrawRewardsMachine).filter((id) => !reached.has(id))).toEqual([]);
    expect(paths.every((path) => path.state.context.amount !== "abc")).toBe(true);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    received.length = 0;
    const { snapshot, emitted, actorInputs } = await replayPath(
      withdrawRewardsMachine,
      path,
      withdrawModel,
      sameValue,
    );
    if (snapshot.matches("closed")) expect(snapshot.context.amount).toBe("");
    for (const { input } of actorInputs) {
      const amount = (input as { amount: number }).amount;
      expect(amount > 0 && amount <= 2.25).toBe(true);
    }
    const types = path.steps.map((step) => step.event.type);
    if (types.includes("xstate.done.actor.withdraw")) {
      expect(emitted.map((event) => event.title)).toContain("Withdrawal successful!");
      expect(received).toContainEqual({
        type: "REWARDS.UPDATED",
        pointsMicro: 750_000,
        walletBalanceMicro: 1_500_000,
      });
    }
    if (types.includes("xstate.error.actor.withdraw"))
      expect(emitted.map((event) => event.title)).toContain("Insufficient balance");
  });
});
