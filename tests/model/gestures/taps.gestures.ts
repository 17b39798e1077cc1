/**
 * The taps machine walked through the real /tap and /home screens (tests/model/taps.walk.test.tsx, and the
 * exported tests/e2e/generated/taps.spec.ts). TAP clicks the coin; FLUSH leaves the tap page (its unmount
 * sends what was tapped); ONLINE and PAGEHIDE are the browser's own. The walk holds the points load and the
 * tap sync, so the path says when and how each is answered: by the server, a network failure or a frozen
 * account's refusal. The timers (6 s debounce, 30 s deadline, back-off, 30 s reload) are the clock moving on
 * (the exported spec owns the browser's clock). Every event of the machine is here: a gesture, or why none.
 */

import {
  BACKOFF_MS,
  COMBO_RESET_MS,
  MAX_SYNC_DELAY_MS,
  pendingTaps,
  RELOAD_DELAY_MS,
  SYNC_DELAY_MS,
  type TapsEvent,
} from "#src/machines/taps/taps.types.ts";
import { formatRewards } from "#src/ui/kit/format.ts";
import { storeHolding } from "../../support/app-doubles.ts";
import { NETWORK, numberedIds } from "../models/doubles.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  asked,
  type Call,
  COIN,
  click,
  clock,
  decideElsewhere,
  dispatch,
  type Expectation,
  type Gesture,
  hold,
  type NotAGesture,
  notAGesture,
  type Outcome,
  offline,
  online,
  pass,
  toPage,
  unlessVisible,
  type Walk,
  type WalkPart,
  waitFor,
} from "./actions.ts";

/** A frozen account's sync (docs/fair-play.md): the batches wait in `frozen`, not retried. */
const FROZEN = {
  code: "ACCOUNT_FROZEN",
  message: "Your account is under review. Taps are paused.",
  status: 403,
};
const BANNER = { role: "banner" } as const;
const tapsIn = (events: ModelEvent[]) => events.filter((event) => event.type === "TAP").length;

/** The calls the walk holds: the points load (one of the three reads of loadRewards) and the tap sync. */
export const POINTS_LOAD: Call = { method: "GET", path: "/user/*/points" };
export const TAP_SYNC: Call = { method: "POST", path: "/user/*/points" };

/** A failure of the model as the held call's answer: no answer at all, or the API's error body. */
const outcomeOf = (error: unknown): Outcome => {
  const { status, code, message } = error as typeof NETWORK;
  return status === 0 ? "network" : { status, code, message };
};

const PUSHED = "pushed by the server's live stream and passed on by the root actor: walked with live-stream";
const OTHER_TAB =
  "another tab of this browser (its store child tells it): the `with other tabs` suite replays it; a walk with a second tab (the `tab` action) is still to come";

type TapsWalkEvent =
  | TapsEvent["type"]
  | `xstate.${"done" | "error"}.actor.${"loadRewards" | "sendBatch" | "loadWalletBalance"}`
  | `xstate.after.${"SYNC_DELAY" | "MAX_SYNC_DELAY" | "BACKOFF" | "RELOAD_DELAY"}.taps.ready.${string}`;

