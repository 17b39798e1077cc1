/**
 * The Withdraw USDT tab (docs/product.md §2, §5; docs/design.md §6). Page-lifetime. Two regions:
 * - form: idle ⇄ submitting. A withdrawal needs a checksummed TRC20 address and at least 300 USDT; more than
 *   the wallet balance is refused with `Insufficient balance for withdrawal` (docs/product.md §8). It goes
 *   out with an Idempotency-Key that stays with the same address and amount until the server answered
 *   definitively.
 * - follow: every accepted withdrawal is followed until the chain confirms it (`Withdrawal successful!`) or
 *   it failed and was refunded (`Failed to process withdrawal`, with an admin's reason when one rejected it).
 *   One held for review (202 `review`, docs/fair-play.md) is told so and followed as pending: by polling while the user's live stream is
 *   down, by its `withdrawal` events while it is up (one poll when it comes back). An event that arrives
 *   before the submit's own answer is kept until that answer names the withdrawal.
 * Rules and words: withdraw-usdt.rules.ts.
 */
import { and, assertEvent, assign, emit, enqueueActions, fromPromise, not, setup } from "xstate";
import { roundToMicro } from "#contracts/micro.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { TokenTransferAnswer, WithdrawalStatusAnswer } from "#src/api/wallet.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { attemptAfterFailure } from "#src/machines/shared/attempt-key.ts";
import {
  hasEnded,
  insufficientToast,
  refusedToast,
  settledToast,
  submittedToast,
  type WithdrawalOutcome,
  withdrawProblem,
} from "./withdraw-usdt.rules.ts";

export {
  addressProblem,
  amountProblem,
  INSUFFICIENT,
  WITHDRAW_FAILED,
  withdrawProblem,
} from "./withdraw-usdt.rules.ts";

