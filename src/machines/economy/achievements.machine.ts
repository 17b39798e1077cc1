/**
 * The achievements list of the Rewards page (docs/product.md, Rewards area). Page-lifetime.
 * States: loading → ready | failed (RETRY). While the page is open the list follows the user's stream: an
 * `achievement` push marks that one unlocked, a `points` push moves the progress of the tap achievements
 * (their progress is the total taps), and `reset` reads the list again.
 */
import { assign, fromPromise, setup } from "xstate";
import type { Achievement } from "#src/api/economy.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";

/** Achievements whose progress is the account's total taps (docs/api.md, Economy). */
export const TAP_ACHIEVEMENTS: ReadonlySet<string> = new Set([
  "first-tap",
  "taps-1k",
  "taps-10k",
  "taps-100k",
]);

export const unlock = (achievements: Achievement[], id: string, at: string): Achievement[] =>
  achievements.map((item) =>
    item.id === id && item.unlockedAt === null ? { ...item, progress: item.goal, unlockedAt: at } : item,
  );

/** Tap progress only grows, and never past the goal. */
export const withTotalTaps = (achievements: Achievement[], totalTaps: number): Achievement[] =>
  achievements.map((item) =>
    TAP_ACHIEVEMENTS.has(item.id) && totalTaps > item.progress
      ? { ...item, progress: Math.min(totalTaps, item.goal) }
      : item,
  );

export const achievementsMachine = setup({
  types: {
    context: {} as { achievements: Achievement[]; app: AppLink; now: () => number },
    input: {} as { app: AppLink; now: () => number },
    events: {} as { type: "RETRY" } | LiveEvent,
  },
  actors: {
    loadAchievements: fromPromise<Achievement[]>(notProvided("achievements machine", "loadAchievements")),
    ...liveActors,
  },
  actions: {
    markUnlocked: assign({
      achievements: ({ context, event }) =>
        event.type === "ACHIEVEMENT.UNLOCKED"
          ? unlock(context.achievements, event.id, new Date(context.now()).toISOString())
          : context.achievements,
    }),
    takeTotalTaps: assign({
      achievements: ({ context, event }) =>
        event.type === "POINTS.UPDATED"
          ? withTotalTaps(context.achievements, event.totalTaps)
          : context.achievements,
    }),
  },
}).createMachine({
  id: "achievements",
  context: ({ input }) => ({ achievements: [], app: input.app, now: input.now }),
  invoke: hearStream("user"),
  on: { "STREAM.RESET": ".loading" },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "loadAchievements",
        src: "loadAchievements",
        onDone: { target: "ready", actions: assign({ achievements: ({ event }) => event.output }) },
        onError: "failed",
      },
    },
    failed: { on: { RETRY: "loading" } },
    ready: {
      on: {
        "ACHIEVEMENT.UNLOCKED": { actions: "markUnlocked" },
        "POINTS.UPDATED": { actions: "takeTotalTaps" },
      },
    },
  },
});
