/**
 * The standing machine walked through Home's "Your account" card and its "Ask for a review" dialog (the
 * exported tests/e2e/generated/standing.spec.ts). The suite's admin freezes a fresh account before Home opens
 * (tests/e2e/arrange/standing.ts); the walk holds the standing read and the appeal, so the path says when and
 * how each is answered. What the server would refuse is caused for real: an appeal already open was sent from
 * another device, and the admin unfreezing the account in the back office pushes the change. A reset of the
 * live stream (the server lost its position) makes the card read again.
 * Every event of the machine is here: a gesture, or why none.
 */
import type { AnyMachineSnapshot } from "xstate";
import { APPEAL_OPEN_MESSAGE, STANDING_MESSAGES } from "#contracts/fair-play-rules.ts";
import { NETWORK_ERROR } from "#src/api/errors.ts";
import {
  APPEAL_FAILED,
  APPEAL_SENT,
  RETRY_MS,
  type StandingContext,
  type StandingEvent,
} from "#src/machines/fair-play/standing.machine.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { NETWORK } from "../models/doubles.ts";
import { APPEAL_OPEN, standing } from "../models/standing.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  appealElsewhere,
  asked,
  type Call,
  click,
  clock,
  decideElsewhere,
  type Expectation,
  fill,
  type Gesture,
  hold,
  type NotAGesture,
  notAGesture,
  notGestures,
  press,
  resetStream,
  type Walk,
} from "./actions.ts";

export const STANDING_LOAD: Call = { method: "GET", path: "/user/*/standing" };
export const APPEAL_SEND: Call = { method: "POST", path: "/user/*/standing/appeal" };
const CARD = { role: "region", name: "Your account" } as const;
const DIALOG = { role: "dialog", name: "Ask for a review" } as const;
const FIELD = "What should we know?";
const SHORT = "no";
const WORDS = "I tap with two thumbs.";
/** What the player wrote on the other device (the appeal already open when this one is sent). */
const ELSEWHERE = "From my phone.";

const FROZEN = { status: "frozen", message: STANDING_MESSAGES.frozen, appeal: null };
const APPEALED_ELSEWHERE = {
  status: "frozen",
  message: STANDING_MESSAGES.frozen,
  appeal: { at: "2030-01-02T11:00:00.000Z", message: ELSEWHERE },
};
const UNFROZEN = { status: "ok", message: STANDING_MESSAGES.ok, appeal: null };

type StandingWalkEvent =
  | StandingEvent["type"]
  | LiveEvent["type"]
  | "xstate.after.RETRY.standing.failed"
  | `xstate.${"done" | "error"}.actor.${"loadStanding" | "sendAppeal"}`;
type ErrorEvent = { error: { code: string } };

const PUSHED =
  "the stream's own state, pushed by the server and passed on by the root: walked with live-stream";
const NOT_HEARD = "a live event of another kind: the standing card does not listen to it";

