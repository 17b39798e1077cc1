import { describe, expect, it } from "vitest";
import { createMachine } from "xstate";
import { click, notAGesture, type WalkPart } from "../../tests/model/gestures/actions.ts";
import type { ModelOptions } from "../../tests/model/path-runner.ts";
import type { MachineModel } from "./registry.ts";
import { simplePathsFollowed } from "./simple-paths-followed.ts";

// idle —GO→ open —BACK→ idle; idle —HIDE→ hidden; open —HIDE→ hidden.
const machine = createMachine({
  id: "door",
  initial: "idle",
  states: {
    idle: { on: { GO: "open", HIDE: "hidden" } },
    open: { on: { BACK: "idle", HIDE: "hidden" } },
    hidden: {},
  },
});
const options: ModelOptions<unknown> = {
  events: [{ type: "GO" }, { type: "BACK" }, { type: "HIDE" }],
  fakeActors: [],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
const model: MachineModel = {
  name: "door",
  file: "src/machines/door.machine.ts",
  machine,
  suites: [{ name: "door", options, paths: "shortest" }],
};
const part = (gestures: WalkPart["gestures"]): WalkPart => ({
  name: "the door",
  model: options,
  gestures,
  start: { url: "/door", account: "none" },
  atEnd: () => [],
});

describe("simple paths a browser can follow", () => {
  it("counts the main model's simple paths one walk part drives, and why the others are left out", () => {
    const walk = {
      machine: "door",
      parts: [
        part({
          GO: () => [click({ role: "button", name: "Open" })],
          BACK: () => [click({ role: "button", name: "Back" })],
          HIDE: notAGesture("no button hides the door"),
        }),
      ],
    };
    // Simple paths: (idle), GO, GO → HIDE, HIDE; BACK would pass idle twice.
    expect(simplePathsFollowed(model, walk)).toEqual({
      followed: 2,
      total: 4,
      leftOutBy: [{ reason: "HIDE: no button hides the door", paths: 2 }],
    });
  });

  it("counts a path as followed when a later part drives it", () => {
    const walk = {
      machine: "door",
      parts: [
        part({ GO: () => [click({ role: "button", name: "Open" })], HIDE: notAGesture("not here") }),
        part({ HIDE: () => [click({ role: "button", name: "Hide" })], GO: notAGesture("not here") }),
      ],
    };
    const reach = simplePathsFollowed(model, walk);
    // GO → HIDE needs both gestures in one part: neither has them.
    expect(reach.followed).toBe(3);
    expect(reach.leftOutBy).toEqual([{ reason: "HIDE: not here", paths: 1 }]);
  });

  it("follows nothing for a walk whose parts are all left out of the export", () => {
    const walk = { machine: "door", parts: [{ ...part({}), notExported: "the door is a drawing" }] };
    expect(simplePathsFollowed(model, walk)).toMatchObject({
      followed: 0,
      total: 4,
      leftOutBy: [{ reason: "the walk exports no part", paths: 4 }],
    });
  });
});
