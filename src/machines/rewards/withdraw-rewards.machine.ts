/**
 * The Withdraw Rewards dialog on Home (docs/product.md §2, §5). Page-lifetime.
 * States: closed → open.editing ⇄ open.withdrawing (settlingTaps → sending). The amount is text as typed;
 * input that is not a number is ignored without a message, and Withdraw is enabled only for
 * 0 < amount ≤ the rewards balance (which the route passes with each event, as it is the taps actor's).
 * Before the request goes out, the pending taps are sent: the dialog asks the root actor (TAPS.SETTLE) and
 * waits for TAPS.SETTLED, at most 10 s, so "Max" is a balance the server knows (docs/decisions/007).
 * Success tells the root actor the new figures (for the taps actor), toasts, closes the dialog and clears
 * the amount.
 * Idempotency: a withdrawal's key stays with its amount until the server answered definitively, so pressing
 * Withdraw again after a lost answer (network, time-out, 5xx) cannot move the points twice.
 */

import { assign, emit, enqueueActions, fromPromise, sendTo, setup } from "xstate";
import { roundToMicro } from "#contracts/micro.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { WithdrawRewardsAnswer } from "#src/api/rewards.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { attemptAfterFailure } from "#src/machines/shared/attempt-key.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { Toast } from "#src/machines/shared/toast.ts";

export type WithdrawEvent =
  | { type: "OPEN" }
  | { type: "CLOSE" }
  | { type: "AMOUNT.CHANGE"; value: string }
  | { type: "MAX"; balance: number }
  | { type: "SUBMIT"; balance: number };

/** How long a withdrawal waits for the pending taps to be acknowledged before it goes out anyway. */
export const SETTLE_TIMEOUT_MS = 10_000;

/** Digits with at most 6 decimals (the points unit); anything else is not a number here. */
const NUMERIC = /^\d*(\.\d{0,6})?$/;

export function canWithdraw(amount: string, balance: number): boolean {
  if (!NUMERIC.test(amount) || amount === "" || amount === ".") return false;
  const value = Number(amount);
  return value > 0 && roundToMicro(value) <= roundToMicro(balance);
}

export const withdrawRewardsMachine = setup({
  types: {
    context: {} as {
      amount: string;
      /** The request in doubt or under way: its Idempotency-Key and the amount it is for. */
      attempt: { key: string; amount: string } | null;
      /** The root actor: it settles the pending taps and hands the new figures to the taps actor. */
      app: AppLink;
      newId: () => string;
    },
    input: {} as { app: AppLink; newId: () => string },
    /** The user's gestures, and the root actor's answer that no tap is pending any more. */
    events: {} as WithdrawEvent | { type: "TAPS.SETTLED" },
    emitted: {} as Toast,
  },
  actors: {
    withdraw: fromPromise<WithdrawRewardsAnswer, { amount: number; idempotencyKey: string }>(
      notProvided("withdraw machine", "withdraw"),
    ),
  },
  guards: {
    isNumeric: ({ event }) => event.type === "AMOUNT.CHANGE" && NUMERIC.test(event.value),
    valid: ({ context, event }) => event.type === "SUBMIT" && canWithdraw(context.amount, event.balance),
  },
  actions: {
    /**
     * Same amount as an attempt whose outcome is unknown: the same key. Otherwise a new one. Compared as
     * micro-points, not as typed: "2", "2.0" and what Max fills in are the same withdrawal.
     */
    beginAttempt: assign({
      attempt: ({ context }) =>
        context.attempt &&
        roundToMicro(Number(context.attempt.amount)) === roundToMicro(Number(context.amount))
          ? context.attempt
          : { key: context.newId(), amount: context.amount },
    }),
    endAttempt: assign({ attempt: null }),
    /** Keeps the key only while the server may have carried the withdrawal out. */
    settleFailedAttempt: assign(({ context }, error: ApiError) => ({
      attempt: attemptAfterFailure(context.attempt, error),
    })),
    applyWithdrawal: enqueueActions(({ context, enqueue }, answer: WithdrawRewardsAnswer) => {
      enqueue.emit({ type: "toast", tone: "success", title: "Withdrawal successful!" });
      enqueue.sendTo(context.app, {
        type: "REWARDS.UPDATED",
        pointsMicro: roundToMicro(answer.points),
        totalTaps: answer.totalTaps,
        walletBalanceMicro: roundToMicro(answer.walletBalance),
      });
    }),
    settleTaps: sendTo(
      ({ context }) => context.app,
      ({ self }) => ({ type: "TAPS.SETTLE" as const, replyTo: self }),
    ),
    toastError: emit(({ event }) => ({
      type: "toast" as const,
      tone: "error" as const,
      title:
        "error" in event && apiErrorOf(event.error).code === "INSUFFICIENT_BALANCE"
          ? "Insufficient balance"
          : "Failed to process withdrawal",
    })),
  },
  delays: { SETTLE_TIMEOUT: SETTLE_TIMEOUT_MS },
}).createMachine({
  id: "withdrawRewards",
  context: ({ input }) => ({ amount: "", attempt: null, app: input.app, newId: input.newId }),
  initial: "closed",
  states: {
    closed: { on: { OPEN: "open" } },
    open: {
      initial: "editing",
      on: { CLOSE: { target: "closed", actions: assign({ amount: "" }) } },
      states: {
        editing: {
          on: {
            "AMOUNT.CHANGE": { guard: "isNumeric", actions: assign({ amount: ({ event }) => event.value }) },
            MAX: { actions: assign({ amount: ({ event }) => String(Number(event.balance.toFixed(6))) }) },
            SUBMIT: { guard: "valid", target: "withdrawing", actions: "beginAttempt" },
          },
        },
        withdrawing: {
          tags: ["busy"],
          on: { CLOSE: {} },
          initial: "settlingTaps",
          states: {
            settlingTaps: {
              entry: "settleTaps",
              on: { "TAPS.SETTLED": "sending" },
              // The taps cannot be synced now (offline): withdraw what the server knows.
              after: { SETTLE_TIMEOUT: "sending" },
            },
            sending: {
              invoke: {
                id: "withdraw",
                src: "withdraw",
                input: ({ context }) => ({
                  amount: Number(context.amount),
                  idempotencyKey: context.attempt?.key ?? context.newId(),
                }),
                onDone: {
                  target: "#withdrawRewards.closed",
                  actions: [
                    { type: "applyWithdrawal", params: ({ event }) => event.output },
                    "endAttempt",
                    assign({ amount: "" }),
                  ],
                },
                onError: {
                  target: "#withdrawRewards.open.editing",
                  actions: [
                    "toastError",
                    { type: "settleFailedAttempt", params: ({ event }) => apiErrorOf(event.error) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});
