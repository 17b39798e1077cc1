/**
 * The leaderboard machine walked on the real /leaderboard screen (the exported
 * tests/e2e/generated/leaderboard.spec.ts). Another player has tapped today (tests/e2e/arrange/reads.ts); the
 * walk's player, today's streak claimed and no taps yet, opens today's board. The walk holds the board's read,
 * so the path says when and how each read is answered (the server, or a network failure); the player moves to
 * This week's tab, taps once on another device (the server pushes the new points: the header shows them before
 * the next step, so the clock never moves before the push is heard), and the page's clock runs on to the
 * re-read after news (5 s) and the half-minute poll. The live stream may drop on a board shown while the rest of
 * the network works (no push comes then) and come back. Every event of the machine is here: a gesture, or why
 * none.
 *
 * One push per path at most, so what the board and the header show is known: a push is offered on today's
 * board (while it loads the first time, or on its first figures), or on this week's board while its poll's
 * read is out; each read's answer notes in the model whether it came after the push (`tag`).
 */

import { POLL_MS, REREAD_THROTTLE_MS } from "#src/machines/economy/live-read.machine.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { NETWORK } from "../models/doubles.ts";
import { leaderboard } from "../models/leaderboard.model.ts";
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
  type NotAGesture,
  notAGesture,
  resetStream,
  restoreStream,
  tapElsewhere,
  type Walk,
  waitFor,
} from "./actions.ts";

export const LEADERBOARD_LOAD: Call = { method: "GET", path: "/leaderboard" };
const LABELS: Record<string, string> = { day: "Today", week: "This week" };
const LOAD_FAILED = "Could not load the leaderboard. Check your connection and try again.";
/** The header's rewards after the one tap elsewhere: today's streak reward (1 point) and 0.001. */
const BALANCE_AFTER_PUSH = "1.0010";

const NOT_NEWS =
  "a live event of another kind: the board does not read again on it (its `*` guard says no), and nothing on this page causes one";

