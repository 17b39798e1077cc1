import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../../tools/simulate/prng.ts";
import { DAY_MS, personBatches } from "../../../../tools/simulate/traces.ts";
import { fullBucket, takeTaps } from "../../taps/token-bucket.ts";
import { type CreditedMinute, capRate, roundTheClock } from "./tap-rate.ts";

const START = Date.parse("2026-11-26T14:03:00Z");
const CAP = 1_200;

/** `count` consecutive minutes from 14:03 UTC, each crediting `taps` (or taps(i)). */
function minutes(count: number, taps: number | ((index: number) => number)): CreditedMinute[] {
  return Array.from({ length: count }, (_, index) => ({
    minuteStart: new Date(START + index * 60_000),
    taps: typeof taps === "number" ? taps : taps(index),
  }));
}

describe("cap-rate", () => {
  it("is raised by 20 minutes in a row at 90 % of the cap, and says what was credited when", () => {
    const signal = capRate({ minutes: minutes(20, 1_080), capPerMinute: CAP, capRateMinutes: 20 });
    expect(signal).toEqual({
      id: "cap-rate",
      evidence:
        "credited 1 080 taps a minute on average, 90 % of the cap of 1 200, for 20 minutes in a row from " +
        "14:03 UTC on 2026-11-26 (the rule: 20 minutes at 90 % or more)",
    });
  });

  it("reports the longest run, at its own average", () => {
    const run = [...minutes(25, 1_200), { minuteStart: new Date(START + 40 * 60_000), taps: 1_200 }];
    expect(capRate({ minutes: run, capPerMinute: CAP, capRateMinutes: 20 })?.evidence).toContain(
      "credited 1 200 taps a minute on average, 100 % of the cap of 1 200, for 25 minutes in a row",
    );
  });

  it("is not raised by 19 minutes, nor by 20 with one minute just under 90 %", () => {
    expect(capRate({ minutes: minutes(19, 1_200), capPerMinute: CAP, capRateMinutes: 20 })).toBeNull();
    const dip = minutes(20, (index) => (index === 10 ? 1_079 : 1_200));
    expect(capRate({ minutes: dip, capPerMinute: CAP, capRateMinutes: 20 })).toBeNull();
  });

  it("needs the minutes to follow each other: a missing minute breaks the run", () => {
    const withGap = minutes(21, 1_200).filter((_, index) => index !== 10);
    expect(capRate({ minutes: withGap, capPerMinute: CAP, capRateMinutes: 20 })).toBeNull();
  });

  it("reads minutes in any order", () => {
    const shuffled = minutes(20, 1_150).reverse();
    expect(capRate({ minutes: shuffled, capPerMinute: CAP, capRateMinutes: 20 })?.id).toBe("cap-rate");
  });

  it("follows the setting for the run's length", () => {
    expect(capRate({ minutes: minutes(5, 1_200), capPerMinute: CAP, capRateMinutes: 5 })?.id).toBe(
      "cap-rate",
    );
    expect(capRate({ minutes: minutes(4, 1_200), capPerMinute: CAP, capRateMinutes: 5 })).toBeNull();
  });

  it("refuses a run length or a cap below 1", () => {
    expect(() => capRate({ minutes: [], capPerMinute: CAP, capRateMinutes: 0 })).toThrow(RangeError);
    expect(() => capRate({ minutes: [], capPerMinute: 0, capRateMinutes: 20 })).toThrow(RangeError);
  });

  it("is not raised by seeded people tapping for a week, credited through the server's bucket", () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const credited = new Map<number, number>();
      let bucket = fullBucket(new Date(-DAY_MS));
      for (const batch of personBatches(seededRandom(seed), 7)) {
        const taken = takeTaps(bucket, batch.taps, new Date(batch.atMs));
        bucket = taken.bucket;
        const minute = Math.floor(batch.atMs / 60_000) * 60_000;
        credited.set(minute, (credited.get(minute) ?? 0) + taken.granted);
      }
      const perMinute = [...credited].map(([at, taps]) => ({ minuteStart: new Date(at), taps }));
      expect(perMinute.length).toBeGreaterThan(0);
      expect(capRate({ minutes: perMinute, capPerMinute: CAP, capRateMinutes: 20 })).toBeNull();
    }
  });
});

describe("round-the-clock", () => {
  const day = new Date("2026-11-26T17:30:00Z");
  const hours = (count: number) => Array.from({ length: count }, (_, hour) => hour);

  it("is raised by taps in 18 distinct hours of a UTC day, and names the quiet hours", () => {
    expect(roundTheClock({ hours: hours(18), day })).toEqual({
      id: "round-the-clock",
      evidence:
        "taps credited in 18 of the 24 hours of 2026-11-26 (UTC): all but 18:00, 19:00, 20:00, 21:00, 22:00, " +
        "23:00 (the rule: 18 hours or more)",
    });
    expect(roundTheClock({ hours: hours(24), day })?.evidence).toContain(
      "24 of the 24 hours of 2026-11-26 (UTC): every hour",
    );
  });

  it("is not raised by 17 hours, however many taps each has", () => {
    expect(roundTheClock({ hours: [...hours(17), ...hours(17), 3, 3], day })).toBeNull();
  });

  it("refuses an hour outside 0..23", () => {
    expect(() => roundTheClock({ hours: [...hours(17), 24], day })).toThrow(RangeError);
  });

  it("is not raised by seeded people on any day of their week", () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const hoursByDay = new Map<number, Set<number>>();
      for (const batch of personBatches(seededRandom(seed), 7)) {
        const dayIndex = Math.floor(batch.atMs / DAY_MS);
        const set = hoursByDay.get(dayIndex) ?? new Set<number>();
        set.add(Math.floor((batch.atMs - dayIndex * DAY_MS) / 3_600_000));
        hoursByDay.set(dayIndex, set);
      }
      for (const [dayIndex, set] of hoursByDay) {
        expect(roundTheClock({ hours: set, day: new Date(dayIndex * DAY_MS) })).toBeNull();
      }
    }
  });
});
