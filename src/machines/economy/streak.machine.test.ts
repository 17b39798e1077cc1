import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { ClaimAnswer, StreakAnswer } from "#src/api/economy.ts";
import type { ApiError } from "#src/api/errors.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { ALREADY_CLAIMED, CLAIM_FAILED, streakMachine } from "./streak.machine.ts";
import { toStreakView, weekOf } from "./streak.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
// A Wednesday, 12:00 UTC; the day ends at Thursday 00:00.
const NOON = Date.parse("2030-01-02T12:00:00.000Z");
const MIDNIGHT = "2030-01-03T00:00:00.000Z";
const OPEN: StreakAnswer = {
  current: 2,
  best: 5,
  claimedToday: false,
  nextReward: 3,
  freezes: 1,
  resetsAt: MIDNIGHT,
};
const CLAIMED: ClaimAnswer = { current: 3, best: 5, reward: 3, points: 13, totalTaps: 120 };
const NETWORK: ApiError = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const ALREADY: ApiError = { code: "STREAK_ALREADY_CLAIMED", message: "Already claimed today", status: 409 };

function start(
  options: { loads?: Array<StreakAnswer | ApiError>; claims?: Array<ClaimAnswer | ApiError> } = {},
) {
  const clock = new SimulatedClock();
  clock.set(NOON);
  const loads = [...(options.loads ?? [OPEN])];
  const claims = [...(options.claims ?? [])];
  const keys: string[] = [];
  let reads = 0;
  let ids = 0;
  const { app, received, announce } = createFakeApp();
  const actor = createActor(
    streakMachine.provide({
      actors: {
        loadStreak: fromPromise(async () => {
          reads += 1;
          const answer = loads.length > 1 ? loads.shift()! : loads[0]!;
          if ("code" in answer) throw answer;
          return answer;
        }),
        claimStreak: fromPromise(async ({ input }: { input: { idempotencyKey: string } }) => {
          keys.push(input.idempotencyKey);
          const answer = claims.shift();
          if (!answer) return new Promise<ClaimAnswer>(() => {});
          if ("code" in answer) throw answer;
          return answer;
        }),
      },
    }),
    { input: { app, newId: () => `key-${++ids}`, now: () => clock.now() }, clock },
  );
  const toasts: Array<{ tone: string; title: string }> = [];
  actor.on("toast", ({ tone, title }) => toasts.push({ tone, title }));
  actor.start();
  return {
    actor,
    clock,
    keys,
    toasts,
    received,
    announce,
    reads: () => reads,
    view: () => toStreakView(actor.getSnapshot()),
    advance: async (ms: number) => {
      clock.increment(ms);
      await flush();
    },
  };
}