export const standingGestures = {
  // A failed read is tried again by itself (no screen offers Try again): the clock moves to it.
  "xstate.after.RETRY.standing.failed": () => [clock(RETRY_MS)],
  OPEN: () => [click({ role: "button", name: "Ask for a review" }, CARD)],
  CLOSE: () => [press("Escape")],
  "DRAFT.CHANGE": ((event: { value: string }) => [fill(FIELD, event.value)]) as Gesture<never>,
  SEND: () => [click({ role: "button", name: "Send" }, DIALOG)],
  // The admin unfreezes the account in the back office: the server pushes `standing`.
  "STANDING.CHANGED": () => [decideElsewhere("unfreeze")],
  "xstate.done.actor.loadStanding": () => [answer(STANDING_LOAD, "server")],
  "xstate.error.actor.loadStanding": () => [answer(STANDING_LOAD, "network")],
  "xstate.done.actor.sendAppeal": () => [answer(APPEAL_SEND, "server")],
  // APPEAL_OPEN is the server's own answer: the player asked from another device first.
  "xstate.error.actor.sendAppeal": ((event: ErrorEvent) =>
    event.error.code === APPEAL_OPEN.code
      ? [appealElsewhere(ELSEWHERE), answer(APPEAL_SEND, "server")]
      : [answer(APPEAL_SEND, "network")]) as Gesture<never>,
  // The stream reconnects to a server that lost its position: its reset frame makes the card read again.
  "STREAM.RESET": () => [resetStream(), asked(STANDING_LOAD, 1)],
  "STREAM.DOWN": notAGesture(PUSHED),
  "STREAM.UP": notAGesture(PUSHED),
  ...notGestures(
    [
      "POINTS.UPDATED",
      "WALLET.UPDATED",
      "MULTIPLIER.CHANGED",
      "ACHIEVEMENT.UNLOCKED",
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
} satisfies Record<StandingWalkEvent, Gesture<never> | NotAGesture>;

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as StandingContext;

/**
 * What the real server answers each read with: frozen at first; after the admin unfroze it, in good standing;
 * after an appeal sent from another device (the only way this walk reloads with a draft kept), with that appeal.
 */
function readAnswer(snapshot: AnyMachineSnapshot) {
  const { standing: shown, draft } = context(snapshot);
  if (shown === null) return FROZEN;
  return draft === "" ? UNFROZEN : APPEALED_ELSEWHERE;
}

/** Only what a person on Home (and the admin, and their other device) can make happen. */
export const standingWalkModel: ModelOptions<unknown> = {
  ...standing,
  events: (snapshot) => {
    const { standing: shown, draft } = context(snapshot);
    if (snapshot.matches("loading"))
      return [
        { type: "xstate.done.actor.loadStanding", output: readAnswer(snapshot) },
        ...(shown === null ? [{ type: "xstate.error.actor.loadStanding", error: NETWORK }] : []),
      ] satisfies ModelEvent[];
    if (snapshot.matches("failed")) return [{ type: "xstate.after.RETRY.standing.failed" }];
    if (snapshot.matches({ ready: "closed" }))
      return shown?.status === "frozen" && shown.appeal === null && draft === ""
        ? [{ type: "OPEN" }, { type: "STANDING.CHANGED", status: "ok" }]
        : shown?.status === "frozen" && shown.appeal === null
          ? [{ type: "OPEN" }]
          : // A reset is walked once the account is back in good standing: the read after it finds the same.
            shown?.status === "ok"
            ? [{ type: "STREAM.RESET" }]
            : [];
    if (snapshot.matches({ ready: { open: "editing" } }))
      return [
        ...(draft === "" ? [{ type: "DRAFT.CHANGE", value: SHORT }] : []),
        ...(draft.trim().length < 3 ? [{ type: "DRAFT.CHANGE", value: WORDS }] : []),
        { type: "SEND" },
        { type: "CLOSE" },
      ] satisfies ModelEvent[];
    if (snapshot.matches({ ready: { open: "sending" } }))
      return [
        { type: "xstate.done.actor.sendAppeal", output: undefined },
        { type: "xstate.error.actor.sendAppeal", error: APPEAL_OPEN },
        { type: "xstate.error.actor.sendAppeal", error: NETWORK },
      ] satisfies ModelEvent[];
    return [];
  },
};

const has = (events: ModelEvent[], type: string, code?: string) =>
  events.some(
    (event) =>
      event.type === type && (code === undefined || (event as Partial<ErrorEvent>).error?.code === code),
  );

function atEnd(leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] {
  const { standing: shown, draftError, sendError } = context(leaf);
  const seen: Expectation[] = [];
  // An open dialog is modal: the page behind it (the card) is hidden from the accessibility tree.
  if (shown?.status === "frozen" && !leaf.matches({ ready: "open" })) {
    seen.push({ seeIn: CARD, text: STANDING_MESSAGES.frozen }, { seeIn: CARD, text: "Taps paused" });
    if (shown.appeal)
      seen.push(
        { seeIn: CARD, text: "You asked for a review on" },
        { seeIn: CARD, text: shown.appeal.message },
      );
    else if (!leaf.matches("loading")) seen.push({ see: { role: "button", name: "Ask for a review" } });
  }
  if (leaf.matches({ ready: "open" })) {
    seen.push({ see: DIALOG });
    // What went wrong is said in the dialog (kept in the context after it closes, cleared when it opens).
    if (draftError) seen.push({ seeIn: DIALOG, text: draftError });
    // A lost answer says what the API client says of it (the machine's own words only when it has none).
    if (sendError) seen.push({ seeIn: DIALOG, text: NETWORK_ERROR.message || APPEAL_FAILED });
  }
  if (leaf.matches({ ready: { open: "sending" } }))
    seen.push({ see: { role: "button", name: "Processing..." } });
  if (has(events, "xstate.done.actor.sendAppeal")) seen.push({ see: { text: APPEAL_SENT } });
  if (has(events, "xstate.error.actor.sendAppeal", APPEAL_OPEN.code))
    seen.push({ see: { text: APPEAL_OPEN_MESSAGE } });
  return seen;
}

export const standingWalk: Walk = {
  machine: "standing",
  parts: [
    {
      name: "a frozen account asks for a review on /home",
      model: standingWalkModel,
      gestures: standingGestures,
      before: [hold(STANDING_LOAD), hold(APPEAL_SEND)],
      start: {
        url: "/home",
        account: "signedIn",
        arrange: { file: "standing", name: "frozenAccount" },
        ready: { text: "Rewards Balance" },
      },
      atEnd,
    },
  ],
};
