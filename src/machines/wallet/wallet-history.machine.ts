/**
 * The wallet's Transaction History (spec §2, Wallet screen, "below the tabs"). Page-lifetime.
 * States: loading → ready | failed; RELOAD from either goes back to loading; MORE appends the next page.
 */
import { assign, emit, fromPromise, setup } from "xstate";
import type { WalletHistoryAnswer } from "#src/api/rewards.ts";

type Transaction = WalletHistoryAnswer["transactions"][number];

export const walletHistoryMachine = setup({
  types: {
    context: {} as { transactions: Transaction[]; nextCursor: string | null },
    events: {} as { type: "RELOAD" } | { type: "MORE" },
    emitted: {} as { type: "toast"; tone: "error"; title: string },
  },
  actors: {
    loadPage: fromPromise<WalletHistoryAnswer, { cursor: string | null }>(() => {
      throw new Error('wallet history machine: actor "loadPage" was not provided');
    }),
  },
  actions: {
    toastFailed: emit({
      type: "toast" as const,
      tone: "error" as const,
      title: "Failed to fetch transactions",
    }),
  },
}).createMachine({
  id: "walletHistory",
  context: { transactions: [], nextCursor: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: () => ({ cursor: null }),
        onDone: {
          target: "ready",
          actions: assign(({ event }) => ({
            transactions: event.output.transactions,
            nextCursor: event.output.nextCursor,
          })),
        },
        onError: { target: "failed", actions: "toastFailed" },
      },
    },
    ready: {
      on: {
        RELOAD: "loading",
        MORE: { guard: ({ context }) => context.nextCursor !== null, target: "loadingMore" },
      },
    },
    loadingMore: {
      tags: ["busy"],
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: ({ context }) => ({ cursor: context.nextCursor }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            transactions: [...context.transactions, ...event.output.transactions],
            nextCursor: event.output.nextCursor,
          })),
        },
        onError: { target: "ready", actions: "toastFailed" },
      },
    },
    failed: { on: { RELOAD: "loading" } },
  },
});
