/**
 * Generated paths of the Rewards area's machines (docs/design.md §3): boosters (app-lifetime; a stand-in root
 * records what it is told), the streak card, the achievements list, the
 * points history, the achievement news and the referral card. Every state is reached and every path replays on the real actor;
 * each replay is checked for what the user must see and what the server must be sent.
 */
import { describe, expect, it } from "vitest";
import { type AnyMachineSnapshot, createActor, createMachine, fromCallback } from "xstate";
import { achievementNewsMachine } from "#src/machines/economy/achievement-news.machine.ts";
import { achievementsMachine } from "#src/machines/economy/achievements.machine.ts";
import { boostersMachine } from "#src/machines/economy/boosters.machine.ts";
import {
  INSUFFICIENT_POINTS,
  PURCHASE_FAILED,
  PURCHASE_SUCCESSFUL,
} from "#src/machines/economy/boosters.rules.ts";
import { pointsHistoryMachine } from "#src/machines/economy/points-history.machine.ts";
import {
  COPY_FAILED,
  LINK_COPIED,
  referralMachine,
  SHARE_FAILED,
} from "#src/machines/economy/referral.machine.ts";
import { ALREADY_CLAIMED, CLAIM_FAILED, streakMachine } from "#src/machines/economy/streak.machine.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  generateTransitionPaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const T0 = Date.parse("2030-01-02T12:00:00.000Z");
const NETWORK = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const quiet = { liveEvents: fromCallback(() => {}) };
const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);
const reachesEveryState = (
  machine: Parameters<typeof allStateIds>[0],
  paths: Array<{ state: AnyMachineSnapshot }>,
) => {
  const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
  expect(allStateIds(machine).filter((id) => !reached.has(id))).toEqual([]);
};
const received: Array<{ type: string }> = [];
const app = createActor(
  createMachine({ on: { "*": { actions: ({ event }) => received.push(event) } } }),
).start();
let ids = 0;
const newId = () => `key-${++ids}`;
const titles = (emitted: Array<Record<string, unknown>>) => emitted.map((event) => event.title);

// ───────────────────────────── boosters ─────────────────────────────

const CATALOGUE = [{ id: "turbo-2x", name: "Turbo ×2", factor: 2, minutes: 10, pricePoints: 100 }];
const ENDS = new Date(T0 + 600_000).toISOString();
const boostersModel: ModelOptions<unknown> = {
  input: { app, now: () => T0, newId },
  fakeActors: ["loadBoosters", "purchaseBooster"],
  events: [
    { type: "PURCHASE", boosterId: "turbo-2x", points: 150 },
    { type: "PURCHASE", boosterId: "turbo-2x", points: 50 },
    { type: "RETRY" },
    { type: "STREAM.RESET" },
    { type: "BOOSTER.CHANGED", active: { id: "turbo-2x", factor: 2, endsAt: T0 + 600_000 } },
    { type: "BOOSTER.CHANGED", active: null },
    { type: "xstate.done.actor.loadBoosters", output: { catalogue: CATALOGUE, active: null } },
    { type: "xstate.error.actor.loadBoosters", error: NETWORK },
    {
      type: "xstate.done.actor.purchaseBooster",
      output: { active: { id: "turbo-2x", factor: 2, endsAt: ENDS }, points: 50 },
    },
    {
      type: "xstate.error.actor.purchaseBooster",
      error: { code: "INSUFFICIENT_POINTS", message: "Insufficient points", status: 409 },
    },
    { type: "xstate.error.actor.purchaseBooster", error: NETWORK },
    { type: "xstate.after.TICK.boosters.boost.active.counting" },
    { type: "xstate.after.GRACE.boosters.boost.grace" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.catalogue.length,
      snapshot.context.attempt !== null,
      snapshot.context.active?.endsAt ?? null,
    ]),
};

