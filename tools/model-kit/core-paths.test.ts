import { describe, expect, it } from "vitest";
import { tapsWalk } from "../../tests/model/gestures/taps.gestures.ts";
import { findModel } from "../../tests/model/models/index.ts";
import { coreSelection, transitionsTaken } from "./core-paths.ts";
import { exportedJobs } from "./playwright-export.ts";

describe("the core paths npm test runs", () => {
  it("chooses the fewest paths greedily: every transition of the set, none twice without need", () => {
    expect([...coreSelection([["a", "b"], ["b", "c"], ["a", "b", "c"], ["d"]])].sort()).toEqual([2, 3]);
    expect(coreSelection([])).toEqual(new Set());
    expect(coreSelection([["a"], ["a"]])).toEqual(new Set([0]));
  });

  it("the taps spec's core takes every transition its exported paths take, with far fewer tests", () => {
    const paths = exportedJobs(findModel("taps"), tapsWalk).map((job) => job.path);
    const taken = paths.map(transitionsTaken);
    const core = coreSelection(taken);
    const all = new Set(taken.flat());
    const covered = new Set([...core].flatMap((index) => taken[index] ?? []));
    expect(all.size).toBeGreaterThan(5);
    expect(covered).toEqual(all);
    expect(core.size).toBeLessThan(paths.length / 4);
  });
});
