import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Achievement } from "#src/api/economy.ts";
import type { ApiError } from "#src/api/errors.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { achievementNewsMachine, unlockedTitle } from "./achievement-news.machine.ts";
import { achievementsMachine } from "./achievements.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const NOW = Date.parse("2030-01-02T12:00:00.000Z");
const item = (id: string, goal: number, progress = 0, unlockedAt: string | null = null): Achievement => ({
  id,
  name: id,
  description: `${id} description`,
  progress,
  goal,
  rewardPoints: 5,
  unlockedAt,
});
const LIST = [item("first-tap", 1), item("taps-1k", 1000, 40), item("streak-7", 7, 2)];

function start(loads: Array<Achievement[] | ApiError> = [LIST]) {
  const { app, push } = createFakeApp({ streamsUp: { user: true } });
  let reads = 0;
  const actor = createActor(
    achievementsMachine.provide({
      actors: {
        loadAchievements: fromPromise(async () => {
          reads += 1;
          const answer = loads.length > 1 ? loads.shift()! : loads[0]!;
          if ("code" in answer) throw answer;
          return answer;
        }),
      },
    }),
    { input: { app, now: () => NOW } },
  ).start();
  const byId = (id: string) => actor.getSnapshot().context.achievements.find((entry) => entry.id === id);
  return { actor, push, byId, reads: () => reads };
}

describe("achievements list", () => {
  it("an achievement push marks it unlocked at once, full progress and when", async () => {
    const { push, byId } = start();
    await flush();
    push("user", { type: "ACHIEVEMENT.UNLOCKED", id: "first-tap", name: "First tap", rewardPoints: 1 });
    expect(byId("first-tap")).toMatchObject({ progress: 1, unlockedAt: "2030-01-02T12:00:00.000Z" });
    expect(byId("taps-1k")?.unlockedAt).toBeNull();
  });

  it("a points push moves the tap achievements' progress only, never past the goal or backwards", async () => {
    const { push, byId } = start();
    await flush();
    push("user", { type: "POINTS.UPDATED", points: 1, totalTaps: 500, multiplier: 0.001 });
    expect(byId("first-tap")?.progress).toBe(1);
    expect(byId("taps-1k")?.progress).toBe(500);
    expect(byId("streak-7")?.progress).toBe(2);
    push("user", { type: "POINTS.UPDATED", points: 1, totalTaps: 30, multiplier: 0.001 });
    expect(byId("taps-1k")?.progress).toBe(500);
  });

  it("a failed load can be retried; a stream reset reads the list again", async () => {
    const { actor, push, reads } = start([{ code: "NETWORK_ERROR", message: "x", status: 0 }, LIST]);
    await flush();
    expect(actor.getSnapshot().matches("failed")).toBe(true);
    actor.send({ type: "RETRY" });
    await flush();
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    push("user", { type: "STREAM.RESET" });
    await flush();
    expect(reads()).toBe(3);
  });
});

describe("achievement news", () => {
  it("toasts each unlocked achievement once, on the user's stream only", () => {
    const { app, push } = createFakeApp({ streamsUp: { user: true } });
    const actor = createActor(achievementNewsMachine, { input: { app } });
    const titles: string[] = [];
    actor.on("toast", (event) => titles.push(event.title));
    actor.start();
    const firstTap = {
      type: "ACHIEVEMENT.UNLOCKED" as const,
      id: "first-tap",
      name: "First tap",
      rewardPoints: 1,
    };
    push("user", firstTap);
    push("user", firstTap);
    push("admin", { ...firstTap, id: "other" });
    push("user", { type: "ACHIEVEMENT.UNLOCKED", id: "taps-1k", name: "1,000 taps", rewardPoints: 5 });
    expect(titles).toEqual([
      "Achievement unlocked: First tap (+1 point)",
      "Achievement unlocked: 1,000 taps (+5 points)",
    ]);
    actor.stop();
    push("user", { ...firstTap, id: "later" });
    expect(titles).toHaveLength(2);
  });

  it("spells the reward in points, and names none when it pays nothing", () => {
    expect(unlockedTitle({ name: "A week in a row", rewardPoints: 7 })).toBe(
      "Achievement unlocked: A week in a row (+7 points)",
    );
    expect(unlockedTitle({ name: "First tap", rewardPoints: 0 })).toBe("Achievement unlocked: First tap");
  });
});
