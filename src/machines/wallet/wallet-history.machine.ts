/**
 * The wallet's Transaction History (docs/product.md §2, Wallet screen, "below the tabs"). Page-lifetime.
 * States: loading → ready | failed; RELOAD from either goes back to loading; MORE appends the next page.
 * REFRESH (the wallet moved) and, every 3 s while an entry is pending, the poll re-read the first page in
 * `refreshing` without a spinner and merge it in front of the pages already shown; a failed refresh is quiet
 * (the rows shown are still true, only perhaps not the newest).
 */
import { assign, emit, fromPromise, setup } from "xstate";
import type { WalletHistoryAnswer } from "#src/api/rewards.ts";

type Transaction = WalletHistoryAnswer["transactions"][number];

export const HISTORY_POLL_MS = 3_000;

/** `fresh` first, then the rows already shown that it does not hold (a row never appears twice). */
const merge = (fresh: Transaction[], shown: Transaction[]) => {
  const ids = new Set(fresh.map((row) => row.id));
  return [...fresh, ...shown.filter((row) => !ids.has(row.id))];
};

export const walletHistoryMachine = setup({
  types: {
    context: {} as { transactions: Transaction[]; nextCursor: string | null },
    events: {} as { type: "RELOAD" } | { type: "REFRESH" } | { type: "MORE" },
    emitted: {} as { type: "toast"; tone: "error"; title: string },
  },
  actors: {
    loadPage: fromPromise<WalletHistoryAnswer, { cursor: string | null }>(() => {
      throw new Error('wallet history machine: actor "loadPage" was not provided');
    }),
  },
  delays: { HISTORY_POLL: HISTORY_POLL_MS },
  guards: {
    anyPending: ({ context }) => context.transactions.some((row) => row.status === "pending"),
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
        REFRESH: "refreshing",
        MORE: { guard: ({ context }) => context.nextCursor !== null, target: "loadingMore" },
      },
      after: { HISTORY_POLL: { guard: "anyPending", target: "refreshing" } },
    },
    refreshing: {
      on: { RELOAD: "loading" },
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: () => ({ cursor: null }),
        onDone: {
          target: "ready",
          // The cursor stays: it points past the last row shown, which the merge keeps.
          actions: assign({
            transactions: ({ context, event }) => merge(event.output.transactions, context.transactions),
          }),
        },
        onError: "ready",
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
            transactions: merge(context.transactions, event.output.transactions),
            nextCursor: event.output.nextCursor,
          })),
        },
        onError: { target: "ready", actions: "toastFailed" },
      },
    },
    failed: { on: { RELOAD: "loading", REFRESH: "loading" } },
  },
});
