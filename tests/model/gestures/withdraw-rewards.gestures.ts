/**
 * The Withdraw Rewards dialog walked through the real Home screen (the exported
 * tests/e2e/generated/withdraw-rewards.spec.ts). A fresh signed-in account is given 12.5 points first
 * (tests/e2e/arrange/rewards.ts). The person types an amount (one they have, or more than they have), fills in
 * the whole balance with Max, and withdraws; the walk holds the withdrawal call, so the path says how it is
 * answered: by the server, a network failure, or the API's refusal when the points are no longer there (spent
 * on another device first). A second part starts on /tap with a tap's sync held, so the dialog's 10 s wait for
 * the pending taps runs out before the withdrawal goes. Every event of the machine is here: a gesture, or why
 * none.
 */
import type { AnyMachineSnapshot } from "xstate";
import {
  canWithdraw,
  SETTLE_TIMEOUT_MS,
  type WithdrawEvent,
} from "#src/machines/rewards/withdraw-rewards.machine.ts";
import { NETWORK } from "../models/doubles.ts";
import { withdrawRewards } from "../models/withdraw-rewards.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  COIN,
  click,
  clock,
  type Expectation,
  fill,
  type Gesture,
  hold,
  type NotAGesture,
  type Outcome,
  unlessVisible,
  type Walk,
} from "./actions.ts";
import { TAP_SYNC } from "./taps.gestures.ts";

export const WITHDRAW_REWARDS: Call = { method: "POST", path: "/wallet/withdraw-rewards" };
/** The API's refusal when the points are not there (server/domain/wallet/errors.ts; docs/api.md, Wallet). */
const INSUFFICIENT = { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance", status: 409 };
const DIALOG = { role: "dialog", name: "Withdraw Rewards" } as const;
const BANNER = { role: "banner" } as const;
/** Sonner's toasts, by label: an open dialog hides the rest of the page from every role query. */
const TOASTS = { label: "Notifications alt+T" } as const;
/** The points the arrangement gives (tests/e2e/arrange/rewards.ts pointsToWithdraw). */
const AVAILABLE = 12.5;
/** The first withdrawal unlocks `first-withdrawal`, which pays this (server/settings.ts), in the same answer. */
const FIRST_WITHDRAWAL_REWARD = 1;

const outcomeOf = (error: unknown): Outcome => {
  const { status, code, message } = error as typeof NETWORK;
  return status === 0 ? "network" : { status, code, message };
};

type EventType =
  | WithdrawEvent["type"]
  | "TAPS.SETTLED"
  | "xstate.after.SETTLE_TIMEOUT.withdrawRewards.open.withdrawing.settlingTaps"
  | `xstate.${"done" | "error"}.actor.withdraw`;

export const withdrawRewardsGestures = {
  OPEN: () => [click({ role: "button", name: "Withdraw Rewards" })],
  CLOSE: () => [click({ role: "button", name: "Cancel" }, DIALOG)],
  "AMOUNT.CHANGE": (event: { value: string }) => [fill("Amount", event.value)],
  MAX: () => [click({ role: "button", name: "Max" }, DIALOG)],
  SUBMIT: () => [click({ role: "button", name: "Withdraw" }, DIALOG)],
  // No tap is pending on Home: the root actor answers TAPS.SETTLE at once, and the withdrawal goes out.
  "TAPS.SETTLED": () => [],
  // The 10 s wait for taps the server has not acknowledged: the second part leaves a tap's sync held.
  "xstate.after.SETTLE_TIMEOUT.withdrawRewards.open.withdrawing.settlingTaps": () => [
    clock(SETTLE_TIMEOUT_MS),
  ],
  "xstate.done.actor.withdraw": () => [answer(WITHDRAW_REWARDS, "server")],
  "xstate.error.actor.withdraw": (event: { error: unknown }) => [
    answer(WITHDRAW_REWARDS, outcomeOf(event.error)),
  ],
} satisfies Record<EventType, Gesture<never> | NotAGesture>;

/** What a person on Home can do with 12.5 points: an amount they have, one they do not, Max, Withdraw. */
export const withdrawRewardsWalkModel: ModelOptions<unknown> = {
  input: withdrawRewards.input,
  actors: withdrawRewards.actors,
  fakeActors: ["withdraw"],
  events: (snapshot) =>
    snapshot.matches("closed")
      ? [{ type: "OPEN" }]
      : snapshot.matches({ open: "editing" })
        ? // A value typed again, or Max pressed again, changes nothing a person sees: not walked twice.
          (
            [
              { type: "CLOSE" },
              { type: "AMOUNT.CHANGE", value: "2" },
              { type: "AMOUNT.CHANGE", value: "20" },
              { type: "MAX", balance: AVAILABLE },
              { type: "SUBMIT", balance: AVAILABLE },
            ] satisfies ModelEvent[]
          ).filter(
            (event) =>
              !("value" in event && event.value === snapshot.context.amount) &&
              !(event.type === "MAX" && snapshot.context.amount === String(AVAILABLE)),
          )
        : snapshot.matches({ open: { withdrawing: "settlingTaps" } })
          ? [{ type: "TAPS.SETTLED" }]
          : snapshot.matches({ open: { withdrawing: "sending" } })
            ? [
                {
                  type: "xstate.done.actor.withdraw",
                  output: { success: true, points: 11.5, totalTaps: 0, walletBalance: 2 },
                },
                { type: "xstate.error.actor.withdraw", error: INSUFFICIENT },
                { type: "xstate.error.actor.withdraw", error: NETWORK },
              ]
            : [],
  // The attempt's key is not on the screen: a retry under the same key is the unit tests' (reward-dialogs).
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.amount]),
};

