/**
 * The achievement news walked on a signed-in page (the exported tests/e2e/generated/achievement-news.spec.ts).
 * A fresh signed-in account (today's streak claimed, so no reward toast mixes in) stays on /home while the same
 * player taps on another device through the API: the server unlocks "First Tap" with the first tap and
 * "Warming Up" at 1 000 taps, and pushes each unlock down the player's live stream; the page toasts each once.
 * Every event the machine hears is here: a gesture, or why none.
 */
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { achievementNews } from "../models/achievement-news.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  type Gesture,
  type NotAGesture,
  notAGesture,
  notGestures,
  tapElsewhere,
  type Walk,
} from "./actions.ts";

/** The server's names and rewards (server/domain/economy/achievements.ts, server/settings.ts). */
const FIRST_TAP = {
  type: "ACHIEVEMENT.UNLOCKED",
  id: "first-tap",
  name: "First Tap",
  rewardPoints: 0,
} as const;
const WARMING_UP = {
  type: "ACHIEVEMENT.UNLOCKED",
  id: "taps-1k",
  name: "Warming Up",
  rewardPoints: 1,
} as const;
const TITLE: Record<string, string> = {
  "first-tap": "Achievement unlocked: First Tap",
  "taps-1k": "Achievement unlocked: Warming Up (+1 point)",
};
const BANNER = { role: "banner" } as const;

const NOT_HEARD = "a live event of another kind: the news only toasts unlocks";
const PUSHED =
  "the stream's own state, pushed by the server and passed on by the root: walked with live-stream";

export const achievementNewsGestures = {
  // One tap elsewhere unlocks First Tap; 999 more reach 1 000 (one batch, under the server's burst allowance).
  "ACHIEVEMENT.UNLOCKED": ((event: { id: string }) => [
    tapElsewhere(event.id === "first-tap" ? 1 : 999),
  ]) as Gesture<never>,
  ...notGestures(
    [
      "POINTS.UPDATED",
      "WALLET.UPDATED",
      "MULTIPLIER.CHANGED",
      "STANDING.CHANGED",
      "DEPOSIT.UPDATED",
      "WITHDRAWAL.UPDATED",
      "BOOSTER.CHANGED",
      "REFERRAL.UPDATED",
      "SESSION.REVOKED",
      "ADMIN.RISK",
      "ADMIN.METRICS",
      "ADMIN.AUDIT",
    ],
    NOT_HEARD,
  ),
  "STREAM.RESET": notAGesture(PUSHED),
  "STREAM.DOWN": notAGesture(PUSHED),
  "STREAM.UP": notAGesture(PUSHED),
} satisfies Record<LiveEvent["type"], Gesture<never> | NotAGesture>;

/**
 * The unlocks in the only order taps make them: a thousand taps include the first. A repeated frame (the guard's
 * "no") is the stream's doing after a reconnect, not a player's.
 */
export const achievementNewsWalkModel: ModelOptions<unknown> = {
  ...achievementNews,
  events: (snapshot) => {
    const announced = snapshot.context.announced as string[];
    if (announced.length === 0) return [FIRST_TAP] satisfies ModelEvent[];
    if (announced.length === 1) return [WARMING_UP] satisfies ModelEvent[];
    return [];
  },
};

export const achievementNewsWalk: Walk = {
  machine: "achievement-news",
  parts: [
    {
      name: "unlocks toasted on /home",
      model: achievementNewsWalkModel,
      gestures: achievementNewsGestures,
      start: { url: "/home", account: "signedIn", claimedToday: true },
      atEnd: (leaf) => {
        const announced = leaf.context.announced as string[];
        const taps = [0, 1, 1_000][announced.length] ?? 0;
        return [
          ...announced.map((id) => ({ see: { text: TITLE[id] ?? id } })),
          { serverTotalTaps: taps },
          // The header hears the same pushes (a single tap: 0.001 point; the 999 also earn combo bonuses).
          ...(taps <= 1 ? [{ seeIn: BANNER, text: taps === 1 ? "1.0010" : "1.0000" }] : []),
        ];
      },
    },
  ],
};
