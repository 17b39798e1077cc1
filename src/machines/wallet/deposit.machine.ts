/**
 * The Deposit USDT tab (docs/product.md §2 Wallet screen, §4 wallet states, §8 toasts). Page-lifetime.
 * States: loading (read the user record) → noAddress | ready; noAddress —GENERATE→ generating → ready;
 * loadFailed —RETRY→ loading. In ready, `refreshing` reads the chain balance and the latest transfers (the
 * server scans for deposits on that call), and the page polls: every 10 s, every 5 s while a deposit is pending.
 * A deposit the page saw pending, or that appeared after the first load, toasts once when it is credited; the
 * first load never toasts. A part that keeps failing on the background poll toasts once, not every 10 s;
 * REFRESH (the user asking) always says what failed.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import type { ChainTransaction } from "#src/api/wallet.ts";
import type { AppLink } from "#src/machines/app.types.ts";

export interface RefreshResult {
  /** undefined when the balance call failed; null when the server does not know it. */
  balance: number | null | undefined;
  /** undefined when the transactions call failed. */
  transactions: ChainTransaction[] | undefined;
  /** The explorer's transaction URL prefix (token info); null when it could not be read. */
  explorer: string | null;
}

export interface GenerateResult {
  address: string;
  /** Whether saving the address on the user record (PATCH) worked too. */
  saved: boolean;
}

type Toast = { type: "toast"; tone: "success" | "error"; title: string; description?: string };
const toast = (tone: Toast["tone"], title: string, description?: string): Toast =>
  description === undefined ? { type: "toast", tone, title } : { type: "toast", tone, title, description };
/** Tells the page the wallet balance moved (a deposit was credited): reload the figures and the history. */
type WalletChanged = { type: "walletChanged" };

export type DepositEvent = { type: "GENERATE" } | { type: "REFRESH" } | { type: "RETRY" } | { type: "COPY" };

export const POLL_MS = 10_000;
export const PENDING_POLL_MS = 5_000;
const TRY_AGAIN = "Check your connection and try again.";
const REFRESH_AGAIN = "Press Refresh to try again.";

const notProvided = (name: string) => () => {
  throw new Error(`deposit machine: actor "${name}" was not provided`);
};

const hasPending = (transactions: ChainTransaction[]) =>
  transactions.some((tx) => tx.type === "receive" && tx.status === "pending");

export const depositMachine = setup({
  types: {
    context: {} as {
      /** The root actor, told when the wallet moved (the taps actor reads the balance the header shows). */
      app: AppLink;
      userId: string;
      address: string | null;
      balance: number | null;
      explorer: string | null;
      transactions: ChainTransaction[];
      /** Status of each receive seen so far; null until the first successful load. */
      seen: Record<string, ChainTransaction["status"]> | null;
      /** Parts whose failure was already told and has not been fixed since (the poll stays quiet on them). */
      failing: { balance: boolean; transactions: boolean };
    },
    input: {} as { app: AppLink; userId: string },
    events: {} as DepositEvent,
    emitted: {} as Toast | WalletChanged,
  },
  actors: {
    loadAddress: fromPromise<string | null, { userId: string }>(notProvided("loadAddress")),
    generate: fromPromise<GenerateResult, { userId: string }>(notProvided("generate")),
    refresh: fromPromise<RefreshResult>(notProvided("refresh")),
    copyAddress: fromPromise<void, { address: string }>(notProvided("copyAddress")),
  },
  delays: {
    POLL: ({ context }) => (hasPending(context.transactions) ? PENDING_POLL_MS : POLL_MS),
  },
  guards: {
    hasAddress: (_, address: string | null) => address !== null,
  },
  actions: {
    /** A refused session (401) says so; anything else names what failed and what to do next. */
    toastFailure: emit((_, { error, title }: { error: unknown; title: string }) =>
      (error as { status?: number } | null)?.status === 401
        ? toast("error", "Authentication Error", "Your session is no longer valid. Please log in again.")
        : toast("error", title, TRY_AGAIN),
    ),
    /** The user asked: whatever fails next is told again. */
    forgetFailures: assign({ failing: { balance: false, transactions: false } }),
    applyRefresh: enqueueActions(({ context, enqueue }, result: RefreshResult) => {
      const failing = {
        balance: result.balance === undefined,
        transactions: result.transactions === undefined,
      };
      if (failing.balance && !context.failing.balance)
        enqueue.emit(toast("error", "Failed to fetch wallet balance", REFRESH_AGAIN));
      if (failing.transactions && !context.failing.transactions)
        enqueue.emit(toast("error", "Failed to fetch transactions", REFRESH_AGAIN));
      const balance = result.balance ?? null;
      const explorer = result.explorer ?? context.explorer;
      if (result.transactions === undefined) {
        enqueue.assign({ balance, explorer, failing });
        return;
      }
      const seen = { ...(context.seen ?? {}) };
      let credited = false;
      for (const tx of result.transactions) {
        if (tx.type !== "receive") continue;
        const before = context.seen === null ? tx.status : seen[tx.txId];
        if (tx.status === "confirmed" && before !== "confirmed") {
          credited = true;
          enqueue.emit(toast("success", "Deposit successful!", `${tx.value} USDT is in your wallet.`));
        }
        if (tx.status === "failed" && before === "pending") {
          const why = "The network refused this transfer, so nothing was credited. Check it with the sender.";
          enqueue.emit(toast("error", "Failed to process deposit", why));
        }
        seen[tx.txId] = tx.status;
      }
      if (credited) {
        enqueue.emit({ type: "walletChanged" });
        enqueue.sendTo(context.app, { type: "WALLET.MOVED" });
      }
      enqueue.assign({ balance, explorer, transactions: result.transactions, seen, failing });
    }),
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
  }),
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
                  actions: { type: "applyRefresh", params: ({ event }) => event.output },
                },
                onError: { target: "idle" },
              },
            },
            idle: {
              on: { REFRESH: { target: "refreshing", actions: "forgetFailures" } },
              after: { POLL: "refreshing" },
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
