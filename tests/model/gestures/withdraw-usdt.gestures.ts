/**
 * The Withdraw USDT tab walked on the real /wallet screen (the exported tests/e2e/generated/withdraw-usdt.spec.ts).
 * A signed-in account given 300 USDT (tests/e2e/arrange/usdt.ts) opens /wallet?tab=withdraw, types a TRC20
 * address nobody in the run owns and an amount (too small, more than it has, or all of it with Max), and
 * withdraws. The walk holds the transfer, so the path says how it is answered: by the server, by a network
 * failure, or by the API's refusal when the USDT is no longer there (spent on another device first). An
 * accepted withdrawal is followed until the devnet confirms it: the server pushes its end down the live stream
 * (up on the real page), and the tab says so. A second part drops the stream first, so the tab follows its
 * withdrawal by polling every 3 s (the clock moves on) and the path says how each read is answered: the
 * server once the devnet confirmed it, or a network failure. Every event of the machine is here: a gesture, or
 * why none.
 */
import type { AnyMachineSnapshot } from "xstate";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import {
  amountProblem,
  FOLLOW_MS,
  INSUFFICIENT,
  WITHDRAW_FAILED,
  type WithdrawUsdtEvent,
  withdrawProblem,
} from "#src/machines/wallet/withdraw-usdt.machine.ts";
import { NETWORK } from "../models/doubles.ts";
import { TO } from "../models/wallet-fixtures.ts";
import { withdrawUsdt } from "../models/withdraw-usdt.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  clock,
  dropStream,
  type Expectation,
  fill,
  type Gesture,
  hold,
  isGesture,
  type NotAGesture,
  notAGesture,
  notGestures,
  type Outcome,
  type Walk,
  waitFor,
  withdrawalsSettled,
} from "./actions.ts";

export const TRANSFER: Call = { method: "POST", path: "/wallet/token/transfer" };
/** The API's refusal when the wallet cannot cover it (server/domain/wallet/errors.ts; docs/api.md, Wallet). */
const INSUFFICIENT_BALANCE = { code: "INSUFFICIENT_BALANCE", message: INSUFFICIENT, status: 409 };
const PANEL = { role: "tabpanel", name: "Withdraw USDT" } as const;
const BANNER = { role: "banner" } as const;
/** Sonner's toasts, by label. */
const TOASTS = { label: "Notifications alt+T" } as const;
const WITHDRAW = { role: "button", name: "Withdraw" } as const;
/** The USDT the arrangement gives (tests/e2e/arrange/usdt.ts usdtToWithdraw). */
const BALANCE = 300;
const CONFIRMED = "Withdrawal successful!";

const outcomeOf = (error: unknown): Outcome => {
  const { status, code, message } = error as typeof NETWORK;
  return status === 0 ? "network" : { status, code, message };
};

const STREAM_UP =
  "the live stream is up on this part's page, so the tab does not poll the withdrawal: its end is pushed (WITHDRAWAL.UPDATED); the part with the stream down follows it by the 3 s poll";
const PUSHED = "pushed by the server's live stream: walked with live-stream";
const NOT_NEWS = "a live event of another kind: the withdraw tab does not hear it";

