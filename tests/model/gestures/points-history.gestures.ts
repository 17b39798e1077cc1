/**
 * The points history walked on the real /rewards screen's Points history list (the exported
 * tests/e2e/generated/points-history.spec.ts). A signed-in player who already has two pages of credited batches
 * (tests/e2e/arrange/reads.ts: an oldest batch of 7 taps, then 20 of one tap) opens /rewards; the walk holds
 * the history's read, so the path says when and how each read is answered (by the server, or a network
 * failure). The player reads the first page, presses Show more for the oldest row, and taps on another device
 * (3 taps through the API): the server pushes the new points and the list reads its first page again,
 * quietly, putting the new row in front. Every event of the machine is here: a gesture, or why none.
 */
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { NETWORK } from "../models/doubles.ts";
import { pointsHistory } from "../models/points-history.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  type Expectation,
  type Gesture,
  hold,
  type NotAGesture,
  notAGesture,
  resetStream,
  tapElsewhere,
  type Walk,
} from "./actions.ts";

export const HISTORY_LOAD: Call = { method: "GET", path: "/user/*/points/history" };
const HISTORY = { role: "region", name: "Points history" } as const;
const LOAD_FAILED = "Could not load your points history. Check your connection and try again.";
const MORE_FAILED = "Could not load more. Check your connection and press Show more again.";
/** Taps the player makes on another device for each push: its row (+0.0030) is told apart from the others. */
const TAPS_ELSEWHERE = 3;

const NOT_HEARD = "a live event of another kind: the points history does not listen to it";

