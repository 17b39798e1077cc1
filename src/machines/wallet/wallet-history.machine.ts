/**
 * The wallet's Transaction History (docs/product.md §2, Wallet screen, "below the tabs"). Page-lifetime.
 * States: loading → ready | failed; RELOAD from either goes back to loading; MORE appends the next page.
 * REFRESH (the wallet moved) re-reads the first page in `refreshing` without a spinner and merges it in front
 * of the pages already shown; a failed refresh is quiet (the rows shown are still true, only perhaps not the
 * newest). While an entry is pending the page polls every 3 s, but only while the user's live stream is
 * down: while it is up, every pushed movement of the wallet (wallet, deposit, withdrawal, reset) refreshes
 * instead, and a read already out when one arrives is asked again, as it may predate it.
 */
import { and, assign, emit, fromPromise, setup } from "xstate";
import type { WalletHistoryAnswer } from "#src/api/rewards.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { followStreamStatus, hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";

type Transaction = WalletHistoryAnswer["transactions"][number];

export const HISTORY_POLL_MS = 3_000;

/** `fresh` first, then the rows already shown that it does not hold (a row never appears twice). */
const merge = (fresh: Transaction[], shown: Transaction[]) => {
  const ids = new Set(fresh.map((row) => row.id));
  return [...fresh, ...shown.filter((row) => !ids.has(row.id))];
};

/** Pushed events after which the newest page may differ. */
const MOVEMENTS = ["WALLET.UPDATED", "DEPOSIT.UPDATED", "WITHDRAWAL.UPDATED", "STREAM.RESET"] as const;
const on = <T>(transition: T) =>
  Object.fromEntries(MOVEMENTS.map((type) => [type, transition])) as Record<(typeof MOVEMENTS)[number], T>;

export const walletHistoryMachine = setup({
  types: {
    context: {} as {
      transactions: Transaction[];
      nextCursor: string | null;
      app: AppLink;
      /** The user's live stream is up: pushed movements refresh the page, so it does not poll. */
      streamUp: boolean;
      /** A movement was pushed while a page was loading more: the first page is read once that is done. */
      behind: boolean;
    },
    input: {} as { app: AppLink },
    events: {} as { type: "RELOAD" } | { type: "REFRESH" } | { type: "MORE" } | LiveEvent,
    emitted: {} as { type: "toast"; tone: "error"; title: string },
  },
  actors: {
    loadPage: fromPromise<WalletHistoryAnswer, { cursor: string | null }>(
      notProvided("wallet history machine", "loadPage"),
    ),
    ...liveActors,
  },
  delays: { HISTORY_POLL: HISTORY_POLL_MS },
  guards: {
    anyPending: ({ context }) => context.transactions.some((row) => row.status === "pending"),
    streamDown: ({ context }) => !context.streamUp,
    behind: ({ context }) => context.behind,
  },
  actions: {
    streamUp: assign({ streamUp: true }),
    streamDown: assign({ streamUp: false }),
    fallBehind: assign({ behind: true }),
    catchUp: assign({ behind: false }),
    toastFailed: emit({
      type: "toast" as const,
      tone: "error" as const,
      title: "Failed to fetch transactions",
    }),
  },
}).createMachine({
  id: "walletHistory",
  context: ({ input }) => ({
    transactions: [],
    nextCursor: null,
    app: input.app,
    streamUp: false,
    behind: false,
  }),
  invoke: hearStream("user"),
  on: followStreamStatus,
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      entry: "catchUp",
      on: on({ target: "loading", reenter: true }),
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
      always: { guard: "behind", target: "refreshing" },
      on: {
        RELOAD: "loading",
        REFRESH: "refreshing",
        MORE: { guard: ({ context }) => context.nextCursor !== null, target: "loadingMore" },
        // Back up: what happened while it was down is read once.
        "STREAM.UP": { target: "refreshing", actions: "streamUp" },
        "STREAM.DOWN": { target: "ready", reenter: true, actions: "streamDown" },
        ...on("refreshing"),
      },
      after: { HISTORY_POLL: { guard: and(["anyPending", "streamDown"]), target: "refreshing" } },
    },
    refreshing: {
      entry: "catchUp",
      on: { RELOAD: "loading", ...on({ target: "refreshing", reenter: true }) },
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
      on: on({ actions: "fallBehind" }),
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
    // A pushed movement shows the server is reachable again: try again.
    failed: { on: { RELOAD: "loading", REFRESH: "loading", ...on("loading") } },
  },
});