type LeaderboardWalkEvent =
  | "RETRY"
  | "QUERY"
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.load`
  | "xstate.after.REREAD_THROTTLE.leaderboard.ready.stale"
  | "xstate.after.POLL.leaderboard.ready.fresh";

export const leaderboardGestures = {
  RETRY: () => [click({ role: "button", name: "Try again" })],
  // A period tab: the URL follows (?period=week) and the page sends QUERY. A few frames for Ark UI's tabs.
  QUERY: (event: { query: string }) => [
    click({ role: "tab", name: LABELS[event.query] ?? event.query }),
    clock(50),
  ],
  // The player taps once on another device: the server pushes the new points (the header shows them).
  "POINTS.UPDATED": () => [tapElsewhere(1), waitFor({ text: BALANCE_AFTER_PUSH })],
  "xstate.done.actor.load": () => [answer(LEADERBOARD_LOAD, "server")],
  "xstate.error.actor.load": () => [answer(LEADERBOARD_LOAD, "network")],
  "xstate.after.REREAD_THROTTLE.leaderboard.ready.stale": () => [clock(REREAD_THROTTLE_MS)],
  "xstate.after.POLL.leaderboard.ready.fresh": () => [clock(POLL_MS)],
  // The page hears whether the stream is up as it opens (the live-events bridge tells it at once); once a
  // board was shown it is the stream coming back after a drop.
  "STREAM.UP": (_event, _next, { before }) => (contextOf(before).data === null ? [] : [restoreStream()]),
  // The stream drops and stays down while the rest of the network works: the board still polls every half
  // minute (pollWhileUp), and no push comes until the stream is back.
  "STREAM.DOWN": () => [dropStream()],
  // The stream reconnects to a server that lost its position: its reset frame makes the board read again.
  "STREAM.RESET": () => [resetStream()],
  "WALLET.UPDATED": notAGesture(NOT_NEWS),
  "MULTIPLIER.CHANGED": notAGesture(NOT_NEWS),
  "DEPOSIT.UPDATED": notAGesture(NOT_NEWS),
  "WITHDRAWAL.UPDATED": notAGesture(NOT_NEWS),
  "ACHIEVEMENT.UNLOCKED": notAGesture(NOT_NEWS),
  "BOOSTER.CHANGED": notAGesture(NOT_NEWS),
  "REFERRAL.UPDATED": notAGesture(NOT_NEWS),
  "STANDING.CHANGED": notAGesture(NOT_NEWS),
  "SESSION.REVOKED": notAGesture(NOT_NEWS),
  "ADMIN.METRICS": notAGesture(NOT_NEWS),
  "ADMIN.AUDIT": notAGesture(NOT_NEWS),
  "ADMIN.RISK": notAGesture(NOT_NEWS),
} satisfies Record<LeaderboardWalkEvent, Gesture<never> | NotAGesture>;

/** What the model keeps of a board the server answered: its period, and whether it was read after the push. */
type Board = { period: string; tag: "first" | "pushed" };

type Context = { query: string; data: Board | null; missedNews: boolean; streamUp: boolean };
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

const PUSH: ModelEvent = { type: "POINTS.UPDATED", points: 1.001, totalTaps: 1, multiplier: 0.001 };
const REREAD: ModelEvent = { type: "xstate.after.REREAD_THROTTLE.leaderboard.ready.stale" };
const POLL: ModelEvent = { type: "xstate.after.POLL.leaderboard.ready.fresh" };
const STREAM_UP: ModelEvent = { type: "STREAM.UP" };
const STREAM_DOWN: ModelEvent = { type: "STREAM.DOWN" };
const STREAM_RESET: ModelEvent = { type: "STREAM.RESET" };

/** Only what a person on /leaderboard (and on another device) can make happen, with at most one push. */
export const leaderboardWalkModel: ModelOptions<unknown> = {
  input: leaderboard.input,
  actors: leaderboard.actors,
  fakeActors: ["load"],
  events: (snapshot) => {
    const { query, data, missedNews, streamUp } = contextOf(snapshot);
    const day = query === "day";
    const first = data?.tag === "first";
    const done = (tag: Board["tag"]): ModelEvent => ({
      type: "xstate.done.actor.load",
      output: { period: query, tag } satisfies Board,
    });
    const failure: ModelEvent = { type: "xstate.error.actor.load", error: NETWORK };
    const toWeek: ModelEvent[] = day ? [{ type: "QUERY", query: "week" }] : [];
    if (snapshot.matches("loading")) {
      // The page hears that the stream is up first, as it opens: every path starts with it, so a stream down
      // later in the model is one that dropped.
      if (!streamUp && data === null && !missedNews) return [STREAM_UP];
      return [
        done(missedNews ? "pushed" : "first"),
        failure,
        // The first load of today's board, before anything was pushed (the stream is up: it was heard).
        ...(day && data === null && !missedNews && streamUp ? [PUSH] : []),
      ];
    }
    if (snapshot.matches("failed")) return [{ type: "RETRY" }, ...toWeek];
    // The stream down (dropped on a board shown): the boards still poll and change tabs, no push comes.
    // (This week's tab only before the push, as with the stream up: the week's first read is then known.)
    if (!streamUp && snapshot.matches({ ready: "fresh" }))
      return [...(day ? (first ? toWeek : []) : [POLL]), STREAM_UP];
    if (!streamUp && snapshot.matches({ ready: "reading" })) return [done(data?.tag ?? "first"), failure];
    // A reset (the server lost what it kept for the stream) reads again behind the board: offered where the
    // new read's answer is known (today's board after the push, or this week's).
    if (snapshot.matches({ ready: "fresh" })) {
      if (day) return first ? [PUSH, ...toWeek, STREAM_DOWN] : [STREAM_DOWN, STREAM_RESET];
      return [POLL, STREAM_DOWN, STREAM_RESET];
    }
    // This week's board pushed while its poll's read was out: the path ends waiting for the re-read.
    if (snapshot.matches({ ready: "stale" })) return !day && first ? [] : [REREAD];
    if (snapshot.matches({ ready: "reading" })) {
      // Today's board reads again only after the push; this week's after a poll, keeping its tag.
      if (day) return first ? [done("pushed")] : [done("pushed"), failure];
      return [done(data?.tag ?? "first"), failure, ...(first ? [PUSH] : [])];
    }
    return [];
  },
  serializeState: (snapshot) => {
    const { query, data, missedNews, streamUp } = contextOf(snapshot);
    return JSON.stringify([snapshot.value, query, data, missedNews, streamUp]);
  },
};

export const leaderboardWalk: Walk = {
  machine: "leaderboard",
  parts: [
    {
      name: "today's and this week's boards on /leaderboard",
      model: leaderboardWalkModel,
      gestures: leaderboardGestures,
      before: [hold(LEADERBOARD_LOAD)],
      start: {
        url: "/leaderboard",
        account: "signedIn",
        claimedToday: true,
        arrange: { file: "reads", name: "anotherPlayerTapped" },
        ready: { role: "heading", name: "Leaderboard" },
        ownClock: true,
      },
      atEnd: (leaf) => {
        const { query, data } = contextOf(leaf);
        const label = LABELS[query] ?? query;
        const seen: Expectation[] = [];
        if (query === "week") seen.push({ url: "/leaderboard?period=week" });
        // A board of another period is not shown: the new one loads.
        const shown = leaf.matches("ready") && data?.period === query;
        if (leaf.hasTag("loading") || (leaf.matches("ready") && !shown))
          seen.push({ see: { role: "status", name: `Loading the leaderboard: ${label}` } });
        if (leaf.matches("failed")) seen.push({ see: { text: LOAD_FAILED } });
        if (shown) {
          const table = { role: "table", name: `Leaderboard: ${label}` } as const;
          seen.push({ seeIn: table, text: "Grace Hopper" });
          seen.push(
            data?.tag === "pushed"
              ? { seeIn: { role: "tabpanel" }, text: "with 0.0010 points" }
              : { see: { text: "Tap to get on the board." } },
          );
          if (leaf.matches({ ready: "reading" }))
            seen.push({ see: { role: "status", name: "Updating the leaderboard" } });
        }
        return seen;
      },
    },
  ],
};
