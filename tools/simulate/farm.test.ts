import { describe, expect, it } from "vitest";
import { SIGNAL_IDS } from "#contracts/fair-play-rules.ts";
import { runSimulateCli } from "./cli.ts";
import { buildPopulation } from "./population.ts";
import { seededRandom } from "./prng.ts";

const SMALL = ["--people", "300", "--bots", "80", "--days", "3"];

function json(args: string[]) {
  const { output, exitCode } = runSimulateCli(["farm", "--json", ...args]);
  expect(exitCode).toBe(0);
  return { output, result: JSON.parse(output) };
}

describe("npm run simulate -- farm", () => {
  it("prints one JSON object of exactly the contract's shape, shares within 0..1", () => {
    const { output, result } = json(["--seed", "5", ...SMALL]);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(Object.keys(result)).toEqual([
      "seed",
      "days",
      "population",
      "signals",
      "botUsdtEarned",
      "botUsdtOutWithoutReview",
      "peopleHeldShare",
    ]);
    expect(result.seed).toBe(5);
    expect(result.days).toBe(3);
    expect(result.population).toEqual({ bots: 80, people: 300 });
    expect(result.signals.map((signal: { id: string }) => signal.id)).toEqual([...SIGNAL_IDS]);
    for (const signal of result.signals) {
      expect(Object.keys(signal)).toEqual(["id", "precision", "recall"]);
      for (const share of [signal.precision, signal.recall]) {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
      }
    }
    expect(result.botUsdtEarned).toBeGreaterThan(0);
    expect(result.peopleHeldShare).toBeGreaterThanOrEqual(0);
    expect(result.peopleHeldShare).toBeLessThanOrEqual(1);
  });

  it("gives the same figures for the same seed, and others for another", () => {
    const first = json(["--seed", "9", ...SMALL]).output;
    expect(json(["--seed", "9", ...SMALL]).output).toBe(first);
    expect(json(["--seed", "10", ...SMALL]).output).not.toBe(first);
  });

  it("lets no bot USDT out without review and holds under 1 % of people, with the default settings", () => {
    const { result } = json([]);
    expect(result).toMatchObject({ seed: 1, days: 7, population: { bots: 300, people: 2_000 } });
    expect(result.botUsdtEarned).toBeGreaterThan(100_000);
    expect(result.botUsdtOutWithoutReview).toBe(0);
    expect(result.peopleHeldShare).toBeLessThan(0.01);
  }, 120_000);

  it("prints a table for people", () => {
    const { output, exitCode } = runSimulateCli(["farm", ...SMALL]);
    expect(exitCode).toBe(0);
    expect(output).toContain("Farm simulation: seed 1, 3 days, 300 people and 80 bots");
    expect(output).toMatch(/\| cap-rate +\| \d+/);
    expect(output).toContain("botUsdtOutWithoutReview");
  });

  it("answers a wrong command line with the usage and exit code 2", () => {
    for (const args of [[], ["farms"], ["farm", "--seed"], ["farm", "--days", "0"], ["farm", "--what"]]) {
      const { output, exitCode } = runSimulateCli(args);
      expect(exitCode).toBe(2);
      expect(output).toContain("usage: npm run simulate -- farm");
    }
  });
});

describe("the population", () => {
  it("has the people and bots asked for, every bot kind, and sign-up bursts of more than 10 from one network", () => {
    const accounts = buildPopulation(seededRandom(3), { people: 2_000, bots: 300, days: 7 });
    expect(accounts.filter((account) => !account.bot)).toHaveLength(2_000);
    expect(accounts.filter((account) => account.bot)).toHaveLength(300);
    const kinds = new Set(accounts.map((account) => account.kind));
    expect([...kinds].sort()).toEqual([
      "jittered",
      "metronome",
      "person",
      "referral-friend",
      "referral-referrer",
      "round-the-clock",
      "signup-burst",
    ]);
    const burstSizes = new Map<string, number>();
    for (const account of accounts.filter((bot) => bot.kind === "signup-burst")) {
      burstSizes.set(account.network, (burstSizes.get(account.network) ?? 0) + 1);
    }
    expect(Math.min(...burstSizes.values())).toBeGreaterThan(10);
    const friends = accounts.filter((account) => account.kind === "referral-friend");
    expect(friends.every((friend) => accounts[friend.referrer ?? -1]?.kind === "referral-referrer")).toBe(
      true,
    );
  });
});
