import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { walletHistoryMachine } from "#src/machines/wallet/wallet-history.machine.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const row = (id: string) => ({
  id,
  type: "deposit",
  amount: 1,
  description: "Rewards withdrawal",
  timestamp: "2026-11-22T08:00:00.000Z",
  status: "completed",
});
const model: ModelOptions<undefined> = {
  fakeActors: ["loadPage"],
  events: (snapshot) => [
    { type: "RELOAD" },
    { type: "MORE" },
    snapshot.matches("loading")
      ? { type: "xstate.done.actor.loadPage", output: { transactions: [row("a")], nextCursor: "c1" } }
      : { type: "xstate.done.actor.loadPage", output: { transactions: [row("b")], nextCursor: null } },
    { type: "xstate.error.actor.loadPage", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
    { type: "xstate.error.actor.loadPage", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.transactions.length, snapshot.context.nextCursor]),
};
const paths = generatePaths(walletHistoryMachine, model);

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
    const failures = path.steps.filter((step) => step.event.type.startsWith("xstate.error")).length;
    expect(emitted.filter((event) => event.title === "Failed to fetch transactions")).toHaveLength(failures);
    // A next page is asked for with the cursor of the page before it.
    for (const { input } of actorInputs.slice(1))
      expect([null, "c1"]).toContain((input as { cursor: string | null }).cursor);
    expect(
      snapshot.context.transactions.map((transaction: { id: string }) => transaction.id).join(""),
    ).toMatch(/^(a|ab)?$/);
  });
});
