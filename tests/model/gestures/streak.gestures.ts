/**
 * The streak machine walked through the real /rewards screen's Daily streak card (the exported
 * tests/e2e/generated/streak.spec.ts). A fresh signed-in account (today not claimed yet) opens /rewards; the
 * walk holds the streak read and the claim, so the path says when and how each is answered: by the server, a
 * network failure, or the API's `STREAK_ALREADY_CLAIMED` refusal (another tab or device claimed first). The
 * UTC day ends as the page's clock jumps to midnight (the session's refresh is held: the jump makes the token
 * look expired to the page only), and a second part has a tap sync claim the day under the open card. Every
 * event of the machine is here: a gesture, or why none.
 */

import type { AnyMachineSnapshot } from "xstate";
import { ALREADY_CLAIMED, CLAIM_FAILED, type StreakEvent } from "#src/machines/economy/streak.machine.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { NETWORK } from "../models/doubles.ts";
import { streak } from "../models/streak.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  COIN,
  click,
  clock,
  type Expectation,
  type Gesture,
  hold,
  type NotAGesture,
  notAGesture,
  notGestures,
  type Outcome,
  resetStream,
  TOASTER,
  toDayEnd,
  toPage,
  type Walk,
} from "./actions.ts";
import { REFRESH } from "./auth.gestures.ts";
import { TAP_SYNC } from "./taps.gestures.ts";

export const STREAK_LOAD: Call = { method: "GET", path: "/rewards/streak" };
export const STREAK_CLAIM: Call = { method: "POST", path: "/rewards/streak/claim" };
/** The API's refusal of a second claim the same UTC day (docs/api.md, Economy). */
const CLAIMED_ELSEWHERE = { code: "STREAK_ALREADY_CLAIMED", message: "Already claimed today", status: 409 };
const CARD = { role: "region", name: "Daily streak" } as const;
const BANNER = { role: "banner" } as const;
const LOAD_FAILED = "Could not load your streak. Check your connection and try again.";
const CLAIM_AGAIN = "Check your connection and press Claim again: a day is never paid twice.";

const outcomeOf = (error: unknown): Outcome => {
  const { status, code, message } = error as typeof NETWORK;
  return status === 0 ? "network" : { status, code, message };
};

