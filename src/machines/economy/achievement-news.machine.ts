/**
 * Says "Achievement unlocked" anywhere in the signed-in area (docs/product.md, Rewards area). Created by the
 * protected layout, so it lives while any signed-in page is open; it hears the user's stream through the
 * root and toasts each unlocked achievement once (the stream may repeat a frame after a reconnect across
 * tabs; the id is the achievement's, and each unlocks only once).
 */
import { assign, emit, setup } from "xstate";
import type { AppLink } from "#src/machines/app.types.ts";
import type { AchievementUnlocked, LiveEvent } from "#src/machines/live/live.types.ts";
import { hearStream, liveActors } from "#src/machines/shared/live-aware.ts";

/** "Achievement unlocked: First tap (+1 point)"; an achievement that pays nothing names no reward. */
export const unlockedTitle = (event: Pick<AchievementUnlocked, "name" | "rewardPoints">) =>
  event.rewardPoints > 0
    ? `Achievement unlocked: ${event.name} (+${event.rewardPoints} ${event.rewardPoints === 1 ? "point" : "points"})`
    : `Achievement unlocked: ${event.name}`;

export const achievementNewsMachine = setup({
  types: {
    context: {} as { app: AppLink; announced: string[] },
    input: {} as { app: AppLink },
    events: {} as LiveEvent,
    emitted: {} as { type: "toast"; tone: "success"; title: string; description?: string },
  },
  actors: { ...liveActors },
  guards: {
    isNew: ({ context, event }) =>
      event.type === "ACHIEVEMENT.UNLOCKED" && !context.announced.includes(event.id),
  },
  actions: {
    announce: emit(({ event }) => ({
      type: "toast" as const,
      tone: "success" as const,
      title: event.type === "ACHIEVEMENT.UNLOCKED" ? unlockedTitle(event) : "",
      description: "See all your achievements under Rewards.",
    })),
    remember: assign({
      announced: ({ context, event }) =>
        event.type === "ACHIEVEMENT.UNLOCKED" ? [...context.announced, event.id] : context.announced,
    }),
  },
}).createMachine({
  id: "achievementNews",
  context: ({ input }) => ({ app: input.app, announced: [] }),
  invoke: hearStream("user"),
  initial: "listening",
  states: {
    listening: { on: { "ACHIEVEMENT.UNLOCKED": { guard: "isNew", actions: ["announce", "remember"] } } },
  },
});
