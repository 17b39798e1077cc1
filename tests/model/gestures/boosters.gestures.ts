/**
 * The boosters walked through the real app (the exported tests/e2e/generated/boosters.spec.ts). The boosters
 * actor lives as long as the session (a child of the root), so each test opens its page with the catalogue's
 * read and the purchase held: the path says when and how each is answered, by the server, a network failure or
 * the API's own refusals (docs/api.md, Economy).
 * - On /rewards, with 150 points granted first (tests/e2e/arrange/economy.ts): the catalogue loads (or fails and
 *   Try again reads it again), Buy Turbo ×2 starts the purchase, a booster bought on another device (through the
 *   API) is pushed down the stream (and confirms a purchase in doubt), the countdown ticks on the page's clock.
 *   A purchase held while the other device's booster starts is refused by the real server (BOOSTER_ACTIVE).
 * - On /rewards with 50 points: Buy is refused on the page, without a call.
 * - On the tap screen, a booster bought through the API with the page's clock set just past its end: the page
 *   reads a booster in its grace (taps still earn ×2), and the grace runs out on the page's clock.
 * Every event of the machine is here: a gesture, or why none.
 */
import type { AnyMachineSnapshot } from "xstate";
import type { BoostersEvent } from "#src/machines/economy/boosters.rules.ts";
import { boosters, T0 } from "../models/boosters.model.ts";
import { NETWORK } from "../models/doubles.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  buyBoosterElsewhere,
  type Call,
  click,
  clock,
  type Expectation,
  type Gesture,
  hold,
  type NotAGesture,
  notAGesture,
  type Outcome,
  resetStream,
  TOASTER,
  type Walk,
} from "./actions.ts";

export const BOOSTERS_LOAD: Call = { method: "GET", path: "/rewards/boosters" };
export const BOOSTER_PURCHASE: Call = { method: "POST", path: "/rewards/boosters/purchase" };
/** The API's refusals of a purchase (server/domain/economy/errors.ts, server/errors.ts; docs/api.md, Economy). */
const BOOSTER_ACTIVE = {
  code: "BOOSTER_ACTIVE",
  message: "A booster is already active. You can buy the next one when it ends.",
  status: 409,
};
const NOT_FOUND = {
  code: "NOT_FOUND",
  message: "No booster has this id. Pick one from the catalogue.",
  status: 404,
};
const INSUFFICIENT = { code: "INSUFFICIENT_POINTS", message: "Insufficient points", status: 409 };
const SERVER_ERROR = {
  code: "SERVER_ERROR",
  message: "Something went wrong on our side. Please try again.",
  status: 500,
};
/** The catalogue as the server offers it by default (server/settings.ts, server/domain/economy/boosters.ts). */
const CATALOGUE = [
  { id: "turbo-2x", name: "Turbo ×2", factor: 2, minutes: 10, pricePoints: 100 },
  { id: "turbo-3x", name: "Turbo ×3", factor: 3, minutes: 5, pricePoints: 100 },
];
const ENDS = T0 + 600_000;
const TURBO = { id: "turbo-2x", factor: 2, endsAt: new Date(ENDS).toISOString() };

const BOOSTERS = { role: "region", name: "Boosters" } as const;
const BANNER = { role: "banner" } as const;
/** The toasts' region (sonner's), found by its label: a toast's title alone may also be a card's text. */
const LOAD_FAILED = "Could not load the boosters. Check your connection and try again.";
const SUCCESSFUL = "Purchase successful!";
const TURNED_ON = "Turbo ×2 is on: ×2 points per tap for 10 minutes.";
/** What each refusal says (src/machines/economy/boosters.rules.ts, purchaseRefusal). */
const REFUSAL: Record<string, [string, string]> = {
  INSUFFICIENT_POINTS: ["Insufficient points", "Turbo ×2 costs 100 points. Keep tapping, then buy it."],
  BOOSTER_ACTIVE: [
    "Failed to process purchase",
    "A booster is already running. Buy the next one when it ends.",
  ],
  NOT_FOUND: [
    "Failed to process purchase",
    "This booster is no longer offered. The list has been refreshed.",
  ],
  OTHER: [
    "Failed to process purchase",
    "Check your connection and press Buy again: you will not be charged twice.",
  ],
};

