import { describe, expect, it } from "vitest";
import { SIGNAL_IDS } from "#contracts/fair-play-rules.ts";
import { DEFAULT_REVIEW_SCORE, DEFAULT_SIGNAL_WEIGHTS, scoreOf, statusFor } from "./score.ts";

describe("score", () => {
  it("has a default weight for every signal", () => {
    expect(Object.keys(DEFAULT_SIGNAL_WEIGHTS).sort()).toEqual([...SIGNAL_IDS].sort());
    expect(DEFAULT_SIGNAL_WEIGHTS).toMatchObject({
      "cap-rate": 30,
      "regular-cadence": 40,
      "fresh-withdrawal": 20,
    });
  });

  it("adds the weights of distinct signals: one raised twice counts once", () => {
    expect(scoreOf([], DEFAULT_SIGNAL_WEIGHTS)).toBe(0);
    expect(scoreOf([{ id: "cap-rate" }, { id: "no-timing" }], DEFAULT_SIGNAL_WEIGHTS)).toBe(40);
    expect(scoreOf([{ id: "cap-rate" }, { id: "cap-rate" }], DEFAULT_SIGNAL_WEIGHTS)).toBe(30);
    expect(scoreOf([{ id: "cap-rate" }], { ...DEFAULT_SIGNAL_WEIGHTS, "cap-rate": 7 })).toBe(7);
  });
});

describe("status", () => {
  const rules = { reviewScore: 50, freezeScore: 0 };

  it("puts an account in review from the review score on, not below it", () => {
    expect(statusFor(50, { ...rules, current: "ok" })).toBe("review");
    expect(statusFor(49, { ...rules, current: "ok" })).toBe("ok");
  });

  it("freezes only when a freeze score is set and reached", () => {
    expect(statusFor(1_000, { ...rules, current: "ok" })).toBe("review");
    expect(statusFor(80, { reviewScore: 50, freezeScore: 80, current: "review" })).toBe("frozen");
    expect(statusFor(79, { reviewScore: 50, freezeScore: 80, current: "review" })).toBe("review");
  });

  it("never lowers a status: frozen, banned and review stay as they are at a lower score", () => {
    expect(statusFor(0, { ...rules, current: "frozen" })).toBe("frozen");
    expect(statusFor(0, { ...rules, current: "banned" })).toBe("banned");
    expect(statusFor(0, { ...rules, current: "review" })).toBe("review");
    expect(statusFor(500, { reviewScore: 50, freezeScore: 80, current: "banned" })).toBe("banned");
  });

  it("never bans: the highest a score reaches is frozen", () => {
    const statuses = [0, 30, 60, 1_000].map((score) =>
      statusFor(score, { reviewScore: 30, freezeScore: 60, current: "ok" }),
    );
    expect(statuses).toEqual(["ok", "review", "frozen", "frozen"]);
  });

  it("holds an account on one strong signal at the default review score", () => {
    const oneStrong = scoreOf([{ id: "round-the-clock" }], DEFAULT_SIGNAL_WEIGHTS);
    const twoWeak = scoreOf([{ id: "no-timing" }, { id: "fresh-withdrawal" }], DEFAULT_SIGNAL_WEIGHTS);
    const oneWeak = scoreOf([{ id: "fresh-withdrawal" }], DEFAULT_SIGNAL_WEIGHTS);
    const at = (score: number) =>
      statusFor(score, { reviewScore: DEFAULT_REVIEW_SCORE, freezeScore: 0, current: "ok" });
    expect([at(oneStrong), at(twoWeak), at(oneWeak)]).toEqual(["review", "review", "ok"]);
  });

  it("refuses a review score below 1 and a negative freeze score", () => {
    expect(() => statusFor(10, { reviewScore: 0, freezeScore: 0, current: "ok" })).toThrow(RangeError);
    expect(() => statusFor(10, { reviewScore: 50, freezeScore: -1, current: "ok" })).toThrow(RangeError);
  });
});
