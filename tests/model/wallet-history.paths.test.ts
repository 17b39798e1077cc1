import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { walletHistoryMachine } from "#src/machines/wallet/wallet-history.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { walletHistory as model, walletHistoryModel } from "./models/wallet-history.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const paths = suitePaths(walletHistoryModel, walletHistoryModel.suites[0]);

describe("wallet history machine: generated paths", () => {
  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(walletHistoryMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, emitted, actorInputs } = await replayPath(
      walletHistoryMachine,
      path,
      model,
      (expected: AnyMachineSnapshot, actual) => {
        expect(actual.value).toEqual(expected.value);
        expect(actual.context.transactions).toEqual(expected.context.transactions);
      },
    );
    // A failed load or next page is told; a failed background refresh is not.
    const failures = path.steps.filter(
      (step, index) =>
        step.event.type.startsWith("xstate.error") && !path.steps[index - 1]?.state.matches("refreshing"),
    ).length;
    expect(emitted.filter((event) => event.title === "Failed to fetch transactions")).toHaveLength(failures);
    // The poll runs only while something is pending.
    for (const [index, step] of path.steps.entries()) {
      if (!step.event.type.startsWith("xstate.after")) continue;
      const before = path.steps[index - 1]?.state.context.transactions as { status: string }[];
      expect(before.some((t) => t.status === "pending")).toBe(true);
      // …and only while the live stream is down (while it is up, pushed movements refresh instead).
      expect(path.steps[index - 1]?.state.context.streamUp).toBe(false);
    }
    // A next page is asked for with the cursor of the page before it.
    for (const { input } of actorInputs.slice(1))
      expect([null, "c1"]).toContain((input as { cursor: string | null }).cursor);
    expect(
      snapshot.context.transactions.map((transaction: { id: string }) => transaction.id).join(""),
    ).toMatch(/^(a|ab)?$/);
    // A refresh never moves the cursor: it points past the last row shown.
    expect(snapshot.context.nextCursor).not.toBe("c-other");
  });
});
