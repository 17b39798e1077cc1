/**
 * The Withdraw USDT tab (docs/product.md §2, §5; docs/design.md §6). Page-lifetime. Two regions:
 * - form: idle ⇄ submitting. A withdrawal needs a checksummed TRC20 address and at least 300 USDT; more than
 *   the wallet balance is refused with `Insufficient balance for withdrawal` (docs/product.md §8). It goes
 *   out with an Idempotency-Key that stays with the same address and amount until the server answered
 *   definitively.
 * - follow: every accepted withdrawal is polled until the chain confirms it (`Withdrawal successful!`) or it
 *   failed and was refunded (`Failed to process withdrawal`).
 */
import { and, assign, enqueueActions, fromPromise, setup } from "xstate";
import { MIN_USDT_WITHDRAWAL } from "#src/api/contracts/limits.ts";
import { isTronAddress, shortTronAddress } from "#src/api/contracts/tron-address.ts";
import { type ApiError, outcomeUnknown } from "#src/api/errors.ts";
import { toMicro } from "#src/api/micro.ts";
import type { TokenTransferAnswer, WithdrawalStatusAnswer } from "#src/api/wallet.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import { attemptAfterFailure } from "#src/machines/shared/attempt-key.ts";

export type WithdrawUsdtEvent =
  | { type: "TO.CHANGE"; value: string }
  | { type: "AMOUNT.CHANGE"; value: string }
  | { type: "MAX"; balance: number }
  | { type: "SUBMIT"; balance: number };

type Toast = { type: "toast"; tone: "success" | "error"; title: string; description?: string };
type WalletChanged = { type: "walletChanged" };

export const FOLLOW_MS = 3_000;
export const INSUFFICIENT = "Insufficient balance for withdrawal";
export const WITHDRAW_FAILED = "Failed to process withdrawal";

/** What is wrong with the address, in words that say what to do; null when it is a TRC20 address. */
export function addressProblem(to: string): string | null {
  const address = to.trim();
  if (address === "") return "Enter the TRC20 address to send to.";
  return isTronAddress(address) ? null : "Enter a valid TRC20 address (starts with T, 34 characters).";
}

/**
 * What is wrong with the amount (docs/product.md §5: a number above 0; our minimum and USDT's 6 decimals).
 */
export function amountProblem(amount: string): string | null {
  const value = Number(amount);
  if (amount.trim() === "" || !Number.isFinite(value) || value <= 0) return "Enter an amount above 0.";
  if (/\.\d{7,}$/.test(amount.trim())) return "USDT has at most 6 decimals.";
  if (toMicro(value) < toMicro(MIN_USDT_WITHDRAWAL))
    return `The minimum withdrawal is ${MIN_USDT_WITHDRAWAL} USDT.`;
  return null;
}

/** What keeps the Withdraw button disabled, in words; null when the form can be sent. */
export const withdrawProblem = (to: string, amount: string) => addressProblem(to) ?? amountProblem(amount);

const notProvided = (name: string) => () => {
  throw new Error(`withdraw USDT machine: actor "${name}" was not provided`);
};

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
      /** The root actor, told when the wallet moved (the taps actor reads the balance the header shows). */
      app: AppLink;
      newId: () => string;
    },
    input: {} as { app: AppLink; newId: () => string },
    events: {} as WithdrawUsdtEvent,
    emitted: {} as Toast | WalletChanged,
  },
  actors: {
    transfer: fromPromise<TokenTransferAnswer, { to: string; amount: number; idempotencyKey: string }>(
      notProvided("transfer"),
    ),
    checkWithdrawals: fromPromise<WithdrawalStatusAnswer[], { ids: string[] }>(
      notProvided("checkWithdrawals"),
    ),
  },
  delays: { FOLLOW: FOLLOW_MS },
  guards: {
    formValid: ({ context }) => withdrawProblem(context.to, context.amount) === null,
    withinBalance: ({ context, event }) =>
      event.type === "SUBMIT" && toMicro(Number(context.amount)) <= toMicro(event.balance),
    following: ({ context }) => context.following.length > 0,
  },
  actions: {
    /** The same address and amount as an attempt whose outcome is unknown: the same key. */
    beginAttempt: assign({
      attempt: ({ context }) => {
        const to = context.to.trim();
        const amountMicro = toMicro(Number(context.amount));
        const same = context.attempt?.to === to && context.attempt.amountMicro === amountMicro;
        return same && context.attempt ? context.attempt : { key: context.newId(), to, amountMicro };
      },
    }),
    toastInsufficient: enqueueActions(({ enqueue }) =>
      enqueue.emit({
        type: "toast",
        tone: "error",
        title: INSUFFICIENT,
        description: "Enter at most your wallet balance.",
      }),
    ),
    accepted: enqueueActions(({ context, enqueue }, answer: TokenTransferAnswer) => {
      const { withdrawal } = answer;
      enqueue.emit({
        type: "toast",
        tone: "success",
        title: "Withdrawal submitted",
        description: `${withdrawal.amount} USDT to ${shortTronAddress(withdrawal.to)}. It confirms in a few seconds.`,
      });
      enqueue.emit({ type: "walletChanged" });
      enqueue.sendTo(context.app, { type: "WALLET.MOVED" });
      enqueue.assign({
        to: "",
        amount: "",
        attempt: null,
        following: [...context.following.filter((id) => id !== withdrawal.id), withdrawal.id],
      });
    }),
    refused: enqueueActions(({ context, enqueue }, error: ApiError) => {
      const insufficient = error.code === "INSUFFICIENT_BALANCE";
      enqueue.emit({
        type: "toast",
        tone: "error",
        title: insufficient ? INSUFFICIENT : WITHDRAW_FAILED,
        description: insufficient
          ? "Enter at most your wallet balance."
          : outcomeUnknown(error)
            ? "Check your connection and press Withdraw again: it will not be sent twice."
            : error.message,
      });
      enqueue.assign({ attempt: attemptAfterFailure(context.attempt, error) });
    }),
    settle: enqueueActions(({ context, enqueue }, statuses: WithdrawalStatusAnswer[]) => {
      const settled = statuses.filter((w) => w.status !== "pending");
      for (const w of settled) {
        enqueue.emit(
          w.status === "confirmed"
            ? {
                type: "toast",
                tone: "success",
                title: "Withdrawal successful!",
                description: `${w.amount} USDT sent.`,
              }
            : {
                type: "toast",
                tone: "error",
                title: WITHDRAW_FAILED,
                description: `The ${w.amount} USDT did not go out and is back in your wallet.`,
              },
        );
      }
      if (settled.length === 0) return;
      enqueue.emit({ type: "walletChanged" });
      enqueue.sendTo(context.app, { type: "WALLET.MOVED" });
      const done = new Set(settled.map((w) => w.id));
      enqueue.assign({ following: context.following.filter((id) => !done.has(id)) });
    }),
  },
}).createMachine({
  id: "withdrawUsdt",
  context: ({ input }) => ({
    to: "",
    amount: "",
    attempt: null,
    following: [],
    app: input.app,
    newId: input.newId,
  }),
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
              actions: { type: "refused", params: ({ event }) => event.error as ApiError },
            },
          },
        },
      },
    },
    follow: {
      initial: "idle",
      states: {
        idle: { always: { guard: "following", target: "waiting" } },
        waiting: { after: { FOLLOW: "checking" } },
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