describe("boosters machine: generated paths", () => {
  const paths = generatePaths(boostersMachine, boostersModel);
  it("reaches every state node", () => reachesEveryState(boostersMachine, paths));
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    received.length = 0;
    const { snapshot, emitted, actorInputs } = await replayPath(
      boostersMachine,
      path,
      boostersModel,
      sameValue,
    );
    const toParent = received as Array<{ type: string; factor?: number }>;
    const steps = path.steps.map(
      (step) => step.event as { type: string; points?: number; error?: { code: string } },
    );
    // Every purchase that went out carried a key and was affordable; the server never heard of one that was not.
    for (const { src, input } of actorInputs)
      if (src === "purchaseBooster")
        expect(input).toMatchObject({ boosterId: "turbo-2x", idempotencyKey: /^key-/ });
    const cheapTries = steps.filter((step) => step.type === "PURCHASE" && step.points === 50).length;
    if (cheapTries > 0)
      expect(titles(emitted).filter((title) => title === INSUFFICIENT_POINTS).length).toBeGreaterThanOrEqual(
        cheapTries,
      );
    if (steps.some((step) => step.type === "xstate.done.actor.purchaseBooster")) {
      expect(titles(emitted)).toContain(PURCHASE_SUCCESSFUL);
      expect(toParent).toContainEqual({ type: "REWARDS.UPDATED", pointsMicro: 50_000_000 });
    }
    if (steps.some((step) => step.error?.code === "NETWORK_ERROR" && step.type.includes("purchase")))
      expect(titles(emitted)).toContain(PURCHASE_FAILED);
    // The taps actor always knows the factor of the booster that runs.
    const factors = toParent.filter((event) => event.type === "BOOST.FACTOR").map((event) => event.factor);
    if (snapshot.matches({ boost: "active" })) expect(factors.at(-1)).toBe(2);
    if (snapshot.matches({ boost: "none" }) && factors.length > 0) expect(factors.at(-1)).toBe(1);
  });
});

// ───────────────────────────── streak ─────────────────────────────

const STREAK = {
  current: 2,
  best: 4,
  claimedToday: false,
  nextReward: 3,
  freezes: 0,
  resetsAt: "2030-01-03T00:00:00.000Z",
};
const streakModel: ModelOptions<unknown> = {
  input: { app, newId, now: () => T0 },
  fakeActors: ["loadStreak", "claimStreak"],
  actors: quiet,
  events: [
    { type: "CLAIM" },
    { type: "RETRY" },
    { type: "STREAM.RESET" },
    { type: "xstate.done.actor.loadStreak", output: STREAK },
    { type: "xstate.done.actor.loadStreak", output: { ...STREAK, claimedToday: true } },
    { type: "xstate.error.actor.loadStreak", error: NETWORK },
    { type: "xstate.done.actor.claimStreak", output: { current: 3, best: 4, reward: 3, points: 10 } },
    {
      type: "xstate.error.actor.claimStreak",
      error: { code: "STREAK_ALREADY_CLAIMED", message: "Already claimed today", status: 409 },
    },
    { type: "xstate.error.actor.claimStreak", error: NETWORK },
    { type: "xstate.after.DAY_ENDS.streak.ready" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.attempt !== null, snapshot.context.claimError !== null]),
};

describe("streak machine: generated paths", () => {
  const paths = generatePaths(streakMachine, streakModel);
  it("reaches every state node", () => reachesEveryState(streakMachine, paths));
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    received.length = 0;
    const { snapshot, emitted, actorInputs } = await replayPath(streakMachine, path, streakModel, sameValue);
    const last = path.steps.at(-1)?.event as { type: string; error?: { code: string } } | undefined;
    if (last?.type === "xstate.done.actor.claimStreak") {
      expect(titles(emitted)).toContain("Day 3 streak: +3 points");
      expect(received).toContainEqual({ type: "REWARDS.UPDATED", pointsMicro: 10_000_000 });
      expect(snapshot.matches({ ready: "claimed" })).toBe(true);
    }
    if (last?.error?.code === "STREAK_ALREADY_CLAIMED") {
      expect(titles(emitted)).toContain(ALREADY_CLAIMED);
      expect(snapshot.matches({ ready: "claimed" })).toBe(true);
    }
    if (last?.type === "xstate.error.actor.claimStreak" && last.error?.code === "NETWORK_ERROR") {
      expect(titles(emitted)).toContain(CLAIM_FAILED);
      expect(snapshot.context.claimError).toMatch(/press Claim again/);
    }
    // Claims after a lost answer reuse its key; at most one key per run of lost answers.
    const claimKeys = actorInputs.filter((entry) => entry.src === "claimStreak").map((entry) => entry.input);
    for (const input of claimKeys) expect(input).toMatchObject({ idempotencyKey: /^key-/ });
  });
});