export const tapsGestures = {
  TAP: () => [unlessVisible(COIN, [toPage("Tap")]), click(COIN)],
  FLUSH: () => [
    unlessVisible(COIN, [toPage("Tap"), waitFor(COIN)]),
    toPage("Home"),
    waitFor({ text: "Rewards Balance" }),
  ],
  // The page sends every batch it holds with keepalive as it hides: those go to the server unheld.
  PAGEHIDE: (_event, _next, { after }) => [
    pass(TAP_SYNC, after.context.batches.length),
    dispatch("pagehide"),
  ],
  ONLINE: () => [offline(), online()],
  "xstate.done.actor.loadRewards": () => [answer(POINTS_LOAD, "server")],
  "xstate.error.actor.loadRewards": () => [answer(POINTS_LOAD, "network")],
  "xstate.done.actor.sendBatch": () => [answer(TAP_SYNC, "server")],
  "xstate.error.actor.sendBatch": (event: { error: unknown }) => [answer(TAP_SYNC, outcomeOf(event.error))],
  "xstate.done.actor.loadWalletBalance": notAGesture(
    "read after WALLET.MOVED, which no gesture of this walk sends (its own suite, `the wallet read after a move`, replays it)",
  ),
  "xstate.error.actor.loadWalletBalance": notAGesture(
    "read after WALLET.MOVED, which no gesture of this walk sends (its own suite, `the wallet read after a move`, replays it)",
  ),
  "xstate.after.SYNC_DELAY.taps.ready.debounce.waiting": () => [clock(SYNC_DELAY_MS)],
  "xstate.after.MAX_SYNC_DELAY.taps.ready.deadline.armed": () => [clock(MAX_SYNC_DELAY_MS)],
  "xstate.after.BACKOFF.taps.ready.sync.retrying": (_event, _next, { before }) => [
    clock(BACKOFF_MS[Math.min(before.context.failures - 1, BACKOFF_MS.length - 1)] ?? BACKOFF_MS[0]!),
  ],
  "xstate.after.RELOAD_DELAY.taps.ready.figures.stale": () => [clock(RELOAD_DELAY_MS)],
  // A second without a tap ends the combo (a delayed event each tap moves on).
  "COMBO.END": () => [clock(COMBO_RESET_MS)],
  "REWARDS.UPDATED": notAGesture("the reward dialogs send it after a purchase: walked with them"),
  "BOOST.FACTOR": notAGesture("the boosters actor tells it through the root: walked with boosters"),
  "WALLET.MOVED": notAGesture(
    "the root sends it when a deposit or withdrawal moves the wallet with the stream down: the person is on /wallet, and GET /wallet/balance, which it reads, cannot be held (the points load and the wallet page read it too)",
  ),
  "TAPS.SETTLE": notAGesture("a rewards withdrawal asks it before going out: walked with withdraw-rewards"),
  "STORE.LOADED": notAGesture("the store child reads the stored figures at start: taps-store's paths"),
  "STORE.CHANGED": notAGesture(OTHER_TAB),
  "STORE.ADOPTED": notAGesture(OTHER_TAB),
  "POINTS.UPDATED": notAGesture(PUSHED),
  "WALLET.UPDATED": notAGesture(PUSHED),
  "MULTIPLIER.CHANGED": notAGesture(PUSHED),
  // Support unfreezes the account: the server pushes its standing back to ok, and the batches go out again.
  // The walk's refusal (403 ACCOUNT_FROZEN) is the API's answer, not a freeze on the server, so support
  // freezes it first: the standing then really changes, which is when the server pushes it. The waiting batch
  // then goes out again (the walk waits for it to reach the held call).
  "STANDING.CHANGED": () => [decideElsewhere("freeze"), decideElsewhere("unfreeze"), asked(TAP_SYNC, 1)],
  "STREAM.RESET": notAGesture(PUSHED),
  "STREAM.DOWN": notAGesture(PUSHED),
} satisfies Record<TapsEvent["type"], Gesture<never> | NotAGesture> &
  Partial<Record<TapsWalkEvent, Gesture<never> | NotAGesture>>;

/** A fresh account's figures as the points load answers them. */
const LOADED_FRESH: ModelEvent = {
  type: "xstate.done.actor.loadRewards",
  output: { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1_000, walletBalanceMicro: 0 },
};
/** The server's answer to a batch of one tap, after `totalTaps` before it. */
const creditedOne = (totalTaps: number) => ({
  points: (totalTaps + 1) / 1000,
  totalTaps: totalTaps + 1,
  multiplier: 0.001,
  credited: { taps: 1, points: 0.001, comboBonus: 0 },
  streak: null,
  replayed: false,
});

export const tapsWalkModel: ModelOptions<unknown> = {
  // Each batch has an id of its own, as in the app (the real-clock check replays paths with two at once).
  input: { userId: "u1", newId: numberedIds("batch"), now: () => 0 },
  // The calls whose answers the paths take (the walk holds them until the step that answers).
  fakeActors: ["loadRewards", "sendBatch"],
  // For replaying a path on a simulated clock (walk-paths.ts): no storage, no closing page.
  actors: { store: storeHolding(null) },
  actions: { sendBeforeUnload: () => {} },
  events: (snapshot) => [
    // At most two taps waiting keeps the model small; the unit tests and e2e count real volumes. A frozen
    // account's coin is paused; support may unfreeze it.
    ...(snapshot.matches({ ready: { sync: "frozen" } })
      ? [{ type: "STANDING.CHANGED", status: "ok" }]
      : pendingTaps(snapshot.context) < 2
        ? [{ type: "TAP" }]
        : []),
    { type: "FLUSH" },
    { type: "PAGEHIDE" },
    { type: "ONLINE" },
    LOADED_FRESH,
    { type: "xstate.error.actor.loadRewards", error: NETWORK },
    { type: "xstate.done.actor.sendBatch", output: creditedOne(snapshot.context.totalTaps) },
    { type: "xstate.error.actor.sendBatch", error: NETWORK },
    { type: "xstate.error.actor.sendBatch", error: FROZEN },
    { type: "xstate.after.SYNC_DELAY.taps.ready.debounce.waiting" },
    { type: "xstate.after.MAX_SYNC_DELAY.taps.ready.deadline.armed" },
    { type: "xstate.after.BACKOFF.taps.ready.sync.retrying" },
    { type: "xstate.after.RELOAD_DELAY.taps.ready.figures.stale" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.unsyncedTaps,
      snapshot.context.batches.length,
      Math.min(snapshot.context.failures, 1),
      snapshot.context.loaded,
    ]),
};