const DAY_ENDS = "xstate.after.DAY_ENDS.streak.ready";
type StreakWalkEvent =
  | StreakEvent["type"]
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.${"loadStreak" | "claimStreak"}`
  | typeof DAY_ENDS;

/** How long after the card became ready its day ends, on the model's clock (the machine's DAY_ENDS delay). */
const modelDay = (snapshot: AnyMachineSnapshot) =>
  Math.max(60_000, Date.parse(snapshot.context.streak?.resetsAt ?? "") - snapshot.context.now());
/** A claim sent this long before midnight is still out when the day ends (the API client gives up at 10 s). */
const CLAIM_BEFORE_MIDNIGHT_MS = 5_000;

export const streakGestures = {
  // A claim the day's end comes to while it is out is pressed just before midnight.
  CLAIM: (_event, next, { before }) => [
    ...(next?.type === DAY_ENDS
      ? [toDayEnd(-CLAIM_BEFORE_MIDNIGHT_MS, modelDay(before) - CLAIM_BEFORE_MIDNIGHT_MS)]
      : []),
    click({ role: "button", name: "Claim +1 point" }, CARD),
  ],
  // The UTC day ends: the page's clock jumps to just past midnight. The server's calendar stays where it is,
  // so the card reads the day it had, never claimed on these paths: as a new day's would read.
  [DAY_ENDS]: (_event, _next, { before, earlier }) =>
    earlier.at(-1)?.type === "CLAIM" && before.matches({ ready: "claiming" })
      ? [clock(CLAIM_BEFORE_MIDNIGHT_MS + 1_000)]
      : [toDayEnd(1_000, modelDay(before) + 1_000)],
  RETRY: () => [click({ role: "button", name: "Try again" }, CARD)],
  "STREAK.AUTO_CLAIMED": notAGesture(
    'a tap sync\'s auto-claim, told by the taps actor through the root: this part never taps; the part "a tap sync claims the day while /rewards is open" does',
  ),
  "xstate.done.actor.loadStreak": () => [answer(STREAK_LOAD, "server")],
  "xstate.error.actor.loadStreak": () => [answer(STREAK_LOAD, "network")],
  "xstate.done.actor.claimStreak": () => [answer(STREAK_CLAIM, "server")],
  "xstate.error.actor.claimStreak": (event: { error: unknown }) => [
    answer(STREAK_CLAIM, outcomeOf(event.error)),
  ],
  // The stream reconnects to a server that lost its position: its reset frame makes the card read again.
  "STREAM.RESET": () => [resetStream()],
  ...notGestures(
    ["STREAM.UP", "STREAM.DOWN"] as const,
    "the stream's status, which the streak card does not keep",
  ),
  ...notGestures(
    [
      "POINTS.UPDATED",
      "WALLET.UPDATED",
      "MULTIPLIER.CHANGED",
      "DEPOSIT.UPDATED",
      "WITHDRAWAL.UPDATED",
      "ACHIEVEMENT.UNLOCKED",
      "BOOSTER.CHANGED",
      "REFERRAL.UPDATED",
      "STANDING.CHANGED",
      "SESSION.REVOKED",
      "ADMIN.METRICS",
      "ADMIN.AUDIT",
      "ADMIN.RISK",
    ] as const,
    "a live event of another kind: the streak card does not listen to it",
  ),
} satisfies Record<StreakWalkEvent, Gesture<never> | NotAGesture>;

/** A fresh account's streak as the server reads it before any claim (its values do not reach the screen). */
const FRESH = {
  current: 0,
  best: 0,
  claimedToday: false,
  nextReward: 1,
  freezes: 0,
  resetsAt: "2030-01-03T00:00:00.000Z",
};

/** Only what a person on /rewards can make happen; the day's end is not walked (it needs the real midnight). */
export const streakWalkModel: ModelOptions<unknown> = {
  // The generated paths' app double, live stream and auto-claim stand-ins (nothing is heard from them here).
  input: streak.input,
  actors: streak.actors,
  fakeActors: ["loadStreak", "claimStreak"],
  events: (snapshot) =>
    snapshot.matches("loading")
      ? [
          { type: "xstate.done.actor.loadStreak", output: FRESH },
          { type: "xstate.error.actor.loadStreak", error: NETWORK },
        ]
      : snapshot.matches("failed")
        ? [{ type: "RETRY" }]
        : snapshot.matches({ ready: "open" })
          ? // A reset before any claim was tried reads the same unclaimed day again; so does the day's end
            // after a claim that failed (the server never had it).
            [
              { type: "CLAIM" },
              ...(snapshot.context.attempt === null && snapshot.context.claimError === null
                ? [{ type: "STREAM.RESET" }]
                : []),
              ...(snapshot.context.claimError === null ? [] : [{ type: DAY_ENDS }]),
            ]
          : snapshot.matches({ ready: "claiming" })
            ? ([
                {
                  type: "xstate.done.actor.claimStreak",
                  output: { current: 1, best: 1, reward: 1, points: 1 },
                },
                { type: "xstate.error.actor.claimStreak", error: CLAIMED_ELSEWHERE },
                { type: "xstate.error.actor.claimStreak", error: NETWORK },
                // Midnight comes while the claim is out: the card reads the new day instead.
                { type: DAY_ENDS },
              ] satisfies ModelEvent[])
            : [],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.attempt !== null, snapshot.context.claimError !== null]),
};

const AUTO_CLAIMED: ModelEvent = { type: "STREAK.AUTO_CLAIMED", current: 1, reward: 1 };

/** The same card for an account that claimed today before the page opened: the server reads it claimed. */
export const claimedBeforeWalkModel: ModelOptions<unknown> = {
  ...streakWalkModel,
  events: (snapshot) =>
    snapshot.matches("loading")
      ? [
          {
            type: "xstate.done.actor.loadStreak",
            output: { ...FRESH, current: 1, best: 1, claimedToday: true },
          },
        ]
      : [],
};

/**
 * The day's first tap sync claims its reward (auto-claim) and the root tells the card. The walk taps once on
 * /tap and opens /rewards (leaving /tap sends the tap, which the walk holds), so the card loads an unclaimed
 * day; answering the tap sync then claims it under the open card, whether or not Claim was pressed (the hand
 * claim stays held: the server already paid the day).
 */

export const autoClaimGestures = {
  ...streakGestures,
  "xstate.done.actor.loadStreak": (_event, _next, { earlier }) => [
    ...(earlier.length === 0 ? [click(COIN), toPage("Rewards")] : []),
    answer(STREAK_LOAD, "server"),
  ],
  "STREAK.AUTO_CLAIMED": () => [answer(TAP_SYNC, "server")],
} satisfies Record<StreakWalkEvent, Gesture<never> | NotAGesture>;

export const autoClaimWalkModel: ModelOptions<unknown> = {
  ...streakWalkModel,
  events: (snapshot) =>
    snapshot.matches("loading")
      ? [{ type: "xstate.done.actor.loadStreak", output: FRESH }]
      : snapshot.matches({ ready: "open" }) && snapshot.context.attempt === null
        ? [{ type: "CLAIM" }, AUTO_CLAIMED]
        : snapshot.matches({ ready: "claiming" })
          ? [AUTO_CLAIMED]
          : [],
};

const has = (events: ModelEvent[], type: string, code?: string) =>
  events.some(
    (event) =>
      event.type === type &&
      (code === undefined || (event as { error?: { code?: string } }).error?.code === code),
  );

/**
 * What the card shows at a path's end, and the toasts of the steps since the day ended (those before went
 * with the hours the clock jumped).
 */
const cardAtEnd = (leaf: AnyMachineSnapshot, all: ModelEvent[]): Expectation[] => {
  const events = all.slice(all.findLastIndex((event) => event.type === DAY_ENDS) + 1);
  const seen: Expectation[] = [];
  if (leaf.matches("loading")) seen.push({ see: { role: "status", name: "Loading your streak" } });
  if (leaf.matches({ ready: "claiming" })) seen.push({ see: { role: "button", name: "Claiming..." } });
  if (leaf.matches("failed")) seen.push({ seeIn: CARD, text: LOAD_FAILED });
  if (leaf.matches({ ready: "open" })) seen.push({ see: { role: "button", name: "Claim +1 point" } });
  if (leaf.matches({ ready: "claimed" })) seen.push({ see: { role: "button", name: "Claimed today" } });
  if (leaf.context.claimError) seen.push({ seeIn: CARD, text: CLAIM_AGAIN });
  if (has(events, "xstate.error.actor.claimStreak", "NETWORK_ERROR"))
    seen.push({ seeIn: TOASTER, text: CLAIM_FAILED });
  if (has(events, "xstate.done.actor.claimStreak"))
    seen.push({ seeIn: TOASTER, text: "Day 1 streak: +1 point" }, { seeIn: BANNER, text: "1.0000" });
  if (has(events, "xstate.error.actor.claimStreak", "STREAK_ALREADY_CLAIMED"))
    seen.push({ seeIn: TOASTER, text: ALREADY_CLAIMED });
  // A tap sync claimed the day: the taps actor says so, and the points are in the header.
  if (has(events, "STREAK.AUTO_CLAIMED"))
    seen.push({ seeIn: TOASTER, text: "Daily reward claimed: +1.0000 points" });
  return seen;
};

export const streakWalk: Walk = {
  machine: "streak",
  parts: [
    {
      name: "claim today's streak on /rewards",
      model: streakWalkModel,
      gestures: streakGestures,
      // The session's refresh is held: after the clock's jump of hours the token looks expired to the page only.
      before: [hold(STREAK_LOAD), hold(STREAK_CLAIM), hold(REFRESH)],
      start: { url: "/rewards", account: "signedIn" },
      atEnd: cardAtEnd,
    },
    {
      name: "a tap sync claims the day while /rewards is open",
      model: autoClaimWalkModel,
      gestures: autoClaimGestures,
      before: [hold(STREAK_LOAD), hold(STREAK_CLAIM), hold(TAP_SYNC)],
      start: { url: "/tap", account: "signedIn", ready: COIN },
      // Before the first step the person is on /tap, where the walk starts.
      atEnd: (leaf, events) => (events.length === 0 ? [{ see: COIN }] : cardAtEnd(leaf, events)),
    },
    {
      name: "today claimed before /rewards opens",
      model: claimedBeforeWalkModel,
      gestures: streakGestures,
      before: [hold(STREAK_LOAD)],
      start: { url: "/rewards", account: "signedIn", claimedToday: true },
      atEnd: (leaf) =>
        leaf.matches({ ready: "claimed" })
          ? [
              { see: { role: "button", name: "Claimed today" } },
              { seeIn: CARD, text: "Come back tomorrow (from 00:00 UTC) for +2 points." },
            ]
          : [{ see: { role: "status", name: "Loading your streak" } }],
    },
  ],
};