// ───────────────────────────── achievements ─────────────────────────────

const LIST = [
  {
    id: "first-tap",
    name: "First tap",
    description: "d",
    progress: 0,
    goal: 1,
    rewardPoints: 1,
    unlockedAt: null,
  },
];
const achievementsModel: ModelOptions<unknown> = {
  input: { app, now: () => T0 },
  fakeActors: ["loadAchievements"],
  actors: quiet,
  events: [
    { type: "RETRY" },
    { type: "STREAM.RESET" },
    { type: "xstate.done.actor.loadAchievements", output: LIST },
    { type: "xstate.error.actor.loadAchievements", error: NETWORK },
    { type: "ACHIEVEMENT.UNLOCKED", id: "first-tap", name: "First tap", rewardPoints: 1 },
    { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.achievements.map((item: { progress: number }) => item.progress),
    ]),
};

describe("achievements machine: generated paths", () => {
  const paths = generatePaths(achievementsMachine, achievementsModel);
  it("reaches every state node", () => reachesEveryState(achievementsMachine, paths));
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot } = await replayPath(achievementsMachine, path, achievementsModel, sameValue);
    const types = path.steps.map((step) => step.event.type);
    const loadedAt = types.lastIndexOf("xstate.done.actor.loadAchievements");
    const firstTap = snapshot.context.achievements.find((item: { id: string }) => item.id === "first-tap");
    if (snapshot.matches("ready") && types.slice(loadedAt).includes("ACHIEVEMENT.UNLOCKED"))
      expect(firstTap).toMatchObject({ progress: 1, unlockedAt: new Date(T0).toISOString() });
    if (snapshot.matches("ready") && types.slice(loadedAt).includes("POINTS.UPDATED"))
      expect(firstTap?.progress).toBe(1);
  });
});

// ───────────────────────────── points history ─────────────────────────────

const row = (id: string, factor: number) => ({
  id,
  points: 0.001 * factor,
  multiplier: 0.001,
  factor,
  timestamp: "2030-01-02T12:00:00.000Z",
});
const historyModel: ModelOptions<unknown> = {
  input: { app, userId: "u1" },
  fakeActors: ["loadHistoryPage"],
  actors: quiet,
  events: (snapshot) => [
    { type: "MORE" },
    { type: "RETRY" },
    { type: "STREAM.RESET" },
    { type: "POINTS.UPDATED", points: 1, totalTaps: 1, multiplier: 0.001 },
    {
      type: "xstate.done.actor.loadHistoryPage",
      output: snapshot.matches({ ready: "more" })
        ? { history: [row("b1", 1)], nextCursor: null }
        : { history: [row("b3", 2), row("b2", 1)], nextCursor: "2" },
    },
    { type: "xstate.error.actor.loadHistoryPage", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.rows.length,
      snapshot.context.nextCursor,
      snapshot.context.behind,
      snapshot.context.moreFailed,
    ]),
};

describe("points history machine: generated paths", () => {
  const paths = generatePaths(pointsHistoryMachine, historyModel);
  it("reaches every state node", () => reachesEveryState(pointsHistoryMachine, paths));
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, actorInputs } = await replayPath(pointsHistoryMachine, path, historyModel, sameValue);
    // A row is never shown twice, and every read is of this user.
    const rowIds = snapshot.context.rows.map((entry: { id: string }) => entry.id);
    expect(new Set(rowIds).size).toBe(rowIds.length);
    for (const { input } of actorInputs) expect(input).toMatchObject({ userId: "u1" });
  });
});

