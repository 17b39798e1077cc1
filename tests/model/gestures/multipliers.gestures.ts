/**
 * The Multipliers dialog walked through the real Home screen (the exported tests/e2e/generated/multipliers.spec.ts).
 * A fresh signed-in account is given $7 and 150 points first (tests/e2e/arrange/rewards.ts): the 0.002x card
 * ($5, and 100 points) can be bought, the dearer ones cannot be paid. The walk holds the catalogue's read and
 * the purchase, so the path says when and how each is answered: by the server, a network failure, or the API's
 * own refusals. A multiplier the live stream pushes is bought for real in a second tab of the same browser (its
 * calls let through): the server pushes it to the first tab, whose dialog then confirms a purchase in doubt.
 * A second part gives the account only 50 points: Purchase is refused on the page, without a call. Every event
 * of the machine is here: a gesture, or why none.
 */
import type { AnyMachineSnapshot } from "xstate";
import {
  type MultipliersEvent,
  PURCHASE_ERROR_TOASTS,
  PURCHASE_FAILED,
} from "#src/machines/rewards/multipliers.machine.ts";
import { NETWORK } from "../models/doubles.ts";
import { multipliers } from "../models/multipliers.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  type Expectation,
  type Gesture,
  hold,
  type NotAGesture,
  type Outcome,
  pass,
  press,
  TOASTER,
  tab,
  type Walk,
  waitFor,
} from "./actions.ts";

export const MULTIPLIERS_LOAD: Call = { method: "GET", path: "/wallet/multipliers" };
export const MULTIPLIER_PURCHASE: Call = { method: "POST", path: "/wallet/multipliers/purchase" };
/** The API's refusals of a purchase (server/domain/wallet/errors.ts, server/errors.ts; docs/api.md, Wallet). */
const NOT_ENOUGH_FUNDS = { code: "NOT_ENOUGH_FUNDS", message: "Not enough funds", status: 409 };
const NOT_ENOUGH_POINTS = {
  code: "NOT_ENOUGH_POINTS",
  message: "Not enough points to buy multiplier",
  status: 409,
};
const SERVER_ERROR = {
  code: "SERVER_ERROR",
  message: "Something went wrong on our side. Please try again.",
  status: 500,
};
const DIALOG = { role: "dialog", name: "Multipliers" } as const;
const BANNER = { role: "banner" } as const;
/**
 * The toasts' region (sonner's), found by its label: an open dialog hides the rest of the page from the
 * accessibility tree, so no role finds it then, and a toast's text alone is also a card's ("Not enough funds").
 */
/** What the arrangement gives the account (tests/e2e/arrange/rewards.ts): the header shows it once loaded. */
const WALLET_SHOWN = "$7.00";
const LOAD_FAILED = "Could not load the multipliers. Check your connection and try again.";
const UPGRADED = "Multiplier upgraded to 0.002x!";
/** The catalogue as the server seeds it (server/db/migrations/002-ledger-and-taps.ts). */
const CATALOGUE = [
  { multiplier_value: 0.001, price_usdt: 0 },
  { multiplier_value: 0.002, price_usdt: 5 },
  { multiplier_value: 0.005, price_usdt: 10 },
  { multiplier_value: 0.01, price_usdt: 25 },
  { multiplier_value: 0.05, price_usdt: 100 },
  { multiplier_value: 0.1, price_usdt: 250 },
];

const outcomeOf = (error: unknown): Outcome => {
  const { status, code, message } = error as typeof NETWORK;
  return status === 0 ? "network" : { status, code, message };
};

type EventType =
  | MultipliersEvent["type"]
  | "MULTIPLIER.CHANGED"
  | `xstate.${"done" | "error"}.actor.${"loadOptions" | "purchase"}`;

export const multipliersGestures = {
  OPEN: () => [click({ role: "button", name: "Upgrade" })],
  CLOSE: () => [press("Escape")],
  RETRY: () => [click({ role: "button", name: "Try again" }, DIALOG)],
  PURCHASE: () => [click({ role: "button", name: "Purchase" }, DIALOG)],
  /**
   * The same player buys 0.002x in a second tab (its calls let through to the server): the server pushes the
   * new multiplier to every screen of the player, this one too.
   */
  "MULTIPLIER.CHANGED": () => [
    tab(1, "/home"),
    waitFor({ text: WALLET_SHOWN }),
    pass(MULTIPLIERS_LOAD, 1),
    click({ role: "button", name: "Upgrade" }),
    pass(MULTIPLIER_PURCHASE, 1),
    click({ role: "button", name: "Purchase" }, DIALOG),
    waitFor({ text: UPGRADED }),
    tab(0),
  ],
  "xstate.done.actor.loadOptions": () => [answer(MULTIPLIERS_LOAD, "server")],
  "xstate.error.actor.loadOptions": () => [answer(MULTIPLIERS_LOAD, "network")],
  "xstate.done.actor.purchase": () => [answer(MULTIPLIER_PURCHASE, "server")],
  "xstate.error.actor.purchase": (event: { error: unknown }) => [
    answer(MULTIPLIER_PURCHASE, outcomeOf(event.error)),
  ],
} satisfies Record<EventType, Gesture<never> | NotAGesture>;

const PURCHASED = {
  type: "xstate.done.actor.purchase",
  output: { success: true, multiplier: 0.002, points: 50, totalTaps: 0, walletBalance: 2 },
};
const BOUGHT_ELSEWHERE = { type: "MULTIPLIER.CHANGED", multiplier: 0.002 };

