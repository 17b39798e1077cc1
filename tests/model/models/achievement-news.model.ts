/** The achievement news toasts (tests/model/economy.paths.test.ts): each unlock announced once. */
import { achievementNewsMachine } from "#src/machines/economy/achievement-news.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";
import { quietLiveEvents, silentActor } from "./doubles.ts";

export const achievementNews: ModelOptions<unknown> = {
  input: { app: silentActor() },
  fakeActors: [],
  actors: quietLiveEvents,
  events: [
    { type: "ACHIEVEMENT.UNLOCKED", id: "first-tap", name: "First tap", rewardPoints: 1 },
    { type: "ACHIEVEMENT.UNLOCKED", id: "taps-1k", name: "1,000 taps", rewardPoints: 5 },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.announced]),
};

export const achievementNewsModel = registerModel({
  name: "achievement-news",
  file: "src/machines/economy/achievement-news.machine.ts",
  machine: achievementNewsMachine,
  // Simple paths: every order in which the unlocks can come, repeats included.
  suites: [{ name: "unlocks in every order", options: achievementNews, paths: "simple" }],
});