// ───────────────────────────── achievement news ─────────────────────────────

const newsModel: ModelOptions<unknown> = {
  input: { app },
  fakeActors: [],
  actors: quiet,
  events: [
    { type: "ACHIEVEMENT.UNLOCKED", id: "first-tap", name: "First tap", rewardPoints: 1 },
    { type: "ACHIEVEMENT.UNLOCKED", id: "taps-1k", name: "1,000 taps", rewardPoints: 5 },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.announced]),
};

describe("achievement news machine: generated paths", () => {
  const paths = generatePaths(achievementNewsMachine, newsModel, "simple");
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { emitted } = await replayPath(achievementNewsMachine, path, newsModel, sameValue);
    const unlocked = new Set(path.steps.map((step) => (step.event as { id?: string }).id).filter(Boolean));
    expect(emitted).toHaveLength(unlocked.size);
  });
});

// ───────────────────────────── referral card ─────────────────────────────

const REFERRALS = {
  code: "ab12cd34",
  link: "http://app.test/auth?mode=signup&ref=ab12cd34",
  invited: 0,
  earnedPoints: 0,
  earnedToday: 0,
  dailyCap: 1000,
  sharePercent: 10,
  friends: [],
};
const referralModel: ModelOptions<unknown> = {
  input: { app },
  fakeActors: ["loadReferrals", "copyText", "shareLink"],
  actors: quiet,
  events: [
    { type: "RETRY" },
    { type: "COPY" },
    { type: "SHARE" },
    { type: "STREAM.RESET" },
    { type: "STREAM.DOWN" },
    { type: "REFERRAL.UPDATED", invited: 1, earnedPoints: 0.5, earnedToday: 0.5 },
    { type: "xstate.done.actor.loadReferrals", output: REFERRALS },
    { type: "xstate.error.actor.loadReferrals", error: NETWORK },
    { type: "xstate.done.actor.copyText", output: undefined },
    { type: "xstate.error.actor.copyText", error: new Error("denied") },
    { type: "xstate.done.actor.shareLink", output: undefined },
    { type: "xstate.error.actor.shareLink", error: { name: "AbortError" } },
    { type: "xstate.error.actor.shareLink", error: { name: "NotAllowedError" } },
    { type: "xstate.after.REREAD_THROTTLE.referral.ready.figures.stale" },
    { type: "xstate.after.POLL.referral.ready.figures.fresh" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.missedNews, snapshot.context.streamUp]),
};

describe("referral machine: generated paths", () => {
  const paths = generateTransitionPaths(referralMachine, referralModel);
  it("reaches every state node", () => reachesEveryState(referralMachine, paths));
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, emitted, actorInputs } = await replayPath(
      referralMachine,
      path,
      referralModel,
      sameValue,
    );
    const events = path.steps.map((step) => step.event as { type: string; error?: { name?: string } });
    const last = events.at(-1);
    if (last?.type === "xstate.done.actor.copyText") expect(titles(emitted)).toEqual([LINK_COPIED]);
    if (last?.type === "xstate.error.actor.copyText") expect(titles(emitted)).toEqual([COPY_FAILED]);
    if (last?.type === "xstate.error.actor.shareLink") {
      // Closing the share sheet is the user's choice, not a failure.
      expect(titles(emitted)).toEqual(last.error?.name === "AbortError" ? [] : [SHARE_FAILED]);
    }
    // Copy and Share hand over the link the server gave, never an empty one.
    for (const { src, input } of actorInputs) {
      if (src === "copyText") expect(input).toEqual({ text: REFERRALS.link });
      if (src === "shareLink") expect(input).toMatchObject({ url: REFERRALS.link });
    }
    // Pushed figures show at once, until a read answers.
    if (last?.type === "REFERRAL.UPDATED" && snapshot.context.referrals) {
      expect(snapshot.context.referrals).toMatchObject({ invited: 1, earnedPoints: 0.5, earnedToday: 0.5 });
    }
  });
});