/** What the header shows: the day's reward the account claimed before the walk (1 point), and 0.001 a tap. */
const CLAIMED_BEFORE = 1;
const shownRewards = (made: number) => formatRewards(CLAIMED_BEFORE + made * 0.001);

/** What a step shows: the header once the figures are in, the server's total once a sync is answered. */
const checkAfter: WalkPart["after"] = ({ event, state, before }) => {
  // The figures are in: the header counts every tap made so far (the server's and those waiting).
  if (event.type === "xstate.done.actor.loadRewards")
    return [{ seeIn: BANNER, text: shownRewards(tapsIn([...before, event])) }];
  if (event.type !== "xstate.done.actor.sendBatch") return [];
  // The answer is in: the server holds every tap made so far but those still waiting.
  return [{ serverTotalTaps: tapsIn([...before, event]) - pendingTaps(state.context) }];
};

/** What a path ends on: the header counts every tap made, the server every tap no longer waiting. */
const checkAtEnd: WalkPart["atEnd"] = (leaf, events) => {
  const made = tapsIn(events);
  const seen: Expectation[] = [];
  // With no figures yet the header shows placeholders; once loaded it counts every tap made.
  if (!leaf.hasTag("loading")) seen.push({ seeIn: BANNER, text: shownRewards(made) });
  if (pendingTaps(leaf.context) === 0) seen.push({ serverTotalTaps: made });
  return seen;
};

/**
 * Support unfreezes an account whose sync the server refused (403 ACCOUNT_FROZEN): a tap, its refusal, the
 * standing pushed back to ok, and the waiting batch sent again (the STANDING.CHANGED gesture waits for it). The main part's shortest paths reach the
 * same states without the unfreeze, so it is a part of its own.
 */
export const unfreezeWalkModel: ModelOptions<unknown> = {
  ...tapsWalkModel,
  events: (snapshot) => {
    if (snapshot.matches("loading")) return [LOADED_FRESH];
    if (snapshot.matches({ ready: { sync: "frozen" } })) return [{ type: "STANDING.CHANGED", status: "ok" }];
    if (snapshot.matches({ ready: { sync: "sending" } }))
      return [
        { type: "xstate.error.actor.sendBatch", error: FROZEN },
        { type: "xstate.done.actor.sendBatch", output: creditedOne(snapshot.context.totalTaps) },
      ];
    if (snapshot.context.unsyncedTaps > 0) return [{ type: "FLUSH" }];
    return pendingTaps(snapshot.context) === 0 && snapshot.context.totalTaps === 0 ? [{ type: "TAP" }] : [];
  },
};

/**
 * A tap while the figures wait to be read again after a failed load: the reload 30 s after the failure comes
 * before the tap's 6 s debounce only when the person taps late enough, so the exported test waits before the
 * tap (the real-clock replay, tools/model-kit/real-clock.ts, says how long). Then the figures come in (or fail
 * again) and the tap goes out.
 */
export const reloadFirstWalkModel: ModelOptions<unknown> = {
  ...tapsWalkModel,
  events: (snapshot) => {
    if (snapshot.matches("loading")) return [{ type: "xstate.error.actor.loadRewards", error: NETWORK }];
    if (snapshot.matches({ ready: { figures: "stale" } }))
      return snapshot.context.unsyncedTaps === 0
        ? [{ type: "TAP" }]
        : [{ type: "xstate.after.RELOAD_DELAY.taps.ready.figures.stale" }];
    if (snapshot.matches({ ready: { figures: "refreshing" } }))
      return [LOADED_FRESH, { type: "xstate.error.actor.loadRewards", error: NETWORK }];
    if (snapshot.matches({ ready: { sync: "sending" } }))
      return [{ type: "xstate.done.actor.sendBatch", output: creditedOne(snapshot.context.totalTaps) }];
    return snapshot.context.unsyncedTaps > 0
      ? [{ type: "xstate.after.SYNC_DELAY.taps.ready.debounce.waiting" }]
      : [];
  },
};

/** Every part starts on /tap with the points load and the tap sync held, and checks the same figures. */
const onTapPage = {
  gestures: tapsGestures,
  before: [hold(POINTS_LOAD), hold(TAP_SYNC)],
  start: { url: "/tap", account: "signedIn", claimedToday: true },
  after: checkAfter,
  atEnd: checkAtEnd,
} satisfies Omit<WalkPart, "name" | "model">;

export const tapsWalk: Walk = {
  machine: "taps",
  parts: [
    {
      name: "tap and sync on /tap and /home",
      model: tapsWalkModel,
      // The walk's own paths: pure transitions cannot follow the sends to the taps actor's store child.
      paths: "shortest",
      ...onTapPage,
    },
    { name: "support unfreezes the account while a batch waits", model: unfreezeWalkModel, ...onTapPage },
    { name: "a late tap while the figures wait to reload", model: reloadFirstWalkModel, ...onTapPage },
  ],
};