/** What a person on Home can make happen with $7 and 150 points (and a second tab). */
export const multipliersWalkModel: ModelOptions<unknown> = {
  input: multipliers.input,
  actors: multipliers.actors,
  fakeActors: ["loadOptions", "purchase"],
  events: (snapshot) => {
    // Not while the catalogue is read: the second tab's purchase takes longer than the API client's 10 s
    // time-out of the held read.
    const events: ModelEvent[] = snapshot.matches({ open: "loading" }) ? [] : [BOUGHT_ELSEWHERE];
    if (snapshot.matches("closed")) events.push({ type: "OPEN" });
    if (snapshot.matches("open")) events.push({ type: "CLOSE" });
    if (snapshot.matches({ open: "loading" }))
      events.push(
        { type: "xstate.done.actor.loadOptions", output: CATALOGUE },
        { type: "xstate.error.actor.loadOptions", error: NETWORK },
      );
    if (snapshot.matches({ open: "failed" })) events.push({ type: "RETRY" });
    if (snapshot.matches({ open: "ready" })) events.push({ type: "PURCHASE", value: 0.002, points: 150 });
    if (snapshot.matches({ open: "purchasing" }))
      events.push(
        PURCHASED,
        { type: "xstate.error.actor.purchase", error: NETWORK },
        { type: "xstate.error.actor.purchase", error: SERVER_ERROR },
        { type: "xstate.error.actor.purchase", error: NOT_ENOUGH_FUNDS },
        { type: "xstate.error.actor.purchase", error: NOT_ENOUGH_POINTS },
      );
    return events;
  },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.attempt !== null]),
};

/** The same dialog for an account with too few points: Purchase is refused on the page. */
export const fewPointsWalkModel: ModelOptions<unknown> = {
  ...multipliersWalkModel,
  events: (snapshot) =>
    snapshot.matches("closed")
      ? [{ type: "OPEN" }]
      : snapshot.matches({ open: "loading" })
        ? [{ type: "xstate.done.actor.loadOptions", output: CATALOGUE }]
        : snapshot.matches({ open: "ready" })
          ? [{ type: "PURCHASE", value: 0.002, points: 50 }]
          : [],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};

const errorCode = (event: ModelEvent | undefined) =>
  event?.type === "xstate.error.actor.purchase"
    ? (event as unknown as { error: { code: string } }).error.code
    : null;

function atEnd(leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] {
  const seen: Expectation[] = [];
  const last = events.at(-1);
  const bought = events.some(
    (event) => event.type === PURCHASED.type || event.type === BOUGHT_ELSEWHERE.type,
  );
  if (leaf.matches("closed")) {
    // The dialog hides the page from assistive technology while it is open: Upgrade is found only once it closed.
    seen.push({ see: { role: "button", name: "Upgrade" } });
    if (bought) seen.push({ see: { text: "0.002x" } });
  }
  if (leaf.matches({ open: "loading" })) seen.push({ see: { role: "status", name: "Loading multipliers" } });
  if (leaf.matches({ open: "failed" }))
    seen.push({ seeIn: DIALOG, text: LOAD_FAILED }, { see: { role: "button", name: "Try again" } });
  if (leaf.matches({ open: "ready" }))
    seen.push(
      { see: { role: "button", name: "Current" } },
      { see: { role: "button", name: bought ? "Owned" : "Purchase" } },
      { see: { role: "button", name: "Not enough funds" } },
    );
  if (leaf.matches({ open: "purchasing" })) seen.push({ see: { role: "button", name: "Processing..." } });
  if (last?.type === PURCHASED.type)
    seen.push({ seeIn: TOASTER, text: UPGRADED }, { seeIn: BANNER, text: "$2.00" });
  const code = errorCode(last);
  if (code) seen.push({ seeIn: TOASTER, text: PURCHASE_ERROR_TOASTS[code] ?? PURCHASE_FAILED });
  if (last?.type === "PURCHASE" && leaf.matches({ open: "ready" }))
    seen.push({ seeIn: TOASTER, text: PURCHASE_ERROR_TOASTS.NOT_ENOUGH_POINTS! });
  return seen;
}

export const multipliersWalk: Walk = {
  machine: "multipliers",
  parts: [
    {
      name: "buy a multiplier from Home",
      model: multipliersWalkModel,
      gestures: multipliersGestures,
      before: [hold(MULTIPLIERS_LOAD), hold(MULTIPLIER_PURCHASE)],
      start: {
        url: "/home",
        account: "signedIn",
        arrange: { file: "rewards", name: "pointsAndFunds" },
        ready: { text: WALLET_SHOWN },
      },
      // A purchase in doubt (no answer, a 5xx) that the stream then shows went through: announced here too.
      after: ({ event, prior }) =>
        event.type === BOUGHT_ELSEWHERE.type &&
        prior.context.attempt !== null &&
        !prior.matches({ open: "purchasing" })
          ? [{ seeIn: TOASTER, text: UPGRADED }]
          : [],
      atEnd,
    },
    {
      name: "too few points to buy",
      model: fewPointsWalkModel,
      gestures: multipliersGestures,
      before: [hold(MULTIPLIERS_LOAD), hold(MULTIPLIER_PURCHASE)],
      start: {
        url: "/home",
        account: "signedIn",
        arrange: { file: "rewards", name: "fewPoints" },
        ready: { text: WALLET_SHOWN },
      },
      atEnd,
    },
  ],
};
