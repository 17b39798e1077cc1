import { describe, expect, it } from "vitest";
import { formatMultiplier, formatRewards, formatWallet } from "./format.ts";

describe("money formats", () => {
  it("shows the wallet with 2 decimals and never rounds a balance up", () => {
    expect(formatWallet(105.065)).toBe("105.06");
    expect(formatWallet(0.999999)).toBe("0.99");
    expect(formatWallet(12)).toBe("12.00");
    expect(formatWallet(100_000)).toBe("100,000.00");
  });

  it("cuts floats at the decimal they stand for, not at their binary error", () => {
    // 4.35 is stored as 4.3499999999999996…; cutting that would show 4.34.
    expect(formatWallet(4.35)).toBe("4.35");
    expect(formatWallet(4_350_000 / 1_000_000)).toBe("4.35");
    expect(formatWallet(0.1 + 0.2)).toBe("0.30");
  });

  it("shows rewards with 4 decimals, cut", () => {
    expect(formatRewards(0.05)).toBe("0.0500");
    expect(formatRewards(100.065)).toBe("100.0650");
    expect(formatRewards(0.123456)).toBe("0.1234");
    expect(formatRewards(1e-6)).toBe("0.0000");
    expect(formatRewards(1234.5)).toBe("1,234.5000");
  });

  it("shows multipliers as Nx with the decimals they have", () => {
    expect(formatMultiplier(0.001)).toBe("0.001x");
    expect(formatMultiplier(2)).toBe("2x");
    expect(formatMultiplier(0.1 + 0.2)).toBe("0.3x");
  });
});
