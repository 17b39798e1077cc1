/** The guard probe says what XState's own evaluation says, for every form of guard our machines use. */
import { describe, expect, it } from "vitest";
import { and, createActor, not, or, setup } from "xstate";
import { evaluateGuard, probeGuards } from "./guard-probe.ts";

const gate = setup({
  types: {} as { context: { open: boolean; count: number }; events: { type: "GO"; n: number } },
  guards: {
    isOpen: ({ context }) => context.open,
    atLeast: ({ event }, params: { min: number }) => event.n >= params.min,
    openAndBig: and(["isOpen", { type: "atLeast", params: { min: 10 } }]),
  },
}).createMachine({
  context: { open: true, count: 0 },
  initial: "waiting",
  states: {
    waiting: {
      on: {
        GO: [
          { guard: "openAndBig", target: "big" },
          { guard: or([not("isOpen"), ({ event }) => event.n < 0]), target: "refused" },
          { guard: { type: "atLeast", params: { min: 1 } }, target: "small" },
        ],
      },
    },
    big: {},
    refused: {},
    small: {},
  },
});

describe("guard probe", () => {
  const args = (open: boolean, n: number) => ({ context: { open, count: 0 }, event: { type: "GO", n } });

  it("evaluates named guards, params, inline guards and and/or/not", () => {
    expect(evaluateGuard("openAndBig", args(true, 10), gate)).toBe(true);
    expect(evaluateGuard("openAndBig", args(true, 9), gate)).toBe(false);
    expect(evaluateGuard({ type: "atLeast", params: { min: 1 } }, args(false, 1), gate)).toBe(true);
    const refused = or([not("isOpen"), ({ event }) => (event as unknown as { n: number }).n < 0]);
    expect(evaluateGuard(refused as never, args(true, -1), gate)).toBe(true);
    expect(evaluateGuard(refused as never, args(true, 1), gate)).toBe(false);
    expect(evaluateGuard(refused as never, args(false, 1), gate)).toBe(true);
  });

  it("records each guarded candidate's outcome while the machine behaves as before", () => {
    const outcomes: string[] = [];
    const probed = gate.provide({});
    probeGuards(probed, (key, outcome) => outcomes.push(`${key}: ${outcome}`));
    const actor = createActor(probed).start();
    actor.send({ type: "GO", n: 5 });
    expect(actor.getSnapshot().value).toBe("small");
    expect(outcomes).toEqual(["waiting GO #0: false", "waiting GO #1: false", "waiting GO #2: true"]);
  });
});
