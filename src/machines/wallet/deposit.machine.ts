/**
 * The Deposit USDT tab (docs/product.md §2 Wallet screen, §4 wallet states, §8 toasts). Page-lifetime.
 * States: loading (read the user record) → noAddress | ready; noAddress —GENERATE→ generating → ready;
 * loadFailed —RETRY→ loading. In ready, `refreshing` reads the chain balance and the latest transfers (the
 * server scans for deposits on that call). While the user's live stream is down the tab polls: every 10 s,
 * every 5 s while a deposit is pending; while it is up the stream announces deposits (DEPOSIT.UPDATED), which
 * toast and refresh the list at once (a read already under way is started again, as it may predate the
 * deposit), and the tab reads once more when the stream comes back.
 * Which deposits toast is deposit.news.ts. A part that keeps failing on the background poll toasts once, not
 * every 10 s; REFRESH (the user asking) always says what failed.
 */
import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { followStreamStatus, hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { type Toast, toast } from "#src/machines/shared/toast.ts";
import {
  type DepositContext,
  type DepositNews,
  listingNews,
  pushNews,
  type RefreshResult,
} from "./deposit.news.ts";

export type { RefreshResult } from "./deposit.news.ts";

export interface GenerateResult {
  address: string;
  /** Whether saving the address on the user record (PATCH) worked too. */
  saved: boolean;
}

/** Tells the page the wallet balance moved (a deposit was credited): reload the figures and the history. */
type WalletChanged = { type: "walletChanged" };

export type DepositEvent = { type: "GENERATE" } | { type: "REFRESH" } | { type: "RETRY" } | { type: "COPY" };

export const POLL_MS = 10_000;
export const PENDING_POLL_MS = 5_000;
const TRY_AGAIN = "Check your connection and try again.";

const hasPending = (context: DepositContext) =>
  context.transactions.some((tx) => tx.type === "receive" && tx.status === "pending");

/** What a pushed deposit tells the user (deposit.news.ts). */
const pushedDeposit = ({ context, event }: { context: DepositContext; event: DepositEvent | LiveEvent }) => {
  assertEvent(event, "DEPOSIT.UPDATED");
  return pushNews(context, event);
};

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    input: {} as { app: AppLink; userId: string },
    events: {} as DepositEvent | LiveEvent,
    emitted: {} as Toast | WalletChanged,
  },
  actors: {
    loadAddress: fromPromise<string | null, { userId: string }>(
      notProvided("deposit machine", "loadAddress"),
    ),
    generate: fromPromise<GenerateResult, { userId: string }>(notProvided("deposit machine", "generate")),
    refresh: fromPromise<RefreshResult>(notProvided("deposit machine", "refresh")),
    copyAddress: fromPromise<void, { address: string }>(notProvided("deposit machine", "copyAddress")),
    ...liveActors,
  },
  delays: {
    POLL: ({ context }) => (hasPending(context) ? PENDING_POLL_MS : POLL_MS),
  },
  guards: {
    hasAddress: (_, address: string | null) => address !== null,
    streamDown: ({ context }) => !context.streamUp,
  },
  actions: {
    /** A refused session (401) says so; anything else names what failed and what to do next. */
    toastFailure: emit((_, { error, title }: { error: unknown; title: string }) =>
      apiErrorOf(error).status === 401
        ? toast("error", "Authentication Error", "Your session is no longer valid. Please log in again.")
        : toast("error", title, TRY_AGAIN),
    ),
    /** The user asked: whatever fails next is told again. */
    forgetFailures: assign({ failing: { balance: false, transactions: false } }),
    applyNews: enqueueActions(({ context, enqueue }, news: DepositNews) => {
      for (const told of news.toasts) enqueue.emit(told);
      if (news.credited) {
        enqueue.emit({ type: "walletChanged" });
        enqueue.sendTo(context.app, { type: "WALLET.MOVED" });
      }
      enqueue.assign(news.patch);
    }),
    streamUp: assign({ streamUp: true }),
    streamDown: assign({ streamUp: false }),
  },
}).createMachine({
  id: "deposit",
  context: ({ input }) => ({
    app: input.app,
    userId: input.userId,
    address: null,
    balance: null,
    explorer: null,
    transactions: [],
    seen: null,
    failing: { balance: false, transactions: false },
    streamUp: false,
  }),
  invoke: hearStream("user"),
  on: {
    ...followStreamStatus,
    "DEPOSIT.UPDATED": { actions: { type: "applyNews", params: pushedDeposit } },
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "loadAddress",
        src: "loadAddress",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          {
            guard: { type: "hasAddress", params: ({ event }) => event.output },
            target: "ready",
            actions: assign({ address: ({ event }) => event.output }),
          },
          { target: "noAddress" },
        ],
        onError: {
          target: "loadFailed",
          actions: {
            type: "toastFailure",
            params: ({ event }) => ({ error: event.error, title: "Failed to load wallet information" }),
          },
        },
      },
    },
    loadFailed: { on: { RETRY: "loading" } },
    noAddress: { on: { GENERATE: "generating" } },
    generating: {
      tags: ["busy"],
      invoke: {
        id: "generate",
        src: "generate",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: "ready",
          actions: [
            assign({ address: ({ event }) => event.output.address }),
            emit(({ event }) =>
              toast(
                "success",
                event.output.saved
                  ? "Wallet generated and saved successfully!"
                  : "Wallet generated successfully!",
              ),
            ),
          ],
        },
        onError: [
          {
            // A saved address is still the user's: keep showing it (the "saved state" of docs/product.md §8).
            guard: ({ context }) => context.address !== null,
            target: "ready",
            actions: emit(
              toast("error", "Failed to generate wallet, saved state", "Your saved address still works."),
            ),
          },
          {
            target: "noAddress",
            actions: {
              type: "toastFailure",
              params: ({ event }) => ({ error: event.error, title: "Failed to generate wallet" }),
            },
          },
        ],
      },
    },
    ready: {
      type: "parallel",
      on: { GENERATE: "#deposit.generating" },
      states: {
        chain: {
          initial: "refreshing",
          states: {
            refreshing: {
              tags: ["refreshing"],
              invoke: {
                id: "refresh",
                src: "refresh",
                onDone: {
                  target: "idle",
                  actions: {
                    type: "applyNews",
                    params: ({ context, event }) => listingNews(context, event.output),
                  },
                },
                onError: { target: "idle" },
              },
              on: {
                // The read under way may predate this deposit: tell it now, and read again.
                "DEPOSIT.UPDATED": {
                  target: "refreshing",
                  reenter: true,
                  actions: { type: "applyNews", params: pushedDeposit },
                },
              },
            },
            idle: {
              on: {
                REFRESH: { target: "refreshing", actions: "forgetFailures" },
                // Back up: what happened while it was down is read once.
                "STREAM.UP": { target: "refreshing", actions: "streamUp" },
                "STREAM.DOWN": { target: "idle", reenter: true, actions: "streamDown" },
                "DEPOSIT.UPDATED": {
                  target: "refreshing",
                  actions: { type: "applyNews", params: pushedDeposit },
                },
              },
              after: { POLL: { guard: "streamDown", target: "refreshing" } },
            },
          },
        },
        clipboard: {
          initial: "idle",
          states: {
            idle: { on: { COPY: "copying" } },
            copying: {
              invoke: {
                id: "copyAddress",
                src: "copyAddress",
                input: ({ context }) => ({ address: context.address ?? "" }),
                onDone: { target: "idle", actions: emit(toast("success", "Address copied to clipboard")) },
                onError: {
                  target: "idle",
                  actions: emit(
                    toast("error", "Could not copy the address", "Select the address and copy it by hand."),
                  ),
                },
              },
            },
          },
        },
      },
    },
  },
});