import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { followStreamStatus, hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { Toast } from "#src/machines/shared/toast.ts";

export type WithdrawUsdtEvent =
  | { type: "TO.CHANGE"; value: string }
  | { type: "AMOUNT.CHANGE"; value: string }
  | { type: "MAX"; balance: number }
  | { type: "SUBMIT"; balance: number };

type WalletChanged = { type: "walletChanged" };

export const FOLLOW_MS = 3_000;

interface Attempt {
  key: string;
  to: string;
  amountMicro: number;
}

export const withdrawUsdtMachine = setup({
  types: {
    context: {} as {
      to: string;
      amount: string;
      attempt: Attempt | null;
      /** Accepted withdrawals not yet confirmed or failed. */
      following: string[];
      /** Ends pushed for withdrawals the submit's answer has not named yet. */
      early: Record<string, WithdrawalOutcome>;
      /** The user's live stream is up: it tells how withdrawals end, so the tab does not poll. */
      streamUp: boolean;
      /** The root actor, told when the wallet moved (the taps actor reads the balance the header shows). */
      app: AppLink;
      newId: () => string;
    },
    input: {} as { app: AppLink; newId: () => string },
    events: {} as WithdrawUsdtEvent | LiveEvent,
    emitted: {} as Toast | WalletChanged,
  },
  actors: {
    transfer: fromPromise<TokenTransferAnswer, { to: string; amount: number; idempotencyKey: string }>(
      notProvided("withdraw USDT machine", "transfer"),
    ),
    checkWithdrawals: fromPromise<WithdrawalStatusAnswer[], { ids: string[] }>(
      notProvided("withdraw USDT machine", "checkWithdrawals"),
    ),
    ...liveActors,
  },
  delays: { FOLLOW: FOLLOW_MS },
  guards: {
    formValid: ({ context }) => withdrawProblem(context.to, context.amount) === null,
    withinBalance: ({ context, event }) =>
      event.type === "SUBMIT" && roundToMicro(Number(context.amount)) <= roundToMicro(event.balance),
    following: ({ context }) => context.following.length > 0,
    followsIt: ({ context, event }) =>
      event.type === "WITHDRAWAL.UPDATED" && context.following.includes(event.id),
    streamDown: ({ context }) => !context.streamUp,
  },
  actions: {
    /** The same address and amount as an attempt whose outcome is unknown: the same key. */
    beginAttempt: assign({
      attempt: ({ context }) => {
        const to = context.to.trim();
        const amountMicro = roundToMicro(Number(context.amount));
        const same = context.attempt?.to === to && context.attempt.amountMicro === amountMicro;
        return same && context.attempt ? context.attempt : { key: context.newId(), to, amountMicro };
      },
    }),
    toastInsufficient: emit(insufficientToast),
    accepted: enqueueActions(({ context, enqueue }, answer: TokenTransferAnswer) => {
      const { withdrawal } = answer;
      enqueue.emit(submittedToast(withdrawal));
      enqueue.emit({ type: "walletChanged" });
      enqueue.sendTo(context.app, { type: "WALLET.MOVED" });
      enqueue.assign({
        to: "",
        amount: "",
        attempt: null,
        following: [...context.following.filter((id) => id !== withdrawal.id), withdrawal.id],
      });
      // Its end was pushed before this answer came: tell it now.
      const early = context.early[withdrawal.id];
      if (early) enqueue.raise({ type: "WITHDRAWAL.UPDATED", ...early, txId: null });
    }),
    refused: enqueueActions(({ context, enqueue }, error: ApiError) => {
      enqueue.emit(refusedToast(error));
      enqueue.assign({ attempt: attemptAfterFailure(context.attempt, error) });
    }),
    settle: enqueueActions(({ context, enqueue }, outcomes: WithdrawalOutcome[]) => {
      const settled = outcomes.filter((w) => hasEnded(w) && context.following.includes(w.id));
      for (const w of settled) enqueue.emit(settledToast(w));
      if (settled.length === 0) return;
      enqueue.emit({ type: "walletChanged" });
      enqueue.sendTo(context.app, { type: "WALLET.MOVED" });
      const done = new Set(settled.map((w) => w.id));
      const early = Object.fromEntries(Object.entries(context.early).filter(([id]) => !done.has(id)));
      enqueue.assign({ following: context.following.filter((id) => !done.has(id)), early });
    }),
    rememberEarly: assign({
      early: ({ context, event }) =>
        event.type === "WITHDRAWAL.UPDATED" && hasEnded(event)
          ? {
              ...context.early,
              [event.id]: { id: event.id, amount: event.amount, status: event.status, reason: event.reason },
            }
          : context.early,
    }),
    streamUp: assign({ streamUp: true }),
    streamDown: assign({ streamUp: false }),
  },
}).createMachine({
  id: "withdrawUsdt",
  context: ({ input }) => ({
    to: "",
    amount: "",
    attempt: null,
    following: [],
    early: {},
    streamUp: false,
    app: input.app,
    newId: input.newId,
  }),
  invoke: hearStream("user"),
  on: {
    ...followStreamStatus,
    "WITHDRAWAL.UPDATED": [
      {
        guard: "followsIt",
        actions: {
          type: "settle",
          params: ({ event }) => {
            assertEvent(event, "WITHDRAWAL.UPDATED");
            return [event];
          },
        },
      },
      { actions: "rememberEarly" },
    ],
  },
  type: "parallel",
  states: {
    form: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "TO.CHANGE": { actions: assign({ to: ({ event }) => event.value }) },
            // docs/product.md §5: non-numeric input is ignored.
            "AMOUNT.CHANGE": {
              guard: ({ event }) => /^\d*\.?\d*$/.test(event.value),
              actions: assign({ amount: ({ event }) => event.value }),
            },
            MAX: { actions: assign({ amount: ({ event }) => String(event.balance) }) },
            SUBMIT: [
              { guard: and(["formValid", "withinBalance"]), target: "submitting", actions: "beginAttempt" },
              { guard: "formValid", actions: "toastInsufficient" },
            ],
          },
        },
        submitting: {
          tags: ["busy"],
          invoke: {
            id: "transfer",
            src: "transfer",
            input: ({ context }) => ({
              to: context.attempt?.to ?? context.to.trim(),
              amount: Number(context.amount),
              idempotencyKey: context.attempt?.key ?? context.newId(),
            }),
            onDone: { target: "idle", actions: { type: "accepted", params: ({ event }) => event.output } },
            onError: {
              target: "idle",
              actions: { type: "refused", params: ({ event }) => apiErrorOf(event.error) },
            },
          },
        },
      },
    },
    follow: {
      initial: "idle",
      states: {
        idle: { always: { guard: "following", target: "waiting" } },
        waiting: {
          always: { guard: not("following"), target: "idle" },
          on: {
            // Back up: what happened while it was down is read once.
            "STREAM.UP": { target: "checking", actions: "streamUp" },
            "STREAM.DOWN": { target: "waiting", reenter: true, actions: "streamDown" },
          },
          after: { FOLLOW: { guard: "streamDown", target: "checking" } },
        },
        checking: {
          invoke: {
            id: "checkWithdrawals",
            src: "checkWithdrawals",
            input: ({ context }) => ({ ids: context.following }),
            onDone: { target: "idle", actions: { type: "settle", params: ({ event }) => event.output } },
            // Network trouble: keep following, try again after the delay.
            onError: "waiting",
          },
        },
      },
    },
  },
});
