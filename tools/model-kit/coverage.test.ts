/**
 * The coverage arithmetic and its verdict on small machines whose answers are known by hand: a state no
 * event leads to is reported and fails the command; a guard seen only saying yes misses its "no".
 */

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMachine, setup } from "xstate";
import { runCli } from "./cli.ts";
import { coverageOf, measureCoverage } from "./coverage.ts";
import { shapeOf } from "./machine-shape.ts";
import type { MachineModel } from "./registry.ts";

/** A door: `locked` has no way in, and OPEN only rattles it unless it is unlatched. */
const door = setup({
  types: {} as {
    context: { latched: boolean };
    events: { type: "OPEN" } | { type: "CLOSE" } | { type: "UNLATCH" };
  },
  guards: { unlatched: ({ context }) => !context.latched },
}).createMachine({
  id: "door",
  context: { latched: true },
  initial: "closed",
  states: {
    closed: {
      on: {
        OPEN: [{ guard: "unlatched", target: "open" }, { actions: () => {} }],
        UNLATCH: { actions: () => {} },
      },
    },
    open: { on: { CLOSE: "closed" } },
    locked: {},
  },
});

const doorModel = (events: Array<{ type: string }>): MachineModel => ({
  name: "door",
  file: "tools/model-kit/coverage.test.ts",
  machine: door,
  // Every transition the model allows, so the rattle (the guard saying no) is walked too.
  suites: [
    {
      name: "door",
      options: { fakeActors: [], events, serializeState: (s) => JSON.stringify(s.value) },
      paths: "transitions",
    },
  ],
});

describe("coverage arithmetic", () => {
  it("counts what was reached against what the machine defines", () => {
    const shape = shapeOf(door);
    const result = coverageOf(shape, {
      stateIds: new Set(["door.closed"]),
      transitionKeys: new Set(["closed UNLATCH #0"]),
      guardOutcomes: new Map([["closed OPEN #0", new Set([false])]]),
    });
    expect(result.states).toEqual({ reached: 1, total: 3, missed: ["open", "locked"] });
    expect(result.transitions).toEqual({
      reached: 1,
      total: 4,
      missed: ["closed OPEN #0", "closed OPEN #1", "open CLOSE #0"],
    });
    expect(result.guardOutcomes).toEqual({
      reached: 1,
      total: 2,
      missed: ["closed OPEN #0 [unlatched] yes"],
    });
  });

  it("measures a replay: the latched door never opens, so `open`, `locked` and the guard's yes are missed", async () => {
    const result = await measureCoverage(doorModel([{ type: "OPEN" }, { type: "CLOSE" }]));
    expect(result.states.missed).toEqual(["open", "locked"]);
    expect(result.transitions.missed).toEqual(["closed OPEN #0", "closed UNLATCH #0", "open CLOSE #0"]);
    expect(result.transitions.reached).toBe(1); // the rattle
    expect(result.guardOutcomes.missed).toEqual(["closed OPEN #0 [unlatched] yes"]);
    expect(result.failures).toEqual([]);
  });

  it("counts the transitions a path takes, eventless ones too", async () => {
    const hop = createMachine({
      id: "hop",
      context: { n: 0 },
      initial: "a",
      states: {
        a: { on: { GO: "b" } },
        b: { always: [{ guard: ({ context }) => context.n > 0, target: "a" }, { target: "c" }] },
        c: {},
      },
    });
    const result = await measureCoverage({
      name: "hop",
      file: "tools/model-kit/coverage.test.ts",
      machine: hop,
      suites: [
        {
          name: "hop",
          options: {
            fakeActors: [],
            events: [{ type: "GO" }],
            serializeState: (s) => JSON.stringify(s.value),
          },
          paths: "shortest",
        },
      ],
    });
    // b is transient (its unguarded `always` leaves at once): it is no state to reach.
    expect(result.states).toEqual({ reached: 2, total: 2, missed: [] });
    expect(result.transitions.missed).toEqual(["b always #0"]);
    expect(result.guardOutcomes.missed).toEqual(["b always #0 [inline] yes"]);
  });
});

describe("npm run model -- coverage", () => {
  it("reports a state no path reaches and exits 1", async () => {
    const { output, exitCode } = await runCli(["coverage"], [doorModel([{ type: "OPEN" }])]);
    expect(exitCode).toBe(1);
    expect(output).toContain("door: states never reached: open, locked");
    expect(output).toMatch(/door\s+2\s+1\/3\s+33 %/);
    expect(output).toContain("FAILED");
  });

  const reachable = createMachine({
    id: "door",
    initial: "closed",
    states: { closed: { on: { OPEN: "open", KNOCK: {} } }, open: { on: { CLOSE: "closed" } } },
  });
  const allowing = (allowances: object) => {
    const file = join(mkdtempSync(join(tmpdir(), "allowances-")), "allowances.json");
    writeFileSync(file, JSON.stringify(allowances));
    return file;
  };

  it("exits 1 on a missed transition the allowances do not list, naming it", async () => {
    const model: MachineModel = { ...doorModel([{ type: "OPEN" }]), machine: reachable };
    const { output, exitCode } = await runCli(["coverage", "door", "--allowances", allowing({})], [model]);
    expect(exitCode).toBe(1);
    expect(output).toContain("transitions never taken:\n  closed KNOCK #0\n  open CLOSE #0");
    expect(output).toContain("door: the path tests miss the transition closed KNOCK #0");
    expect(output).toContain("FAILED: a gap is not in coverage-allowances.json");
  });

  it("passes once every state is reached and every gap is allowed with a reason; reports stale ones", async () => {
    const model: MachineModel = { ...doorModel([{ type: "OPEN" }]), machine: reachable };
    const file = allowing({
      door: {
        paths: {
          transitions: { "closed KNOCK #0": "knocking changes nothing", "open CLOSE #0": "not modelled" },
          guardOutcomes: { "closed OPEN #0 [locked] no": "an old guard" },
        },
      },
    });
    const { output, exitCode } = await runCli(["coverage", "door", "--allowances", file], [model]);
    expect(exitCode).toBe(0);
    expect(output).toContain("Every state of every machine is reached; every gap is allowed.");
    expect(output).toContain("door: the path tests reach the guard outcome closed OPEN #0 [locked] no now");
  });

  it("never allows a state the path tests miss", async () => {
    const file = allowing({ door: { paths: { states: { open: "no", locked: "no" } } } });
    const { exitCode } = await runCli(["coverage", "--allowances", file], [doorModel([{ type: "OPEN" }])]);
    expect(exitCode).toBe(1);
  });
});