/** The amount the path withdrew last: what was typed (a number) or filled in by Max before its SUBMIT. */
function withdrawn(events: ModelEvent[]): number {
  let amount = "";
  let sent = 0;
  for (const event of events) {
    if (event.type === "AMOUNT.CHANGE") amount = (event as unknown as { value: string }).value;
    if (event.type === "MAX") amount = String(AVAILABLE);
    if (event.type === "CLOSE") amount = "";
    if (event.type === "SUBMIT") sent = Number(amount);
  }
  return sent;
}

/** What the person sees at a path's end, with `available` points on the dialog (the taps not yet sent count). */
const atEndWith =
  (available: number) =>
  (leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] => {
    const seen: Expectation[] = [];
    const last = events.at(-1);
    if (leaf.matches("closed")) {
      // An open dialog hides the page from assistive technology: the button is found only once it closed.
      seen.push({ see: { role: "button", name: "Withdraw Rewards" } });
      if (last?.type === "xstate.done.actor.withdraw") {
        const amount = withdrawn(events);
        const points = available - amount + FIRST_WITHDRAWAL_REWARD;
        seen.push(
          { seeIn: TOASTS, text: "Withdrawal successful!" },
          { seeIn: BANNER, text: points.toFixed(4) },
          { seeIn: BANNER, text: `$${amount.toFixed(2)}` },
        );
      }
    }
    if (leaf.matches({ open: "editing" })) {
      const amount = leaf.context.amount as string;
      seen.push(
        { seeIn: DIALOG, text: available.toFixed(4) },
        { field: "Amount", value: amount },
        { enabled: { role: "button", name: "Withdraw" }, is: canWithdraw(amount, available) },
      );
    }
    if (leaf.matches({ open: "withdrawing" }))
      seen.push({ enabled: { role: "button", name: "Processing..." }, is: false });
    if (last?.type === "xstate.error.actor.withdraw") {
      const code = (last as unknown as { error: { code: string } }).error.code;
      seen.push({
        seeIn: TOASTS,
        text: code === INSUFFICIENT.code ? "Insufficient balance" : "Failed to process withdrawal",
      });
    }
    return seen;
  };

/**
 * The second part: a tap made on /tap whose sync the walk holds, so the dialog's wait for it (TAPS.SETTLE) runs
 * out after 10 s and the withdrawal goes out anyway. The dialog counts the held tap (12.501 points), the server
 * does not, so the withdrawal's answer is a network failure, the one outcome that does not hang on whose
 * balance the server would believe.
 */
const HELD_TAP_POINTS = AVAILABLE + 0.001;
const WITHDRAW_BUTTON = { role: "button", name: "Withdraw Rewards" } as const;

export const withdrawWithTapHeldModel: ModelOptions<unknown> = {
  ...withdrawRewardsWalkModel,
  events: (snapshot) => {
    if (snapshot.matches({ open: { withdrawing: "settlingTaps" } }))
      return [{ type: "xstate.after.SETTLE_TIMEOUT.withdrawRewards.open.withdrawing.settlingTaps" }];
    if (snapshot.matches({ open: { withdrawing: "sending" } }))
      return [{ type: "xstate.error.actor.withdraw", error: NETWORK }];
    const offered = withdrawRewardsWalkModel.events as (snapshot: AnyMachineSnapshot) => ModelEvent[];
    return offered(snapshot).map((event) =>
      event.type === "MAX" || event.type === "SUBMIT" ? { ...event, balance: HELD_TAP_POINTS } : event,
    );
  },
};

const withTapHeldGestures = {
  ...withdrawRewardsGestures,
  // The first time, from /tap: one tap, then Home (leaving /tap sends the tap, and the walk holds that sync).
  OPEN: () => [
    unlessVisible(WITHDRAW_BUTTON, [
      click(COIN),
      click({ role: "link", name: "Home" }, { role: "navigation", name: "Main" }),
    ]),
    click(WITHDRAW_BUTTON),
  ],
};

export const withdrawRewardsWalk: Walk = {
  machine: "withdraw-rewards",
  parts: [
    {
      name: "withdraw rewards from Home",
      model: withdrawRewardsWalkModel,
      gestures: withdrawRewardsGestures,
      before: [hold(WITHDRAW_REWARDS)],
      start: {
        url: "/home",
        account: "signedIn",
        arrange: { file: "rewards", name: "pointsToWithdraw" },
        ready: { text: "$0.00" },
      },
      atEnd: atEndWith(AVAILABLE),
    },
    {
      name: "withdraw rewards while a tap waits to be sent",
      model: withdrawWithTapHeldModel,
      paths: "shortest",
      gestures: withTapHeldGestures,
      before: [hold(WITHDRAW_REWARDS), hold(TAP_SYNC)],
      start: {
        url: "/tap",
        account: "signedIn",
        arrange: { file: "rewards", name: "pointsToWithdraw" },
        ready: COIN,
      },
      // Before the first OPEN the person is still on /tap, where the walk starts.
      atEnd: (leaf, events) =>
        events.length === 0 ? [{ see: COIN }] : atEndWith(HELD_TAP_POINTS)(leaf, events),
    },
  ],
};
