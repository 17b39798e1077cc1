/**
 * The achievements machine walked through the real /rewards screen's Achievements list (the exported
 * tests/e2e/generated/achievements.spec.ts). A fresh signed-in account opens /rewards; the walk holds the
 * list's read, so the path says when and how it is answered (the server, or a network failure). An unlock is
 * caused for real: the player taps the coin in a second tab and leaves /tap there (its unmount sends the tap),
 * the server unlocks "First tap" and pushes it on the user's live stream, which the first tab's list hears.
 * A second part's account tapped once before the page opened, so a tap elsewhere moves only the progress.
 * Every event of the machine is here: a gesture, or why none.
 */
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { achievements } from "../models/achievements.model.ts";
import { NETWORK } from "../models/doubles.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  type Expectation,
  type Gesture,
  hold,
  type NotAGesture,
  notGestures,
  resetStream,
  tab,
  tapElsewhere,
  toPage,
  type Walk,
  waitFor,
} from "./actions.ts";

export const ACHIEVEMENTS_LOAD: Call = { method: "GET", path: "/rewards/achievements" };
const LIST = { role: "region", name: "Achievements" } as const;
const LOAD_FAILED = "Could not load your achievements. Check your connection and try again.";

const NOT_HEARD = "a live event of another kind: the list does not listen to it";
/** The taps the second part's account made before the page opened (tests/e2e/arrange/economy.ts tappedOnce). */
const TAPPED_BEFORE = 1;
const isPointsPush = (event: ModelEvent) => event.type === "POINTS.UPDATED";

