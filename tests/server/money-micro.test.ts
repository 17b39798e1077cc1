/** The money boundary (contracts/micro.ts): exact at 6 decimals, judged on the decimal spelling. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { microFromDecimalText, microFromNumber, microToNumber, mulDivFloor } from "#contracts/micro.ts";
import { takeTaps } from "#server/domain/taps/token-bucket.ts";

describe("microFromNumber", () => {
  it.each([
    [0, 0],
    [1, 1_000_000],
    [0.001, 1000],
    [0.000001, 1],
    [1e-6, 1],
    [1.5e-5, 15],
    [12.345678, 12_345_678],
    [100_000, 100_000_000_000],
    [1_000_000_000, 1_000_000_000_000_000],
  ])("%d → %d micro", (value, micro) => {
    expect(microFromNumber(value)).toBe(micro);
  });

  it.each([
    ["7 decimals", 0.0000001],
    ["7 decimals, larger", 1.0000001],
    ["float noise", 0.1 + 0.2],
    ["negative", -1],
    ["negative zero's neighbour", -0.000001],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["NaN", Number.NaN],
    ["beyond safe integers", 1e21],
  ])("refuses %s", (_name, value) => {
    expect(microFromNumber(value)).toBeNull();
  });

  it("round-trips every micro amount up to 10^15 exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e15 }),
        (micro) => microFromNumber(microToNumber(micro)) === micro,
      ),
      { seed: 20_261_122, numRuns: 2000 },
    );
  });
});

describe("microFromDecimalText", () => {
  it("reads env-style spellings, trailing zeros included", () => {
    expect(microFromDecimalText("100000")).toBe(100_000_000_000);
    expect(microFromDecimalText("0.1234560")).toBe(123_456);
    expect(microFromDecimalText("2.50")).toBe(2_500_000);
    expect(microFromDecimalText("0.0000001")).toBeNull();
    expect(microFromDecimalText("-1")).toBeNull();
    expect(microFromDecimalText("1,5")).toBeNull();
    expect(microFromDecimalText("")).toBeNull();
  });
});

describe("mulDivFloor", () => {
  it("stays exact beyond 2^53 in the intermediate product", () => {
    expect(mulDivFloor(9_000_000_000_000, 1_000_000, 3_000_000)).toBe(3_000_000_000_000);
    expect(mulDivFloor(7, 1_000_000, 4_000_000)).toBe(1);
  });
});

describe("takeTaps (the tap budget)", () => {
  const start = new Date("2026-01-01T00:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);

  it("never grants more than 1 800 + 20 per elapsed second, however the claims are split", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ gapMs: fc.integer({ min: 0, max: 20_000 }), taps: fc.integer({ min: 1, max: 5000 }) }),
          {
            maxLength: 60,
          },
        ),
        (claims) => {
          let bucket = { milliTaps: 1_800_000, updatedAt: start };
          let elapsed = 0;
          let granted = 0;
          for (const claim of claims) {
            elapsed += claim.gapMs;
            const result = takeTaps(bucket, claim.taps, at(elapsed));
            bucket = result.bucket;
            granted += result.granted;
            if (result.granted > claim.taps || bucket.milliTaps < 0 || bucket.milliTaps > 1_800_000)
              return false;
          }
          return granted <= 1800 + Math.floor((elapsed * 20) / 1000);
        },
      ),
      { seed: 7, numRuns: 500 },
    );
  });

  it("does not refill when the clock goes backwards", () => {
    const result = takeTaps({ milliTaps: 0, updatedAt: at(10_000) }, 10, at(5_000));
    expect(result).toEqual({ granted: 0, bucket: { milliTaps: 0, updatedAt: at(10_000) } });
  });
});