type Active = { id: string; factor: number; endsAt: number } | null;
const activeOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { active: Active }).active;

const outcomeOf = (error: unknown, before: AnyMachineSnapshot): Outcome => {
  const { status, code, message } = error as typeof NETWORK;
  if (status === 0) return "network";
  // A booster already runs (bought on the other device while this purchase was held): the server refuses it.
  if (code === BOOSTER_ACTIVE.code && activeOf(before) !== null) return "server";
  return { status, code, message };
};

type EventType =
  | BoostersEvent["type"]
  | `xstate.${"done" | "error"}.actor.${"loadBoosters" | "purchaseBooster"}`
  | "xstate.after.TICK.boosters.boost.active.counting"
  | "xstate.after.GRACE.boosters.boost.grace";

export const boostersGestures = {
  PURCHASE: () => [click({ role: "button", name: "Buy Turbo ×2" }, BOOSTERS)],
  RETRY: () => [click({ role: "button", name: "Try again" }, BOOSTERS)],
  /**
   * A booster bought on the player's other device (through the API): the server pushes it to this screen. Its
   * end is pushed too, but only by the server's sweep once the server's clock passes it (10 minutes after the
   * purchase): the walk model never offers that push (`active: null`); the grace part reads an ended booster.
   */
  "BOOSTER.CHANGED": () => [buyBoosterElsewhere("turbo-2x")],
  // The stream reconnects to a server that lost its position: its reset frame makes the card read again.
  "STREAM.RESET": () => [resetStream()],
  "CATALOGUE.STALE": notAGesture(
    "the machine raises it itself when the server refuses a purchase as stale (BOOSTER_ACTIVE, 404): those refusals are walked",
  ),
  "BOOST.RECHECK": notAGesture("the machine raises it itself whenever the running booster changes"),
  "xstate.done.actor.loadBoosters": () => [answer(BOOSTERS_LOAD, "server")],
  "xstate.error.actor.loadBoosters": () => [answer(BOOSTERS_LOAD, "network")],
  "xstate.done.actor.purchaseBooster": () => [answer(BOOSTER_PURCHASE, "server")],
  "xstate.error.actor.purchaseBooster": (event: { error: unknown }, _next, states) => [
    answer(BOOSTER_PURCHASE, outcomeOf(event.error, states.before)),
  ],
  /** A second of the countdown passes on the page's clock. */
  "xstate.after.TICK.boosters.boost.active.counting": () => [clock(1_000)],
  /** The 30 s after the end pass on the page's clock. */
  "xstate.after.GRACE.boosters.boost.grace": () => [clock(30_000)],
} satisfies Record<EventType, Gesture<never> | NotAGesture>;

const PURCHASED = {
  type: "xstate.done.actor.purchaseBooster",
  output: { active: TURBO, points: 50, totalTaps: 0 },
};
const BOUGHT_ELSEWHERE = { type: "BOOSTER.CHANGED", active: { id: "turbo-2x", factor: 2, endsAt: ENDS } };
const TICK = { type: "xstate.after.TICK.boosters.boost.active.counting" };
const GRACE = { type: "xstate.after.GRACE.boosters.boost.grace" };

/** What the server's catalogue answers: the booster the machine knows to run is the one the server has. */
const loaded = (snapshot: AnyMachineSnapshot) => {
  const active = activeOf(snapshot);
  return {
    type: "xstate.done.actor.loadBoosters",
    output: {
      catalogue: CATALOGUE,
      active: active && {
        id: active.id,
        factor: active.factor,
        endsAt: new Date(active.endsAt).toISOString(),
      },
    },
  };
};