type WithdrawWalkEvent =
  | WithdrawUsdtEvent["type"]
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.${"transfer" | "checkWithdrawals"}`
  | "xstate.after.FOLLOW.withdrawUsdt.follow.waiting";

export const withdrawUsdtGestures = {
  "TO.CHANGE": (event: { value: string }) => [fill("TRC20 address", event.value)],
  "AMOUNT.CHANGE": (event: { value: string }) => [fill("Amount (USDT)", event.value)],
  MAX: () => [click({ role: "button", name: "Max" }, PANEL)],
  SUBMIT: () => [click(WITHDRAW, PANEL)],
  "xstate.done.actor.transfer": () => [answer(TRANSFER, "server")],
  "xstate.error.actor.transfer": (event: { error: unknown }) => [answer(TRANSFER, outcomeOf(event.error))],
  // The devnet confirms the withdrawal a few seconds after it went out; the server pushes it, the tab tells.
  "WITHDRAWAL.UPDATED": () => [waitFor({ text: CONFIRMED })],
  "xstate.done.actor.checkWithdrawals": notAGesture(STREAM_UP),
  "xstate.error.actor.checkWithdrawals": notAGesture(STREAM_UP),
  "xstate.after.FOLLOW.withdrawUsdt.follow.waiting": notAGesture(STREAM_UP),
  "STREAM.UP": notAGesture(
    "the stream is up as the page opens: the page hears it before anything is followed (no step of its own)",
  ),
  "STREAM.DOWN": notAGesture(PUSHED),
  "STREAM.RESET": notAGesture(PUSHED),
  ...notGestures(
    [
      "POINTS.UPDATED",
      "WALLET.UPDATED",
      "MULTIPLIER.CHANGED",
      "DEPOSIT.UPDATED",
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
} satisfies Record<WithdrawWalkEvent, Gesture<never> | NotAGesture>;

type Context = { to: string; amount: string; following: string[] };
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as Context;

const ACCEPTED: ModelEvent = {
  type: "xstate.done.actor.transfer",
  output: { success: true, withdrawal: { id: "w1", status: "pending", amount: BALANCE, to: TO } },
};
const CONFIRMED_PUSH: ModelEvent = {
  type: "WITHDRAWAL.UPDATED",
  id: "w1",
  amount: BALANCE,
  status: "confirmed",
  txId: "t",
};

/**
 * What a person with 300 USDT can do on the tab: an address, an amount below the minimum, one above the
 * balance, Max, Withdraw. Once a withdrawal went out the wallet is empty: the path waits for its end.
 */
export const withdrawUsdtWalkModel: ModelOptions<unknown> = {
  input: withdrawUsdt.input,
  actors: withdrawUsdt.actors,
  fakeActors: ["transfer", "checkWithdrawals"],
  events: (snapshot) => {
    const { to, amount, following } = contextOf(snapshot);
    if (following.length > 0) return snapshot.matches({ form: "idle" }) ? [CONFIRMED_PUSH] : [];
    if (snapshot.matches({ form: "submitting" }))
      return [
        ACCEPTED,
        { type: "xstate.error.actor.transfer", error: NETWORK },
        { type: "xstate.error.actor.transfer", error: INSUFFICIENT_BALANCE },
      ];
    // A value typed again, or Max pressed again, changes nothing a person sees: not walked twice.
    return (
      [
        { type: "TO.CHANGE", value: TO },
        { type: "AMOUNT.CHANGE", value: "299" },
        { type: "AMOUNT.CHANGE", value: "301" },
        { type: "MAX", balance: BALANCE },
        { type: "SUBMIT", balance: BALANCE },
      ] satisfies ModelEvent[]
    ).filter(
      (event) =>
        !(event.type === "TO.CHANGE" && to !== "") &&
        !(event.type === "AMOUNT.CHANGE" && event.value === amount) &&
        !(event.type === "MAX" && amount === String(BALANCE)) &&
        // Withdraw is disabled while the form is not right: no gesture submits it then.
        !(event.type === "SUBMIT" && withdrawProblem(to, amount) !== null),
    );
  },
  serializeState: (snapshot) => {
    const { to, amount, following } = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      to !== "",
      amount,
      following.length,
      (snapshot.context as { attempt: unknown }).attempt !== null,
    ]);
  },
};

/** The toast a step shows. */
function toastOf(event: ModelEvent): string | null {
  switch (event.type) {
    case "xstate.done.actor.transfer":
      return "Withdrawal submitted";
    case "xstate.error.actor.transfer":
      return (event.error as { code: string }).code === INSUFFICIENT_BALANCE.code
        ? INSUFFICIENT
        : WITHDRAW_FAILED;
    default:
      return null;
  }
}

function atEnd(leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] {
  const { to, amount } = contextOf(leaf);
  const seen: Expectation[] = [];
  if (leaf.matches({ form: "submitting" })) {
    seen.push({ enabled: { role: "button", name: "Processing..." }, is: false });
    return seen;
  }
  seen.push(
    { field: "TRC20 address", value: to },
    { field: "Amount (USDT)", value: amount },
    { enabled: WITHDRAW, is: withdrawProblem(to, amount) === null },
  );
  const problem = amount === "" ? null : amountProblem(amount);
  if (problem) seen.push({ seeIn: PANEL, text: problem });
  const last = events.at(-1);
  // More than the wallet holds: refused on the page, without a call.
  if (last?.type === "SUBMIT" && leaf.matches({ form: "idle" }))
    seen.push({ seeIn: TOASTS, text: INSUFFICIENT });
  const accepted = events.some((event) => event.type === "xstate.done.actor.transfer");
  if (accepted)
    seen.push(
      { seeIn: BANNER, text: "$0.00" },
      { seeIn: PANEL, text: `Available: ${(0).toFixed(2)} USDT` },
      { see: { text: "USDT withdrawal to TDvSsd...we9K" } },
    );
  else seen.push({ seeIn: PANEL, text: `Available: ${BALANCE.toFixed(2)} USDT` });
  // Its end told: pushed down the stream, or found by the tab's own poll.
  if (last?.type === "WITHDRAWAL.UPDATED" || last?.type === "xstate.done.actor.checkWithdrawals")
    seen.push({ seeIn: TOASTS, text: CONFIRMED });
  return seen;
}

/** The tab's poll of the withdrawals it follows (one read per withdrawal). */
export const WITHDRAWAL_CHECK: Call = { method: "GET", path: "/wallet/withdrawals/*" };

const FOLLOW_TIMER = { type: "xstate.after.FOLLOW.withdrawUsdt.follow.waiting" } satisfies ModelEvent;
const CHECKED_CONFIRMED: ModelEvent = {
  type: "xstate.done.actor.checkWithdrawals",
  output: [{ id: "w1", status: "confirmed", amount: BALANCE, to: TO, txId: "t" }],
};

/**
 * With the live stream down, the tab follows its withdrawal by polling: the whole balance goes out (the
 * shortest form), then every 3 s the tab reads it, and the read finds it confirmed or fails for want of a
 * network (the next poll tries again).
 */
export const withdrawUsdtPollingModel: ModelOptions<unknown> = {
  ...withdrawUsdtWalkModel,
  events: (snapshot) => {
    const { to, amount, following } = contextOf(snapshot);
    if (following.length > 0) {
      if (snapshot.matches({ follow: "waiting" })) return [FOLLOW_TIMER];
      if (snapshot.matches({ follow: "checking" }))
        return [CHECKED_CONFIRMED, { type: "xstate.error.actor.checkWithdrawals", error: NETWORK }];
      return [];
    }
    if (snapshot.matches({ form: "submitting" })) return [ACCEPTED];
    if (to === "") return [{ type: "TO.CHANGE", value: TO }];
    if (amount === "") return [{ type: "MAX", balance: BALANCE }];
    return [{ type: "SUBMIT", balance: BALANCE }];
  },
};

/** Every gesture of `map`, the path's first one after the live stream dropped (and stays down). */
const withStreamDropped = (map: Record<string, Gesture<never> | NotAGesture>) =>
  Object.fromEntries(
    Object.entries(map).map(([type, entry]) => [
      type,
      isGesture(entry)
        ? (((event, next, states) => [
            ...(states.earlier.length === 0 ? [dropStream()] : []),
            ...entry(event as never, next, states),
          ]) satisfies Gesture<never>)
        : entry,
    ]),
  );

const STREAM_DOWN_PART = "this part drops the stream at its first step: the tab polls";

export const withdrawUsdtPollingGestures = withStreamDropped({
  ...withdrawUsdtGestures,
  "xstate.after.FOLLOW.withdrawUsdt.follow.waiting": () => [clock(FOLLOW_MS)],
  // The devnet confirms a few seconds after the withdrawal went out: the read is answered once it has.
  "xstate.done.actor.checkWithdrawals": () => [withdrawalsSettled(), answer(WITHDRAWAL_CHECK, "server")],
  "xstate.error.actor.checkWithdrawals": () => [answer(WITHDRAWAL_CHECK, "network")],
  "WITHDRAWAL.UPDATED": notAGesture(STREAM_DOWN_PART),
});

export const withdrawUsdtWalk: Walk = {
  machine: "withdraw-usdt",
  parts: [
    {
      name: "withdraw USDT on /wallet",
      model: withdrawUsdtWalkModel,
      gestures: withdrawUsdtGestures,
      before: [hold(TRANSFER)],
      start: {
        url: "/wallet?tab=withdraw",
        account: "signedIn",
        arrange: { file: "usdt", name: "usdtToWithdraw" },
        ready: { text: `Available: ${BALANCE.toFixed(2)} USDT` },
      },
      after: (step) => {
        const told = toastOf(step.event);
        return told ? [{ seeIn: TOASTS, text: told }] : [];
      },
      atEnd,
    },
    {
      name: "follow a USDT withdrawal by polling while the live stream is down",
      model: withdrawUsdtPollingModel,
      gestures: withdrawUsdtPollingGestures,
      before: [hold(TRANSFER), hold(WITHDRAWAL_CHECK)],
      start: {
        url: "/wallet?tab=withdraw",
        account: "signedIn",
        arrange: { file: "usdt", name: "usdtToWithdraw" },
        ready: { text: `Available: ${BALANCE.toFixed(2)} USDT` },
      },
      after: (step) => {
        const told = toastOf(step.event);
        return told ? [{ seeIn: TOASTS, text: told }] : [];
      },
      atEnd,
    },
  ],
};