type PointsHistoryWalkEvent =
  | "MORE"
  | "RETRY"
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.loadHistoryPage`;

export const pointsHistoryGestures = {
  MORE: () => [click({ role: "button", name: "Show more" }, HISTORY)],
  RETRY: () => [click({ role: "button", name: "Try again" }, HISTORY)],
  // The player taps on another device: the server credits the batch and pushes the new points.
  "POINTS.UPDATED": () => [tapElsewhere(TAPS_ELSEWHERE)],
  "xstate.done.actor.loadHistoryPage": () => [answer(HISTORY_LOAD, "server")],
  "xstate.error.actor.loadHistoryPage": () => [answer(HISTORY_LOAD, "network")],
  // The stream reconnects to a server that lost its position: its reset frame makes the list read anew.
  "STREAM.RESET": () => [resetStream()],
  "STREAM.UP": notAGesture("the stream's status, which the points history does not keep"),
  "STREAM.DOWN": notAGesture("the stream's status, which the points history does not keep"),
  "WALLET.UPDATED": notAGesture(NOT_HEARD),
  "MULTIPLIER.CHANGED": notAGesture(NOT_HEARD),
  "DEPOSIT.UPDATED": notAGesture(NOT_HEARD),
  "WITHDRAWAL.UPDATED": notAGesture(NOT_HEARD),
  "ACHIEVEMENT.UNLOCKED": notAGesture(NOT_HEARD),
  "BOOSTER.CHANGED": notAGesture(NOT_HEARD),
  "REFERRAL.UPDATED": notAGesture(NOT_HEARD),
  "STANDING.CHANGED": notAGesture(NOT_HEARD),
  "SESSION.REVOKED": notAGesture(NOT_HEARD),
  "ADMIN.METRICS": notAGesture(NOT_HEARD),
  "ADMIN.AUDIT": notAGesture(NOT_HEARD),
  "ADMIN.RISK": notAGesture(NOT_HEARD),
} satisfies Record<PointsHistoryWalkEvent, Gesture<never> | NotAGesture>;

const row = (id: string, taps: number) => ({
  id,
  kind: "taps" as const,
  points: 0.001 * taps,
  multiplier: 0.001,
  factor: 1,
  timestamp: "2030-01-02T12:00:00.000Z",
});

/** The first page as the arrangement makes it: 20 batches of one tap, and more to come. */
const FIRST_PAGE = Array.from({ length: 20 }, (_, index) => row(`one-${index}`, 1));
/** The second page: the oldest batch, 7 taps, and nothing after it. */
const OLDEST = row("oldest", 7);
/** The batch tapped on another device, in front of the first page read again. */
const PUSHED_ROW = row("pushed", TAPS_ELSEWHERE);

type Row = { id: string };
const rowsOf = (snapshot: { context: unknown }) => (snapshot.context as { rows: Row[] }).rows;
const shows = (snapshot: { context: unknown }, id: string) =>
  rowsOf(snapshot).some((shown) => shown.id === id);

/** Only what a person on /rewards (and on another device) can make happen. */
export const pointsHistoryWalkModel: ModelOptions<unknown> = {
  input: pointsHistory.input,
  actors: pointsHistory.actors,
  fakeActors: ["loadHistoryPage"],
  events: (snapshot) => {
    const behind = (snapshot.context as { behind: boolean }).behind;
    const read = (output: unknown): ModelEvent[] => [
      { type: "xstate.done.actor.loadHistoryPage", output },
      { type: "xstate.error.actor.loadHistoryPage", error: NETWORK },
    ];
    const push: ModelEvent = {
      type: "POINTS.UPDATED",
      points: 1.03,
      totalTaps: 30,
      multiplier: 0.001,
    };
    if (snapshot.matches("loading")) return read({ history: FIRST_PAGE, nextCursor: "page-2" });
    if (snapshot.matches("failed")) return [{ type: "RETRY" }];
    // Taps elsewhere while the list is at rest until their row shows (more pushes there walk nothing new);
    // while a read is out, one push: the list falls behind and reads again after it.
    // A reset (the server lost what it kept for the stream) reads the first page anew: offered before the
    // push, so that page is the one the list first read.
    if (snapshot.matches({ ready: "idle" }))
      return [{ type: "MORE" }, ...(shows(snapshot, "pushed") ? [] : [push, { type: "STREAM.RESET" }])];
    if (snapshot.matches({ ready: "more" }))
      return [...read({ history: [OLDEST], nextCursor: null }), ...(behind ? [] : [push])];
    if (snapshot.matches({ ready: "refreshing" }))
      return [
        ...read({ history: [PUSHED_ROW, ...FIRST_PAGE.slice(0, 19)], nextCursor: "page-2" }),
        ...(behind ? [] : [push]),
      ];
    return [];
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      shows(snapshot, "oldest"),
      shows(snapshot, "pushed"),
      snapshot.context.nextCursor,
      snapshot.context.behind,
      snapshot.context.moreFailed,
    ]),
};

export const pointsHistoryWalk: Walk = {
  machine: "points-history",
  parts: [
    {
      name: "the points history on /rewards",
      model: pointsHistoryWalkModel,
      gestures: pointsHistoryGestures,
      before: [hold(HISTORY_LOAD)],
      start: {
        url: "/rewards",
        account: "signedIn",
        arrange: { file: "reads", name: "twoPagesOfHistory" },
        ready: { role: "heading", name: "Points history" },
      },
      atEnd: (leaf) => {
        const seen: Expectation[] = [];
        if (leaf.matches("loading")) seen.push({ see: { role: "status", name: "Loading points history" } });
        if (leaf.matches("failed")) seen.push({ seeIn: HISTORY, text: LOAD_FAILED });
        if (leaf.matches("ready")) {
          // The first page: the newest batches of one tap each.
          seen.push({ seeIn: HISTORY, text: "+0.0010" });
          if (shows(leaf, "oldest")) seen.push({ seeIn: HISTORY, text: "+0.0070" });
          if (shows(leaf, "pushed")) seen.push({ seeIn: HISTORY, text: "+0.0030" });
          if (leaf.matches({ ready: "more" })) seen.push({ see: { role: "button", name: "Loading..." } });
          else if (leaf.context.nextCursor !== null)
            seen.push({ see: { role: "button", name: "Show more" } });
          if (leaf.context.moreFailed) seen.push({ seeIn: HISTORY, text: MORE_FAILED });
        }
        return seen;
      },
    },
  ],
};
