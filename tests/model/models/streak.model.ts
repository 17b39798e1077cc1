/** The streak card (tests/model/economy.paths.test.ts): load, claim, a claim already made, the day's end. */
import { fromCallback } from "xstate";
import { streakMachine } from "#src/machines/economy/streak.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { NETWORK, numberedIds, quietLiveEvents } from "./doubles.ts";

const T0 = Date.parse("2030-01-02T12:00:00.000Z");
const STREAK = {
  current: 2,
  best: 4,
  claimedToday: false,
  nextReward: 3,
  freezes: 0,
  resetsAt: "2030-01-03T00:00:00.000Z",
};
export const streakApp = createFakeApp({ settles: false });

export const streak: ModelOptions<unknown> = {
  input: { app: streakApp.app, newId: numberedIds("key"), now: () => T0 },
  fakeActors: ["loadStreak", "claimStreak"],
  actors: { ...quietLiveEvents, autoClaims: fromCallback(() => {}) },
  events: [
    { type: "CLAIM" },
    { type: "RETRY" },
    { type: "STREAM.RESET" },
    { type: "STREAK.AUTO_CLAIMED", current: 3, reward: 3 },
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

export const streakModel = registerModel({
  name: "streak",
  file: "src/machines/economy/streak.machine.ts",
  machine: streakMachine,
  suites: [
    { name: "load and claim", options: streak, paths: "shortest" },
    // An auto-claim heard in every state (it changes no state the shortest paths tell apart).
    { name: "auto-claim heard anywhere", options: streak, paths: "transitions" },
  ],
});
