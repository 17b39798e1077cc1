/**
 * Timers on a real clock: which orders of a path's timers a clock can give, and how the exported test moves
 * its clock (a wait before a step, a timer's step moving to that timer).
 */
import { describe, expect, it } from "vitest";
import { type AnyMachineSnapshot, getNextSnapshot, initialTransition, setup } from "xstate";
import { tapsWalk } from "../../tests/model/gestures/taps.gestures.ts";
import { findModel } from "../../tests/model/models/index.ts";
import { generateTransitionPaths, type ModelOptions } from "../../tests/model/path-runner.ts";
import type { ModelPath } from "./paths.ts";
import { timersInRealOrder } from "./real-clock.ts";
import { chartOf } from "./registry.ts";
import { boundedSimplePaths } from "./simple-paths.ts";
import { judgePath } from "./walk-paths.ts";

/** Two timers a person starts: a 6 s one and a 30 s one. */
const twoTimers = setup({ delays: { SHORT: 6_000, LONG: 30_000 } }).createMachine({
  id: "two",
  type: "parallel",
  states: {
    long: {
      initial: "idle",
      states: { idle: { on: { START_LONG: "running" } }, running: { after: { LONG: "done" } }, done: {} },
    },
    short: {
      initial: "idle",
      states: { idle: { on: { START_SHORT: "running" } }, running: { after: { SHORT: "done" } }, done: {} },
    },
  },
});
const LONG_FIRES = { type: "xstate.after.LONG.two.long.running" };
const SHORT_FIRES = { type: "xstate.after.SHORT.two.short.running" };
const options: ModelOptions<unknown> = {
  input: undefined,
  fakeActors: [],
  events: [{ type: "START_LONG" }, { type: "START_SHORT" }, LONG_FIRES, SHORT_FIRES],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
const pathOf = (...events: Array<{ type: string }>): ModelPath["steps"] => {
  const [initial] = initialTransition(twoTimers) as unknown as [AnyMachineSnapshot];
  const steps: ModelPath["steps"] = [{ state: initial, event: { type: "xstate.init" } }];
  for (const event of events)
    steps.push({ event, state: getNextSnapshot(twoTimers, steps.at(-1)!.state, event) });
  return steps;
};

describe("the order of a path's timers on a real clock", () => {
  it("cannot fire a 30 s timer before a 6 s one started with it or before it", () => {
    expect(
      timersInRealOrder(
        twoTimers,
        options,
        pathOf({ type: "START_SHORT" }, { type: "START_LONG" }, LONG_FIRES),
      ),
    ).toBe(false);
  });
  it("fires the 30 s timer first when the person starts the 6 s one late enough", () => {
    expect(
      timersInRealOrder(
        twoTimers,
        options,
        pathOf({ type: "START_LONG" }, { type: "START_SHORT" }, LONG_FIRES),
      ),
    ).toBe(true);
    // ... but then the 6 s one cannot have fired before it.
    expect(
      timersInRealOrder(
        twoTimers,
        options,
        pathOf({ type: "START_LONG" }, { type: "START_SHORT" }, SHORT_FIRES, LONG_FIRES),
      ),
    ).toBe(true);
  });
  it("lists as simple paths only orders a clock can give", () => {
    const listed = boundedSimplePaths(twoTimers, options, 10).map((path) =>
      path.steps.slice(1).map((step) => step.event.type),
    );
    expect(listed).toContainEqual(["START_LONG", "START_SHORT", LONG_FIRES.type]);
    expect(listed).toContainEqual(["START_SHORT", "START_LONG", SHORT_FIRES.type]);
    expect(listed).not.toContainEqual(["START_SHORT", "START_LONG", LONG_FIRES.type]);
    expect(listed).not.toContainEqual(["START_SHORT", LONG_FIRES.type]);
  });
});

describe("how an exported test moves its clock", () => {
  const late = tapsWalk.parts.find((part) => part.name === "a late tap while the figures wait to reload")!;
  const chart = chartOf(findModel("taps"));
  const [path] = generateTransitionPaths(chart, late.model).filter(
    (candidate) => candidate.steps.at(-1)?.event.type === "xstate.done.actor.sendBatch",
  );

  it("waits before the tap, so the 30 s reload comes before the tap's 6 s debounce", () => {
    const judged = judgePath(late, path!, chart);
    expect(
      "steps" in judged && judged.steps.map(({ event, waitMs, clockMs }) => [event.type, waitMs, clockMs]),
    ).toEqual([
      ["xstate.error.actor.loadRewards", undefined, undefined],
      // The reload falls due 30 s after the failure: the tap comes 25 s after it, its debounce at 31 s.
      ["TAP", 25_000, undefined],
      ["xstate.after.RELOAD_DELAY.taps.ready.figures.stale", undefined, 5_000],
      ["xstate.done.actor.loadRewards", undefined, undefined],
      ["xstate.after.SYNC_DELAY.taps.ready.debounce.waiting", undefined, 6_000],
      ["xstate.done.actor.sendBatch", undefined, undefined],
    ]);
  });
  it("leaves the path out when no wait helps: the 30 s deadline starts with the tap's 6 s debounce", () => {
    const failure = {
      type: "xstate.error.actor.loadRewards",
      error: { code: "NETWORK_ERROR", message: "offline", status: 0 },
    };
    const deadline = { type: "xstate.after.MAX_SYNC_DELAY.taps.ready.deadline.armed" };
    const [initial] = initialTransition(chart, late.model.input) as unknown as [AnyMachineSnapshot];
    const steps: ModelPath["steps"] = [{ state: initial, event: { type: "xstate.init" } }];
    for (const event of [failure, { type: "TAP" }, deadline])
      steps.push({ event, state: getNextSnapshot(chart, steps.at(-1)!.state, event) });
    expect(judgePath(late, { state: steps.at(-1)!.state, steps, weight: steps.length - 1 }, chart)).toEqual({
      skip: "the MAX_SYNC_DELAY timer, here: on a real clock another timer fires first (the model offers timers in any order)",
    });
  });
});
