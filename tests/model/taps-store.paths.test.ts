/**
 * Generated paths through the taps store child: every state is reached and every transition the model allows
 * is walked on a running actor. On every path each other tab is waited for at most once, only with Web Locks,
 * and a wait ends when that tab is gone (its lock goes back to the browser) and not before.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { tapsStoreMachine } from "#src/machines/taps/taps-store.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { forgetLocks, locks, tapsStore as model, tapsStoreModel } from "./models/taps-store.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameState = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.awaited).toEqual(expected.context.awaited);
};

describe("taps store machine: generated paths", () => {
  const suite = tapsStoreModel.suites[0];
  const paths = suitePaths(tapsStoreModel, suite);
  it("reaches every state node", () => {
    const reached = new Set(
      suitePaths(tapsStoreModel, suite, "shortest").flatMap((path) => activeStateIds(path.state)),
    );
    expect(allStateIds(tapsStoreMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    forgetLocks();
    const { snapshot } = await replayPath(tapsStoreMachine, path, model, sameState);
    const types = path.steps.map((step) => step.event.type);
    const withLocks = path.steps.some(
      (step) => step.event.type === "TAB.NAMED" && (step.event as { withLocks?: boolean }).withLocks,
    );
    const seen = types.includes("TAB.SEEN");
    expect(locks.waits).toEqual(withLocks && seen ? ["other"] : []);
    // A wait ends once its tab is gone, and only then.
    const goneAfterSeen = seen && types.lastIndexOf("TAB.GONE") > types.indexOf("TAB.SEEN");
    expect(locks.ended).toEqual(withLocks && goneAfterSeen ? ["other"] : []);
    expect(snapshot.status).toBe("active");
  });
});
