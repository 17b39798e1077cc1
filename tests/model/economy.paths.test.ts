/**
 * Generated paths of the Rewards area's machines (docs/design.md §3): boosters (app-lifetime; a stand-in root
 * records what it is told), the streak card, the achievements list, the
 * points history, the achievement news and the referral card. Every state is reached and every path replays on the real actor;
 * each replay is checked for what the user must see and what the server must be sent.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import {
  INSUFFICIENT_POINTS,
  PURCHASE_FAILED,
  PURCHASE_SUCCESSFUL,
} from "#src/machines/economy/boosters.rules.ts";
import { COPY_FAILED, LINK_COPIED, SHARE_FAILED } from "#src/machines/economy/referral.machine.ts";
import { ALREADY_CLAIMED, CLAIM_FAILED } from "#src/machines/economy/streak.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import type { MachineModel } from "../../tools/model-kit/registry.ts";
import { achievementNewsModel } from "./models/achievement-news.model.ts";
import { achievementsModel, T0 } from "./models/achievements.model.ts";
import { boostersApp, boostersModel } from "./models/boosters.model.ts";
import { pointsHistoryModel } from "./models/points-history.model.ts";
import { REFERRALS, referralModel } from "./models/referral.model.ts";
import { streakApp, streakModel } from "./models/streak.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);
/** The main suite's paths, and a test that they reach every state of the machine. */
const mainPaths = (model: MachineModel) => {
  const paths = suitePaths(model, model.suites[0]);
  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(model.machine).filter((id) => !reached.has(id))).toEqual([]);
  });
  return paths;
};
const titles = (emitted: Array<Record<string, unknown>>) => emitted.map((event) => event.title);

// ───────────────────────────── boosters ─────────────────────────────

describe("boosters machine: generated paths", () => {
  const paths = mainPaths(boostersModel);
  const received = boostersApp.received;
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    received.length = 0;
    const { snapshot, emitted, actorInputs } = await replayPath(
      boostersModel.machine,
      path,
      boostersModel.suites[0].options,
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

describe("streak machine: generated paths", () => {
  const paths = mainPaths(streakModel);
  const received = streakApp.received;
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    received.length = 0;
    const { snapshot, emitted, actorInputs } = await replayPath(
      streakModel.machine,
      path,
      streakModel.suites[0].options,
      sameValue,
    );
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

describe("achievements machine: generated paths", () => {
  const paths = mainPaths(achievementsModel);
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot } = await replayPath(
      achievementsModel.machine,
      path,
      achievementsModel.suites[0].options,
      sameValue,
    );
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

describe("points history machine: generated paths", () => {
  const paths = mainPaths(pointsHistoryModel);
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, actorInputs } = await replayPath(
      pointsHistoryModel.machine,
      path,
      pointsHistoryModel.suites[0].options,
      sameValue,
    );
    // A row is never shown twice, and every read is of this user.
    const rowIds = snapshot.context.rows.map((entry: { id: string }) => entry.id);
    expect(new Set(rowIds).size).toBe(rowIds.length);
    for (const { input } of actorInputs) expect(input).toMatchObject({ userId: "u1" });
  });
});

// ───────────────────────────── achievement news ─────────────────────────────

describe("achievement news machine: generated paths", () => {
  const paths = suitePaths(achievementNewsModel, achievementNewsModel.suites[0]);
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { emitted } = await replayPath(
      achievementNewsModel.machine,
      path,
      achievementNewsModel.suites[0].options,
      sameValue,
    );
    const unlocked = new Set(path.steps.map((step) => (step.event as { id?: string }).id).filter(Boolean));
    expect(emitted).toHaveLength(unlocked.size);
  });
});

// ───────────────────────────── referral card ─────────────────────────────

describe("referral machine: generated paths", () => {
  const paths = mainPaths(referralModel);
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, emitted, actorInputs } = await replayPath(
      referralModel.machine,
      path,
      referralModel.suites[0].options,
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
