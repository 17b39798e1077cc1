import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../../tools/simulate/prng.ts";
import { DAY_MS, personBatches } from "../../../../tools/simulate/traces.ts";
import { type CadenceBatch, intervalStats, noTiming, regularCadence, type TimingBatch } from "./cadence.ts";

const START = Date.parse("2026-11-26T14:03:00Z");
const minute = (index: number) => new Date(START + index * 60_000);

/** The same figures, the slow way: mean, then population standard deviation / mean. */
function twoPassStats(intervals: number[]) {
  const mean = intervals.reduce((sum, value) => sum + value, 0) / intervals.length;
  const variance = intervals.reduce((sum, value) => sum + (value - mean) ** 2, 0) / intervals.length;
  return { mean, cv: Math.sqrt(variance) / mean };
}

describe("intervalStats", () => {
  it("gives count, mean and coefficient of variation in one pass", () => {
    expect(intervalStats([100, 100, 100])).toEqual({ count: 3, mean: 100, cv: 0 });
    const stats = intervalStats([90, 110]);
    expect(stats.count).toBe(2);
    expect(stats.mean).toBe(100);
    expect(stats.cv).toBeCloseTo(0.1, 12);
  });

  it("matches the two-pass figures on a person's real batches", () => {
    const batches = personBatches(seededRandom(7), 1).filter((batch) => (batch.intervals?.length ?? 0) >= 2);
    expect(batches.length).toBeGreaterThan(10);
    for (const batch of batches) {
      const intervals = batch.intervals as number[];
      const expected = twoPassStats(intervals);
      const stats = intervalStats(intervals);
      expect(stats.count).toBe(intervals.length);
      expect(stats.mean).toBeCloseTo(expected.mean, 9);
      expect(stats.cv).toBeCloseTo(expected.cv, 9);
    }
  });

  it("has no variation to give for fewer than two intervals, and 0 when every interval is 0", () => {
    expect(intervalStats([])).toEqual({ count: 0, mean: 0, cv: null });
    expect(intervalStats([120])).toEqual({ count: 1, mean: 120, cv: null });
    expect(intervalStats([0, 0, 0])).toEqual({ count: 3, mean: 0, cv: 0 });
  });
});

describe("regular-cadence", () => {
  const even = (index: number, count = 30, cv: number | null = 0.049): CadenceBatch => ({
    at: minute(index),
    count,
    cv,
  });

  it("is raised by three batches of 30 intervals varying under 5 %, and says by how much", () => {
    const signal = regularCadence([even(0, 30, 0.012), even(1, 120, 0.008), even(2, 30, 0.049)]);
    expect(signal).toEqual({
      id: "regular-cadence",
      evidence:
        "3 batches of 30 or more taps spaced almost evenly (the last three vary by 1.2 %, 0.8 %, 4.9 %; people " +
        "vary by 20 % and more), the last at 14:05 UTC on 2026-11-26",
    });
  });

  it("says how fast the timer ran when the mean is kept", () => {
    const batches = [0, 1, 2].map((index) => ({ ...even(index, 120, 0.01), mean: 50 }));
    expect(regularCadence(batches)?.evidence).toContain("one tap every 50, 50, 50 ms");
  });

  it("is not raised by a batch of 29 intervals, a variation of 0.051, a batch without one, or two batches", () => {
    expect(regularCadence([even(0), even(1), even(2, 29)])).toBeNull();
    expect(regularCadence([even(0), even(1), even(2, 30, 0.051)])).toBeNull();
    expect(regularCadence([even(0), even(1), even(2, 30, null)])).toBeNull();
    expect(regularCadence([even(0), even(1)])).toBeNull();
  });

  it("counts even batches among uneven ones", () => {
    const mixed = [even(0), even(1, 30, 0.3), even(2), even(3, 30, 0.25), even(4)];
    expect(regularCadence(mixed)?.evidence).toMatch(/^3 batches/);
  });

  it("is not raised by seeded people's batches over a week", () => {
    let judged = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const summaries = personBatches(seededRandom(seed), 7).map((batch): CadenceBatch => {
        const stats = intervalStats(batch.intervals ?? []);
        return { at: new Date(batch.atMs), count: stats.count, cv: stats.cv };
      });
      judged += summaries.filter((summary) => summary.count >= 30).length;
      expect(regularCadence(summaries)).toBeNull();
    }
    // Long enough batches to be judged, not only slow tappers' short ones.
    expect(judged).toBeGreaterThan(1_000);
  });
});

describe("no-timing", () => {
  const now = new Date(START + DAY_MS);
  const untimed = (agoMs: number, taps = 20): TimingBatch => ({
    at: new Date(now.getTime() - agoMs),
    taps,
    hadIntervals: false,
  });
  const tenWithin = (last: TimingBatch) => [
    ...Array.from({ length: 9 }, (_, index) => untimed(index * 60_000)),
    last,
  ];

  it("is raised by ten batches of 20 taps without intervals within 24 hours, and says since when", () => {
    const signal = noTiming({ batches: tenWithin(untimed((23 * 60 + 59) * 60_000)), now });
    expect(signal).toEqual({
      id: "no-timing",
      evidence:
        "10 batches of 20 or more taps came without tap timing in the 24 hours before 14:03 UTC on 2026-11-27, " +
        "the first at 14:04 UTC on 2026-11-26 (our app always sends it; the rule: 10 batches)",
    });
  });

  it("is not raised when the tenth is 24 h 01 min old, has 19 taps, or had intervals, nor by nine", () => {
    expect(noTiming({ batches: tenWithin(untimed((24 * 60 + 1) * 60_000)), now })).toBeNull();
    expect(noTiming({ batches: tenWithin(untimed(30 * 60_000, 19)), now })).toBeNull();
    expect(noTiming({ batches: tenWithin({ ...untimed(30 * 60_000), hadIntervals: true }), now })).toBeNull();
    expect(noTiming({ batches: tenWithin(untimed(0)).slice(1), now })).toBeNull();
  });

  it("does not count batches after `now`", () => {
    expect(noTiming({ batches: tenWithin(untimed(-60_000)), now })).toBeNull();
  });

  it("is not raised by seeded people, whose app always sends the timing", () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const batches = personBatches(seededRandom(seed), 2).map((batch) => ({
        at: new Date(batch.atMs),
        taps: batch.taps,
        hadIntervals: batch.intervals !== null,
      }));
      expect(noTiming({ batches, now: new Date(2 * DAY_MS) })).toBeNull();
    }
  });
});
