import { describe, expect, it } from "vitest";
import { chains, comboOf, completedRuns, completesRun, nextCombo } from "./combo.ts";

const run = (taps: number, gap: number) => [0, ...Array.from({ length: taps - 1 }, () => gap)];

describe("the combo rule", () => {
  it("chains a gap of 40 ms but not 39 ms", () => {
    expect(chains(40)).toBe(true);
    expect(chains(39)).toBe(false);
    expect(comboOf(run(50, 40))).toBe(50);
    expect(comboOf(run(50, 39))).toBe(1);
  });

  it("chains a gap of 999 ms but not 1 000 ms", () => {
    expect(chains(999)).toBe(true);
    expect(chains(1_000)).toBe(false);
    expect(comboOf(run(50, 999))).toBe(50);
    expect(comboOf(run(50, 1_000))).toBe(1);
  });

  it("completes a run at 50 taps, not 49, and again at 100", () => {
    expect(completesRun(comboOf(run(49, 60)))).toBe(false);
    expect(completesRun(comboOf(run(50, 60)))).toBe(true);
    expect(completesRun(comboOf(run(51, 60)))).toBe(false);
    expect(completesRun(comboOf(run(100, 60)))).toBe(true);
    expect(completedRuns(49)).toBe(0);
    expect(completedRuns(50)).toBe(1);
    expect(completedRuns(149)).toBe(2);
    expect(completesRun(0)).toBe(false);
  });

  it("starts again at 1 after a gap of a second or more", () => {
    expect(nextCombo(49, 1_000)).toBe(1);
    expect(nextCombo(49, 60_000)).toBe(1);
    expect(comboOf([...run(30, 60), 1_000, ...run(20, 60).slice(1)])).toBe(20);
  });

  it("starts a chain with the first tap, whatever its interval", () => {
    expect(nextCombo(0, 0)).toBe(1);
    expect(nextCombo(0, 60)).toBe(1);
    expect(nextCombo(1, 60)).toBe(2);
  });

  it("breaks the chain on a tap too fast to be a finger", () => {
    expect(comboOf([...run(30, 60), 10, ...run(20, 60).slice(1)])).toBe(20);
  });
});