/** What a person on /rewards with 150 points can make happen (and their other device). */
export const buyWalkModel: ModelOptions<unknown> = {
  input: boosters.input,
  fakeActors: ["loadBoosters", "purchaseBooster"],
  events: (snapshot) => {
    const events: ModelEvent[] = [];
    const running = activeOf(snapshot) !== null;
    const purchasing = snapshot.matches({ purchase: "purchasing" });
    const loading = snapshot.matches({ catalogue: "loading" });
    if (loading) events.push(loaded(snapshot), { type: "xstate.error.actor.loadBoosters", error: NETWORK });
    if (snapshot.matches({ catalogue: "failed" })) events.push({ type: "RETRY" });
    // Buy can be pressed while no booster runs (the button is disabled then) and none is being bought.
    if (snapshot.matches({ catalogue: "ready" }) && !purchasing && !running)
      events.push({ type: "PURCHASE", boosterId: "turbo-2x", points: 150 });
    // One purchase per path goes through: 150 points pay for one booster. Not while the page's first read is
    // out: the page's stream may not be open yet to hear it.
    if (!running && !loading) events.push(BOUGHT_ELSEWHERE);
    if (purchasing)
      events.push(
        ...(running ? [] : [PURCHASED]),
        { type: "xstate.error.actor.purchaseBooster", error: NETWORK },
        { type: "xstate.error.actor.purchaseBooster", error: SERVER_ERROR },
        { type: "xstate.error.actor.purchaseBooster", error: BOOSTER_ACTIVE },
        ...(running
          ? []
          : [
              { type: "xstate.error.actor.purchaseBooster", error: NOT_FOUND },
              { type: "xstate.error.actor.purchaseBooster", error: INSUFFICIENT },
            ]),
      );
    // The stream reset (the server lost what it kept for it): the catalogue reads again. Not while a call is
    // held: the network blip that reconnects the stream would fail it.
    if (snapshot.matches({ catalogue: "ready" }) && !purchasing) events.push({ type: "STREAM.RESET" });
    // The countdown's second, while no call is held (the API client's time-out runs on the page's clock too).
    if (snapshot.matches({ boost: { active: "counting" } }) && !purchasing && !loading) events.push(TICK);
    return events;
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.attempt !== null,
      activeOf(snapshot) !== null,
      // Whether the catalogue was ever read: the countdown is named after its booster only then.
      snapshot.context.catalogue.length > 0,
    ]),
};

/** The same card with 50 points: Buy is refused on the page. */
export const fewPointsWalkModel: ModelOptions<unknown> = {
  ...buyWalkModel,
  events: (snapshot) =>
    snapshot.matches({ catalogue: "loading" })
      ? [loaded(snapshot)]
      : snapshot.matches({ catalogue: "ready" })
        ? [{ type: "PURCHASE", boosterId: "turbo-2x", points: 50 }]
        : [],
};

/** A booster that ended 5 s ago on the page's clock (tests/e2e/arrange/economy.ts, ENDED_AGO_MS). */
const ENDED = { id: "turbo-2x", factor: 2, endsAt: new Date(T0 - 5_000).toISOString() };

/** The tap screen as it reads a booster in its grace, and the grace running out. */
export const graceWalkModel: ModelOptions<unknown> = {
  ...buyWalkModel,
  events: (snapshot) =>
    snapshot.matches({ catalogue: "loading" })
      ? [{ type: "xstate.done.actor.loadBoosters", output: { catalogue: CATALOGUE, active: ENDED } }]
      : snapshot.matches({ boost: "grace" })
        ? [GRACE]
        : [],
};

const errorCode = (event: ModelEvent | undefined) =>
  event?.type === "xstate.error.actor.purchaseBooster"
    ? (event as unknown as { error: { code: string } }).error.code
    : null;

