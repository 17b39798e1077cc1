/**
 * The stats machine walked on the real /stats screen (the exported tests/e2e/generated/stats.spec.ts). A fresh
 * signed-in player, today's streak claimed and no taps yet, opens /stats; the walk holds the page's read
 * (GET /user/:id/stats), so the path says when and how each read is answered (the server, or a network
 * failure). The player taps once on another device (the server pushes the new points: the header shows them,
 * today's streak reward and 0.001 a tap, before the next step, so the clock never moves before the push is heard), and the page's clock runs on to the
 * re-read after news (5 s). The live stream may drop while the rest of the network works: the page then reads
 * every half minute (its clock runs on to the poll) until the stream comes back. Every event of the machine is
 * here: a gesture, or why none.
 *
 * One tap per path, so what the page shows is known: it comes while the first read is out, or on the first
 * figures (a second one only while the re-read after it is out, which ends the path). A failed re-read is walked only after a tap heard while the first read was out (that read
 * already holds the tap): the figures it keeps are then the server's, and the model can tell such a page from
 * one that has not heard the tap yet.
 *
 * A second part has support set the player's multiplier instead (through the API): the page shows it only after
 * its re-read, so the walk waits until the page's stream delivered the multiplier's frame (it counts them).
 */
import { POLL_MS, REREAD_THROTTLE_MS } from "#src/machines/economy/live-read.machine.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { NETWORK } from "../models/doubles.ts";
import { stats } from "../models/stats.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  clock,
  dropStream,
  type Expectation,
  type Gesture,
  hold,
  multiplierSetElsewhere,
  type NotAGesture,
  notAGesture,
  notGestures,
  recordFrames,
  resetStream,
  restoreStream,
  tapElsewhere,
  type Walk,
  waitFor,
} from "./actions.ts";

export const STATS_LOAD: Call = { method: "GET", path: "/user/*/stats" };
const MAIN = { role: "main" } as const;
const HISTORY = { role: "region", name: "Multiplier history" } as const;
const LOAD_FAILED = "Could not load your statistics. Check your connection and try again.";

const NOT_NEWS =
  "a live event of another kind: the page does not read again on it (its `*` guard says no, which changes nothing, so XState's can() refuses it and no generated path takes it)";