type AchievementsWalkEvent =
  | "RETRY"
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.loadAchievements`;

export const achievementsGestures = {
  RETRY: () => [click({ role: "button", name: "Try again" }, LIST)],
  "ACHIEVEMENT.UNLOCKED": () => [
    tab(1, "/tap"),
    click({ role: "button", name: "Tap to earn" }),
    toPage("Home"),
    waitFor({ text: "Rewards Balance" }),
    tab(0),
  ],
  // A tap on another device once First Tap is unlocked (the second part's account tapped before): the push
  // carries the new total, and the list moves Warming Up's progress to it. (Before that, the same tap that
  // unlocks First Tap pushes it too: the ACHIEVEMENT.UNLOCKED gesture sends both.)
  "POINTS.UPDATED": (_event, _next, { earlier }) => [
    tapElsewhere(1),
    waitFor({ text: `${TAPPED_BEFORE + 1 + earlier.filter(isPointsPush).length} / 1,000` }),
  ],
  "xstate.done.actor.loadAchievements": () => [answer(ACHIEVEMENTS_LOAD, "server")],
  "xstate.error.actor.loadAchievements": () => [answer(ACHIEVEMENTS_LOAD, "network")],
  // The stream reconnects to a server that lost its position: its reset frame makes the list read again.
  "STREAM.RESET": () => [resetStream()],
  ...notGestures(["STREAM.UP", "STREAM.DOWN"] as const, "the stream's status, which the list does not keep"),
  ...notGestures(
    [
      "WALLET.UPDATED",
      "MULTIPLIER.CHANGED",
      "DEPOSIT.UPDATED",
      "WITHDRAWAL.UPDATED",
      "BOOSTER.CHANGED",
      "REFERRAL.UPDATED",
      "STANDING.CHANGED",
      "SESSION.REVOKED",
      "ADMIN.METRICS",
      "ADMIN.AUDIT",
      "ADMIN.RISK",
    ] as const,
    NOT_HEARD,
  ),
} satisfies Record<AchievementsWalkEvent, Gesture<never> | NotAGesture>;

const FIRST_TAP = {
  id: "first-tap",
  name: "First tap",
  description: "d",
  progress: 0,
  goal: 1,
  rewardPoints: 0,
  unlockedAt: null,
};

/** Only what a person on /rewards (and a second tab) can make happen, for a fresh account. */
export const achievementsWalkModel: ModelOptions<unknown> = {
  ...achievements,
  events: (snapshot) =>
    snapshot.matches("loading")
      ? [
          { type: "xstate.done.actor.loadAchievements", output: [FIRST_TAP] },
          { type: "xstate.error.actor.loadAchievements", error: NETWORK },
        ]
      : snapshot.matches("failed")
        ? [{ type: "RETRY" }]
        : snapshot.matches("ready") && snapshot.context.achievements[0]?.unlockedAt === null
          ? ([
              { type: "ACHIEVEMENT.UNLOCKED", id: "first-tap", name: "First tap", rewardPoints: 0 },
              // A reset before the unlock reads the same locked list again.
              { type: "STREAM.RESET" },
            ] satisfies ModelEvent[])
          : [],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.achievements[0]?.unlockedAt !== null]),
};

/** The taps the list counts (Warming Up's progress). */
const tapsOf = (snapshot: { context: { achievements: Array<{ progress: number }> } }) =>
  snapshot.context.achievements[1]?.progress ?? 0;

/** An account that tapped once before /rewards opened: First Tap is unlocked, and more taps move the rest. */
export const afterFirstTapModel: ModelOptions<unknown> = {
  ...achievements,
  events: (snapshot) =>
    snapshot.matches("loading")
      ? [
          {
            type: "xstate.done.actor.loadAchievements",
            output: [
              { ...FIRST_TAP, progress: TAPPED_BEFORE, unlockedAt: "2030-01-02T11:00:00.000Z" },
              { ...FIRST_TAP, id: "taps-1k", name: "Warming Up", progress: TAPPED_BEFORE, goal: 1_000 },
            ],
          },
          { type: "xstate.error.actor.loadAchievements", error: NETWORK },
        ]
      : snapshot.matches("failed")
        ? [{ type: "RETRY" }]
        : snapshot.matches("ready")
          ? // At most two taps elsewhere keep the walk small; a reset reads the list again.
            ([
              ...(tapsOf(snapshot) < TAPPED_BEFORE + 2
                ? [{ type: "POINTS.UPDATED", points: 1, totalTaps: tapsOf(snapshot) + 1, multiplier: 0.001 }]
                : []),
              { type: "STREAM.RESET" },
            ] as ModelEvent[])
          : [],
};

export const achievementsWalk: Walk = {
  machine: "achievements",
  parts: [
    {
      name: "achievements on /rewards",
      model: achievementsWalkModel,
      gestures: achievementsGestures,
      before: [hold(ACHIEVEMENTS_LOAD)],
      start: { url: "/rewards", account: "signedIn", claimedToday: true },
      atEnd: (leaf) => {
        const seen: Expectation[] = [];
        if (leaf.matches("loading")) seen.push({ see: { role: "status", name: "Loading achievements" } });
        if (leaf.matches("failed")) seen.push({ seeIn: LIST, text: LOAD_FAILED });
        if (leaf.matches("ready")) {
          const unlocked = leaf.context.achievements[0]?.unlockedAt !== null;
          seen.push({ seeIn: LIST, text: unlocked ? "1 of " : "0 of " });
          if (unlocked) seen.push({ seeIn: LIST, text: "Unlocked " });
        }
        return seen;
      },
    },
    {
      name: "tap progress on /rewards after the first tap",
      model: afterFirstTapModel,
      paths: "shortest",
      gestures: achievementsGestures,
      before: [hold(ACHIEVEMENTS_LOAD)],
      start: {
        url: "/rewards",
        account: "signedIn",
        claimedToday: true,
        arrange: { file: "economy", name: "tappedOnce" },
      },
      atEnd: (leaf, events) => {
        const seen: Expectation[] = [];
        if (leaf.matches("loading")) seen.push({ see: { role: "status", name: "Loading achievements" } });
        if (leaf.matches("failed")) seen.push({ seeIn: LIST, text: LOAD_FAILED });
        if (leaf.matches("ready"))
          seen.push(
            { seeIn: LIST, text: "1 of " },
            { seeIn: LIST, text: `${TAPPED_BEFORE + events.filter(isPointsPush).length} / 1,000` },
          );
        return seen;
      },
    },
  ],
};