const onRewards =
  (granted: string) =>
  (leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] => {
    const seen: Expectation[] = [];
    const last = events.at(-1);
    const active = activeOf(leaf);
    const bought = events.some(
      (event) => event.type === PURCHASED.type || event.type === BOUGHT_ELSEWHERE.type,
    );
    const { catalogue } = leaf.context as { catalogue: unknown[] };
    if (leaf.matches({ catalogue: "loading" }))
      seen.push({ see: { role: "status", name: "Loading boosters" } });
    if (leaf.matches({ catalogue: "failed" }))
      seen.push({ seeIn: BOOSTERS, text: LOAD_FAILED }, { see: { role: "button", name: "Try again" } });
    if (active !== null) {
      // The countdown, named after the booster (its name is known once the catalogue was read).
      const name = catalogue.length > 0 ? "Turbo ×2" : "Booster";
      seen.push({ see: { role: "timer", name: `${name}: time left` } });
      // Its card reads Running, unless this page's own purchase of it is still out (Processing...).
      const own = leaf.matches({ purchase: "purchasing" }) ? "Processing..." : "Running";
      if (leaf.matches({ catalogue: "ready" }))
        seen.push(
          { enabled: { role: "button", name: own }, is: false },
          { enabled: { role: "button", name: "Buy Turbo ×3" }, is: false },
        );
    } else if (leaf.matches({ catalogue: "ready" })) {
      if (leaf.matches({ purchase: "purchasing" }))
        seen.push(
          { enabled: { role: "button", name: "Processing..." }, is: false },
          { enabled: { role: "button", name: "Buy Turbo ×3" }, is: false },
        );
      else seen.push({ enabled: { role: "button", name: "Buy Turbo ×2" }, is: true });
    }
    // The header's points: 150 granted, 100 of them paid for the one booster bought.
    if (events.length > 0) seen.push({ seeIn: BANNER, text: bought ? "50.0000" : granted });
    if (last?.type === PURCHASED.type)
      seen.push({ seeIn: TOASTER, text: SUCCESSFUL }, { seeIn: TOASTER, text: TURNED_ON });
    const code = errorCode(last);
    if (code) {
      const [title, description] = REFUSAL[code] ?? REFUSAL.OTHER!;
      seen.push({ seeIn: TOASTER, text: title }, { seeIn: TOASTER, text: description });
    }
    if (last?.type === "PURCHASE" && !leaf.matches({ purchase: "purchasing" })) {
      const [title, description] = REFUSAL.INSUFFICIENT_POINTS!;
      seen.push({ seeIn: TOASTER, text: title }, { seeIn: TOASTER, text: description });
    }
    return seen;
  };

function onTapScreen(leaf: AnyMachineSnapshot): Expectation[] {
  // In its grace a booster is no longer shown, but taps still earn at its factor (×2 of 0.001).
  return [
    { see: { text: leaf.matches({ boost: "grace" }) ? "Earn 0.0020 per tap" : "Earn 0.0010 per tap" } },
  ];
}

export const boostersWalk: Walk = {
  machine: "boosters",
  parts: [
    {
      name: "buy a booster on /rewards",
      model: buyWalkModel,
      gestures: boostersGestures,
      before: [hold(BOOSTERS_LOAD), hold(BOOSTER_PURCHASE)],
      start: {
        url: "/rewards",
        account: "signedIn",
        arrange: { file: "economy", name: "pointsForABooster" },
        ready: { role: "heading", name: "Boosters" },
      },
      // A purchase in doubt (no answer, a 5xx) that the other device's booster then confirms: announced here.
      after: ({ event, prior }) =>
        event.type === BOUGHT_ELSEWHERE.type &&
        (prior.context as { attempt: unknown }).attempt !== null &&
        !prior.matches({ purchase: "purchasing" })
          ? [{ seeIn: TOASTER, text: SUCCESSFUL }]
          : [],
      atEnd: onRewards("150.0000"),
    },
    {
      name: "too few points for a booster",
      model: fewPointsWalkModel,
      gestures: boostersGestures,
      before: [hold(BOOSTERS_LOAD), hold(BOOSTER_PURCHASE)],
      start: {
        url: "/rewards",
        account: "signedIn",
        arrange: { file: "economy", name: "tooFewPointsForABooster" },
        ready: { role: "heading", name: "Boosters" },
      },
      atEnd: onRewards("50.0000"),
    },
    {
      name: "a booster's grace on the tap screen",
      model: graceWalkModel,
      gestures: boostersGestures,
      before: [hold(BOOSTERS_LOAD), hold(BOOSTER_PURCHASE)],
      start: {
        url: "/tap",
        account: "signedIn",
        arrange: { file: "economy", name: "boosterEndedOnThePage" },
        ready: { role: "button", name: "Tap to earn" },
        ownClock: true,
      },
      atEnd: onTapScreen,
    },
  ],
};