describe("streak card", () => {
  it("loads, claims once with a key, shows today claimed and tells the root the new points", async () => {
    const { actor, keys, toasts, received, view } = start({ claims: [CLAIMED] });
    expect(view().status).toBe("loading");
    await flush();
    expect(view()).toMatchObject({ status: "ready", current: 2, claimedToday: false, nextReward: 3 });
    actor.send({ type: "CLAIM" });
    expect(view().claiming).toBe(true);
    await flush();
    expect(keys).toEqual(["key-1"]);
    expect(view()).toMatchObject({ current: 3, claimedToday: true, nextReward: 4, claiming: false });
    expect(toasts).toEqual([{ tone: "success", title: "Day 3 streak: +3 points" }]);
    expect(received).toEqual([{ type: "REWARDS.UPDATED", pointsMicro: 13_000_000, totalTaps: 120 }]);
    actor.send({ type: "CLAIM" });
    await flush();
    expect(keys).toHaveLength(1);
  });

  it("already claimed elsewhere today: `Already claimed today`, and the card shows today as claimed", async () => {
    const { actor, toasts, view } = start({ claims: [ALREADY] });
    await flush();
    actor.send({ type: "CLAIM" });
    await flush();
    expect(toasts).toEqual([{ tone: "error", title: ALREADY_CLAIMED }]);
    expect(view().claimedToday).toBe(true);
    expect(view().claimError).toBeNull();
  });

  it("a failed claim says what to do; pressing Claim again re-sends the same key", async () => {
    const { actor, keys, toasts, view } = start({ claims: [NETWORK, CLAIMED] });
    await flush();
    actor.send({ type: "CLAIM" });
    await flush();
    expect(toasts).toEqual([{ tone: "error", title: CLAIM_FAILED }]);
    expect(view().claimError).toMatch(/Check your connection and press Claim again/);
    expect(view().claimedToday).toBe(false);
    actor.send({ type: "CLAIM" });
    expect(view().claimError).toBeNull();
    await flush();
    expect(keys).toEqual(["key-1", "key-1"]);
    expect(view().claimedToday).toBe(true);
  });

  it("a refused claim (not a lost answer) gets a new key next time", async () => {
    const { actor, keys } = start({
      claims: [{ code: "VALIDATION_ERROR", message: "x", status: 400 }, CLAIMED],
    });
    await flush();
    actor.send({ type: "CLAIM" });
    await flush();
    actor.send({ type: "CLAIM" });
    await flush();
    expect(keys).toEqual(["key-1", "key-2"]);
  });

  it("opens the next claim when the UTC day ends, without a reload", async () => {
    const tomorrow = { ...OPEN, current: 3, claimedToday: false, resetsAt: "2030-01-04T00:00:00.000Z" };
    const { view, advance, reads } = start({ loads: [{ ...OPEN, claimedToday: true }, tomorrow] });
    await flush();
    expect(view().claimedToday).toBe(true);
    await advance(12 * 3_600_000 - 1);
    expect(reads()).toBe(1);
    await advance(1);
    expect(reads()).toBe(2);
    expect(view().claimedToday).toBe(false);
  });

  it("forgets a claim that failed before midnight: the next day's claim has a key of its own", async () => {
    const tomorrow = { ...OPEN, resetsAt: "2030-01-04T00:00:00.000Z" };
    const { actor, keys, view, advance } = start({ loads: [OPEN, tomorrow], claims: [NETWORK, CLAIMED] });
    await flush();
    actor.send({ type: "CLAIM" });
    await flush();
    expect(view().claimError).toMatch(/press Claim again/);
    await advance(12 * 3_600_000);
    expect(view()).toMatchObject({ status: "ready", claimedToday: false, claimError: null });
    actor.send({ type: "CLAIM" });
    await flush();
    // The same key would have the server replay the ended day's claim instead of paying today's.
    expect(keys).toEqual(["key-1", "key-2"]);
    expect(view().claimedToday).toBe(true);
  });

  it("hears a tap sync's auto-claim: today shows claimed, without a toast of its own or a second claim", async () => {
    const { toasts, keys, received, view, announce } = start();
    await flush();
    expect(view()).toMatchObject({ claimedToday: false, current: 2 });
    announce({ type: "autoClaim", current: 3, reward: 3 });
    expect(view()).toMatchObject({ claimedToday: true, current: 3, best: 5, nextReward: 4, claiming: false });
    expect(view().week.at(-1)?.state).toBe("claimed");
    // The taps actor toasted it and already holds the points: nothing more to say or send.
    expect(toasts).toEqual([]);
    expect(received).toEqual([]);
    expect(keys).toEqual([]);
  });

  it("an auto-claim while a claim by hand is out wins: today is claimed, the refusal that follows is not shown", async () => {
    const { actor, toasts, view, announce } = start({ claims: [] });
    await flush();
    actor.send({ type: "CLAIM" });
    expect(view().claiming).toBe(true);
    announce({ type: "autoClaim", current: 8, reward: 7 });
    expect(view()).toMatchObject({ claimedToday: true, claiming: false, current: 8, best: 8, nextReward: 7 });
    await flush();
    expect(toasts).toEqual([]);
  });

  it("an auto-claim heard while loading reads the streak again (that read may predate it)", async () => {
    const { view, reads, announce } = start({ loads: [OPEN, { ...OPEN, current: 3, claimedToday: true }] });
    expect(view().status).toBe("loading");
    announce({ type: "autoClaim", current: 3, reward: 3 });
    await flush();
    expect(reads()).toBe(2);
    expect(view()).toMatchObject({ status: "ready", claimedToday: true, current: 3 });
  });

  it("a failed load says so; RETRY and a stream reset read again", async () => {
    const { actor, view, reads } = start({ loads: [NETWORK, OPEN] });
    await flush();
    expect(view().status).toBe("failed");
    actor.send({ type: "RETRY" });
    await flush();
    expect(view().status).toBe("ready");
    actor.send({ type: "STREAM.RESET" });
    await flush();
    expect(reads()).toBe(3);
  });
});

describe("the streak's last seven days", () => {
  it("marks the run's days, today last", () => {
    // Wednesday 2 January 2030, a run of 2 claimed up to yesterday.
    expect(weekOf(MIDNIGHT, 2, false).map((day) => `${day.name}:${day.state}`)).toEqual([
      "Thu:missed",
      "Fri:missed",
      "Sat:missed",
      "Sun:missed",
      "Mon:claimed",
      "Tue:claimed",
      "Wed:today",
    ]);
    expect(weekOf(MIDNIGHT, 9, true).map((day) => day.state)).toEqual(Array(7).fill("claimed"));
    expect(weekOf(MIDNIGHT, 0, false).at(-1)).toEqual({
      name: "Wed",
      date: "2030-01-02",
      isToday: true,
      state: "today",
    });
  });
});
