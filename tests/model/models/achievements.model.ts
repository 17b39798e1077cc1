/** The achievements list (tests/model/economy.paths.test.ts): load, unlocks and progress pushed live. */
import { achievementsMachine } from "#src/machines/economy/achievements.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";
import { NETWORK, quietLiveEvents, silentActor } from "./doubles.ts";

export const T0 = Date.parse("2030-01-02T12:00:00.000Z");
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

export const achievements: ModelOptions<unknown> = {
  input: { app: silentActor(), now: () => T0 },
  fakeActors: ["loadAchievements"],
  actors: quietLiveEvents,
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

export const achievementsModel = registerModel({
  name: "achievements",
  file: "src/machines/economy/achievements.machine.ts",
  machine: achievementsMachine,
  suites: [{ name: "list and unlocks", options: achievements, paths: "shortest" }],
});
