/**
 * The Multipliers dialog (docs/product.md §2, §4, §5). Page-lifetime: created by the route that shows the
 * dialog. States: closed → open.loading → open.ready ⇄ open.purchasing; open.failed when the catalogue could
 * not load. A purchase needs 100 points (checked here first, as docs/product.md §5 says, and again by the
 * server), goes out with an Idempotency-Key, and on success tells the root actor the new figures (for the taps
 * actor) and closes
 * the dialog. The key stays with the multiplier until the server answered definitively, so buying it again
 * after a lost answer (network, time-out, 5xx) cannot charge twice. When the user's live stream then pushes
 * that very multiplier, the purchase did go through: it is announced and its key dropped.
 */

import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { MULTIPLIER_PURCHASE_POINTS } from "#contracts/limits.ts";
import { roundToMicro } from "#contracts/micro.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { MultiplierOption, PurchaseAnswer } from "#src/api/rewards.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { attemptAfterFailure } from "#src/machines/shared/attempt-key.ts";
import { hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { Toast } from "#src/machines/shared/toast.ts";

export type MultipliersEvent =
  | { type: "OPEN" }
  | { type: "CLOSE" }
  | { type: "RETRY" }
  | { type: "PURCHASE"; value: number; points: number };

export const PURCHASE_ERROR_TOASTS: Readonly<Record<string, string>> = {
  NOT_ENOUGH_POINTS: "Not enough points to buy multiplier",
  NOT_ENOUGH_FUNDS: "Not enough funds",
};
export const PURCHASE_FAILED = "Failed to upgrade multiplier";
/** The product's words (docs/product.md §8) for a refused purchase; own keys only, so a code such as "constructor" is not a message. */
const purchaseFailureToast = (code: string) =>
  Object.hasOwn(PURCHASE_ERROR_TOASTS, code) ? PURCHASE_ERROR_TOASTS[code]! : PURCHASE_FAILED;

export const multipliersMachine = setup({
  types: {
    context: {} as {
      options: MultiplierOption[];
      /** The value being bought while `purchasing`. */
      pendingValue: number | null;
      /** The purchase in doubt or under way: its Idempotency-Key and the value it is for. */
      attempt: { key: string; value: number } | null;
      /** The root actor: it hands the new figures to the signed-in user's taps actor. */
      app: AppLink;
      newId: () => string;
    },
    input: {} as { app: AppLink; newId: () => string },
    events: {} as MultipliersEvent | LiveEvent,
    emitted: {} as Toast,
  },
  actors: {
    loadOptions: fromPromise<MultiplierOption[]>(notProvided("multipliers machine", "loadOptions")),
    purchase: fromPromise<PurchaseAnswer, { value: number; idempotencyKey: string }>(
      notProvided("multipliers machine", "purchase"),
    ),
    ...liveActors,
  },
  guards: {
    /** The multiplier pushed is the one an attempt in doubt was buying: that purchase went through. */
    confirmsAttempt: ({ context, event }) =>
      event.type === "MULTIPLIER.CHANGED" &&
      context.attempt !== null &&
      roundToMicro(event.multiplier) === roundToMicro(context.attempt.value),
    enoughPoints: ({ event }) => event.type === "PURCHASE" && event.points >= MULTIPLIER_PURCHASE_POINTS,
  },
  actions: {
    /** Same value as a purchase whose outcome is unknown: the same key. Otherwise a new one. */
    beginAttempt: assign({
      attempt: ({ context, event }) => {
        assertEvent(event, "PURCHASE");
        const { value } = event;
        return context.attempt?.value === value ? context.attempt : { key: context.newId(), value };
      },
    }),
    endAttempt: assign({ attempt: null }),
    toastConfirmed: emit(({ context }) => ({
      type: "toast" as const,
      tone: "success" as const,
      title: `Multiplier upgraded to ${context.attempt?.value}x!`,
    })),
    /** Keeps the key only while the server may have carried the purchase out. */
    settleFailedAttempt: assign(({ context }, error: ApiError) => ({
      attempt: attemptAfterFailure(context.attempt, error),
    })),
    toastError: emit((_, title: string) => ({ type: "toast" as const, tone: "error" as const, title })),
    applyPurchase: enqueueActions(({ context, enqueue }, answer: PurchaseAnswer) => {
      enqueue.emit({
        type: "toast",
        tone: "success",
        title: `Multiplier upgraded to ${answer.multiplier}x!`,
      });
      enqueue.sendTo(context.app, {
        type: "REWARDS.UPDATED",
        pointsMicro: roundToMicro(answer.points),
        totalTaps: answer.totalTaps,
        multiplierMicro: roundToMicro(answer.multiplier),
        walletBalanceMicro: roundToMicro(answer.walletBalance),
      });
    }),
  },
}).createMachine({
  id: "multipliers",
  context: ({ input }) => ({
    options: [],
    pendingValue: null,
    attempt: null,
    app: input.app,
    newId: input.newId,
  }),
  invoke: hearStream("user"),
  on: { "MULTIPLIER.CHANGED": { guard: "confirmsAttempt", actions: ["toastConfirmed", "endAttempt"] } },
  initial: "closed",
  states: {
    closed: { on: { OPEN: "open" } },
    open: {
      initial: "loading",
      on: { CLOSE: { target: "closed" } },
      states: {
        loading: {
          tags: ["loading"],
          invoke: {
            id: "loadOptions",
            src: "loadOptions",
            onDone: { target: "ready", actions: assign({ options: ({ event }) => event.output }) },
            onError: "failed",
          },
        },
        failed: { on: { RETRY: "loading" } },
        ready: {
          on: {
            PURCHASE: [
              {
                guard: "enoughPoints",
                target: "purchasing",
                actions: [assign({ pendingValue: ({ event }) => event.value }), "beginAttempt"],
              },
              { actions: { type: "toastError", params: PURCHASE_ERROR_TOASTS.NOT_ENOUGH_POINTS! } },
            ],
          },
        },
        purchasing: {
          tags: ["busy"],
          exit: assign({ pendingValue: null }),
          // Leaving mid-purchase would hide its outcome: the dialog stays until the answer, which also
          // decides this attempt (not a push that may come first).
          on: { CLOSE: {}, "MULTIPLIER.CHANGED": {} },
          invoke: {
            id: "purchase",
            src: "purchase",
            input: ({ context }) => ({
              value: context.pendingValue!,
              idempotencyKey: context.attempt?.key ?? context.newId(),
            }),
            onDone: {
              target: "#multipliers.closed",
              actions: [{ type: "applyPurchase", params: ({ event }) => event.output }, "endAttempt"],
            },
            onError: {
              target: "ready",
              actions: [
                {
                  type: "toastError",
                  params: ({ event }) => purchaseFailureToast(apiErrorOf(event.error).code),
                },
                { type: "settleFailedAttempt", params: ({ event }) => apiErrorOf(event.error) },
              ],
            },
          },
        },
      },
    },
  },
});

export type CardState = "current" | "owned" | "insufficient" | "purchase";

/** The card states of docs/product.md §2, in its order. */
export function cardState(option: MultiplierOption, current: number, walletBalance: number): CardState {
  if (roundToMicro(option.multiplier_value) === roundToMicro(current)) return "current";
  if (option.multiplier_value < current) return "owned";
  if (walletBalance < option.price_usdt) return "insufficient";
  return "purchase";
}