type StatsWalkEvent =
  | "RETRY"
  | "QUERY"
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.load`
  | "xstate.after.REREAD_THROTTLE.stats.ready.stale"
  | "xstate.after.POLL.stats.ready.fresh";

export const statsGestures = {
  RETRY: () => [click({ role: "button", name: "Try again" }, MAIN)],
  QUERY: notAGesture(
    "the Stats page reads the signed-in player's own figures (its query is their id): no control changes it",
  ),
  // The player taps once on another device: the server pushes the new points (the header shows them).
  "POINTS.UPDATED": (event: { points: number }) => [
    tapElsewhere(1),
    waitFor({ text: event.points.toFixed(4) }),
  ],
  // Support sets the player's multiplier: the server pushes the points (unchanged) and the multiplier, which
  // /stats shows only once it reads again; the walk waits until the page heard the multiplier's frame.
  "MULTIPLIER.CHANGED": (event: { multiplier: number }) => [multiplierSetElsewhere(event.multiplier)],
  "xstate.done.actor.load": () => [answer(STATS_LOAD, "server")],
  "xstate.error.actor.load": () => [answer(STATS_LOAD, "network")],
  "xstate.after.REREAD_THROTTLE.stats.ready.stale": () => [clock(REREAD_THROTTLE_MS)],
  // The half-minute poll: it reads only while the stream is down (with it up XState's can() refuses it).
  "xstate.after.POLL.stats.ready.fresh": () => [clock(POLL_MS)],
  // The page hears whether the stream is up as it opens (the live-events bridge tells it at once); on figures
  // already shown it is the stream coming back after a drop.
  "STREAM.UP": (_event, _next, { before }) => (before.matches("ready") ? [restoreStream()] : []),
  // The stream drops and stays down while the rest of the network works (reads still reach the server).
  "STREAM.DOWN": () => [dropStream()],
  // The stream reconnects to a server that lost its position: its reset frame makes the page read again.
  "STREAM.RESET": () => [resetStream()],
  ...notGestures(
    [
      "WALLET.UPDATED",
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
    NOT_NEWS,
  ),
} satisfies Record<StatsWalkEvent, Gesture<never> | NotAGesture>;

/** What the model keeps of a read the server answered: the player's taps then (0, or the one elsewhere). */
type Read = { taps: number };

type Context = { data: Read | null; missedNews: boolean; streamUp: boolean };
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

const TAP: ModelEvent = { type: "POINTS.UPDATED", points: 1.001, totalTaps: 1, multiplier: 0.001 };
const SECOND_TAP: ModelEvent = { type: "POINTS.UPDATED", points: 1.002, totalTaps: 2, multiplier: 0.001 };
const REREAD: ModelEvent = { type: "xstate.after.REREAD_THROTTLE.stats.ready.stale" };
const POLL: ModelEvent = { type: "xstate.after.POLL.stats.ready.fresh" };
const STREAM_DOWN: ModelEvent = { type: "STREAM.DOWN" };
const STREAM_RESET: ModelEvent = { type: "STREAM.RESET" };
const read = (taps: number): ModelEvent => ({
  type: "xstate.done.actor.load",
  output: { taps } satisfies Read,
});
const FAILURE: ModelEvent = { type: "xstate.error.actor.load", error: NETWORK };

/** Only what a person on /stats (and on another device) can make happen, with one tap at most. */
export const statsWalkModel: ModelOptions<unknown> = {
  input: stats.input,
  actors: stats.actors,
  fakeActors: ["load"],
  events: (snapshot) => {
    const { data, missedNews, streamUp } = contextOf(snapshot);
    if (snapshot.matches("loading")) {
      // The page hears that the stream is up first (as it opens): the model's paths start with it.
      if (!streamUp) return [{ type: "STREAM.UP" }];
      // A held read is answered by the server as it is when answered: a tap made while it was out is in it.
      return [read(missedNews ? 1 : 0), FAILURE, ...(missedNews ? [] : [TAP])];
    }
    if (snapshot.matches("failed")) return [{ type: "RETRY" }];
    // The stream down: the half-minute poll reads, until the stream comes back (no push can come meanwhile).
    if (!streamUp && snapshot.matches({ ready: "fresh" })) return [POLL, { type: "STREAM.UP" }];
    if (!streamUp && snapshot.matches({ ready: "reading" })) return [read(data?.taps ?? 0), FAILURE];
    // The first figures, before the tap: the tap comes now, or the stream drops. Figures that hold the tap end
    // the path, see the stream drop, or see it reset (the server lost what it kept for the stream: the page
    // reads again behind the figures, and the answer holds the one tap).
    if (snapshot.matches({ ready: "fresh" }))
      return data?.taps === 0 ? [TAP, STREAM_DOWN] : [STREAM_DOWN, STREAM_RESET];
    if (snapshot.matches({ ready: "stale" })) return [REREAD];
    // A re-read follows the one tap: the server's answer holds it. It fails only where the figures it keeps
    // hold the tap too (see above).
    // A second tap while that re-read is out ends the path: the read it outdated stays held, unanswered (the
    // export extends the shortest path to the re-read by this one step, so nothing follows it).
    if (snapshot.matches({ ready: "reading" }))
      return data?.taps === 1 ? [read(1), FAILURE] : [read(1), SECOND_TAP];
    return [];
  },
  serializeState: (snapshot) => {
    const { data, missedNews, streamUp } = contextOf(snapshot);
    return JSON.stringify([snapshot.value, data, missedNews, streamUp]);
  },
};

/** What the second part's model keeps of a read: whether support's multiplier was set before it. */
type MultipliedRead = { multiplied: boolean };
const SET_BY_SUPPORT: ModelEvent = { type: "MULTIPLIER.CHANGED", multiplier: 0.002 };
const readMultiplied = (multiplied: boolean): ModelEvent => ({
  type: "xstate.done.actor.load",
  output: { multiplied } satisfies MultipliedRead,
});

/** Support sets the multiplier once, while the first read is out or on the first figures. */
export const multiplierWalkModel: ModelOptions<unknown> = {
  ...statsWalkModel,
  events: (snapshot) => {
    const { missedNews, streamUp } = contextOf(snapshot);
    const data = contextOf(snapshot).data as MultipliedRead | null;
    if (snapshot.matches("loading")) {
      if (!streamUp) return [{ type: "STREAM.UP" }];
      // A held read is answered by the server as it is then: a change made while it was out is in it.
      return [readMultiplied(missedNews), FAILURE, ...(missedNews ? [] : [SET_BY_SUPPORT])];
    }
    if (snapshot.matches("failed")) return [{ type: "RETRY" }];
    if (snapshot.matches({ ready: "fresh" })) return data?.multiplied ? [] : [SET_BY_SUPPORT];
    if (snapshot.matches({ ready: "stale" })) return [REREAD];
    if (snapshot.matches({ ready: "reading" })) return [readMultiplied(true), FAILURE];
    return [];
  },
};

export const statsWalk: Walk = {
  machine: "stats",
  parts: [
    {
      name: "the player's stats on /stats",
      model: statsWalkModel,
      gestures: statsGestures,
      before: [hold(STATS_LOAD)],
      start: {
        url: "/stats",
        account: "signedIn",
        claimedToday: true,
        ready: { role: "heading", name: "Stats" },
        ownClock: true,
      },
      atEnd: (leaf) => {
        const { data } = contextOf(leaf);
        const seen: Expectation[] = [];
        if (leaf.hasTag("loading")) seen.push({ see: { role: "status", name: "Loading your statistics" } });
        if (leaf.matches("failed")) seen.push({ see: { text: LOAD_FAILED } });
        if (leaf.matches("ready") && data) {
          // The totals (each label, then its value) as the server last read them.
          const points = (data.taps * 0.001).toFixed(4);
          seen.push({ seeIn: MAIN, text: `Taps${data.taps}Points from taps${points}` });
          seen.push({
            seeIn: HISTORY,
            text: "Still at the starting multiplier. Buy one from the Tap page.",
          });
          if (leaf.matches({ ready: "reading" }))
            seen.push({ see: { role: "status", name: "Updating your statistics" } });
        }
        return seen;
      },
    },
    {
      name: "a multiplier set by support while /stats is open",
      model: multiplierWalkModel,
      paths: "shortest",
      gestures: statsGestures,
      before: [hold(STATS_LOAD), recordFrames()],
      start: {
        url: "/stats",
        account: "signedIn",
        claimedToday: true,
        ready: { role: "heading", name: "Stats" },
        ownClock: true,
      },
      atEnd: (leaf) => {
        const data = contextOf(leaf).data as MultipliedRead | null;
        const seen: Expectation[] = [];
        if (leaf.hasTag("loading")) seen.push({ see: { role: "status", name: "Loading your statistics" } });
        if (leaf.matches("failed")) seen.push({ see: { text: LOAD_FAILED } });
        if (leaf.matches("ready") && data)
          seen.push({
            seeIn: HISTORY,
            text: data.multiplied ? "Set by support" : "Still at the starting multiplier.",
          });
        return seen;
      },
    },
  ],
};
