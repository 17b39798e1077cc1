import { describe, expect, it } from "vitest";
import { intervalStats } from "./signals.ts";
import { tallyMinute, timingSignalsToCheck } from "./tap-signals.ts";

const at = new Date("2026-11-26T14:03:10Z");
const even = (n: number) => Array.from({ length: n }, () => 50);
const uneven = (n: number) => Array.from({ length: n }, (_, i) => [40, 90, 60, 120][i % 4] as number);

describe("which tap signals a written batch asks to check", () => {
  it("asks for regular-cadence only for an even batch of 30 or more intervals", () => {
    const check = (intervals: number[]) =>
      timingSignalsToCheck({
        at,
        tapsClaimed: intervals.length,
        tapsCredited: intervals.length,
        timing: intervalStats(intervals),
      });
    expect(check(even(30))).toEqual(["regular-cadence"]);
    expect(check(even(29))).toEqual([]);
    expect(check(uneven(200))).toEqual([]);
  });

  it("asks for no-timing only for 20 or more taps without intervals", () => {
    expect(timingSignalsToCheck({ at, tapsClaimed: 20, tapsCredited: 20, timing: null })).toEqual([
      "no-timing",
    ]);
    expect(timingSignalsToCheck({ at, tapsClaimed: 19, tapsCredited: 19, timing: null })).toEqual([]);
  });

  it("asks for cap-rate once a minute, when the batch takes the minute to 90 % of the cap (1 080 of 1 200)", () => {
    let { tally, reachedCap } = tallyMinute(undefined, { at, tapsCredited: 1_000 });
    expect([tally, reachedCap]).toEqual([{ minute: Math.floor(at.getTime() / 60_000), taps: 1_000 }, false]);
    ({ tally, reachedCap } = tallyMinute(tally, { at, tapsCredited: 80 }));
    expect([tally.taps, reachedCap]).toEqual([1_080, true]);
    ({ tally, reachedCap } = tallyMinute(tally, { at, tapsCredited: 100 }));
    expect([tally.taps, reachedCap]).toEqual([1_180, false]);
    // The next minute starts again from zero.
    const next = new Date(at.getTime() + 60_000);
    ({ tally, reachedCap } = tallyMinute(tally, { at: next, tapsCredited: 500 }));
    expect([tally.taps, reachedCap]).toEqual([500, false]);
  });
});
