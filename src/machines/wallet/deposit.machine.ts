/**
 * The Deposit USDT tab (spec §2 Wallet screen, §4 wallet states, §8 toasts). Page-lifetime.
 * States: loading (read the user record) → noAddress | ready; noAddress —GENERATE→ generating → ready;
 * loadFailed —RETRY→ loading. In ready, `refreshing` reads the chain balance and the latest transfers (the
 * server scans for deposits on that call), and the page polls: every 10 s, every 4 s while a deposit is pending.
 * A deposit the page saw pending, or that appeared after the first load, toasts once when it is credited.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import type { ChainTransaction } from "#src/api/wallet.ts";

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
/** Tells the page the wallet balance moved (a deposit was credited): reload the figures and the history. */
type WalletChanged = { type: "walletChanged" };

export type DepositEvent = { type: "GENERATE" } | { type: "REFRESH" } | { type: "RETRY" } | { type: "COPY" };

export const POLL_MS = 10_000;
const LOAD_FAILED = "Failed to load wallet information";
export const PENDING_POLL_MS = 4_000;

const notProvided = (name: string) => () => {
  throw new Error(`deposit machine: actor "${name}" was not provided`);
};

const hasPending = (transactions: ChainTransaction[]) =>
  transactions.some((tx) => tx.type === "receive" && tx.status === "pending");

export const depositMachine = setup({
  types: {
    context: {} as {
      address: string | null;
      balance: number | null;
      explorer: string | null;
      transactions: ChainTransaction[];
      /** Status of each receive seen so far; null until the first successful load. */
      seen: Record<string, ChainTransaction["status"]> | null;
    },
    events: {} as DepositEvent,
    emitted: {} as Toast | WalletChanged,
  },
  actors: {
    loadAddress: fromPromise<string | null>(notProvided("loadAddress")),
    generate: fromPromise<GenerateResult>(notProvided("generate")),
    refresh: fromPromise<RefreshResult>(notProvided("refresh")),
    copyAddress: fromPromise<void, { address: string }>(notProvided("copyAddress")),
    /** Reads the wallet balance and hands it to the taps actor (the header and figures show it). */
    syncWalletBalance: fromPromise<void>(notProvided("syncWalletBalance")),
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
        ? {
            type: "toast" as const,
            tone: "error" as const,
            title: "Authentication Error",
            description: "Your session is no longer valid. Please log in again.",
          }
        : {
            type: "toast" as const,
            tone: "error" as const,
            title,
            description: "Check your connection and try again.",
          },
    ),
    applyRefresh: enqueueActions(({ context, enqueue }, result: RefreshResult) => {
      if (result.balance === undefined) {
        enqueue.emit({ type: "toast", tone: "error", title: "Failed to fetch wallet balance" });
      }
      if (result.transactions === undefined) {
        enqueue.emit({ type: "toast", tone: "error", title: "Failed to fetch transactions" });
        enqueue.assign({ balance: result.balance ?? null, explorer: result.explorer ?? context.explorer });
        return;
      }
      const seen = { ...(context.seen ?? {}) };
      let credited = false;
      for (const tx of result.transactions) {
        if (tx.type !== "receive") continue;
        const before = context.seen === null ? tx.status : seen[tx.txId];
        if (tx.status === "confirmed" && before !== "confirmed") {
          credited = true;
          enqueue.emit({
            type: "toast",
            tone: "success",
            title: "Deposit successful!",
            description: `${tx.value} USDT is in your wallet.`,
          });
        }
        if (tx.status === "failed" && before === "pending") {
          enqueue.emit({
            type: "toast",
            tone: "error",
            title: "Failed to process deposit",
            description:
              "The network refused this transfer, so nothing was credited. Check it with the sender.",
          });
        }
        seen[tx.txId] = tx.status;
      }
      if (credited) {
        enqueue.emit({ type: "walletChanged" });
        enqueue.spawnChild("syncWalletBalance");
      }
      enqueue.assign({
        balance: result.balance ?? null,
        explorer: result.explorer ?? context.explorer,
        transactions: result.transactions,
        seen,
      });
    }),
  },
}).createMachine({
  id: "deposit",
  context: { address: null, balance: null, explorer: null, transactions: [], seen: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "loadAddress",
        src: "loadAddress",
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
            params: ({ event }) => ({ error: event.error, title: LOAD_FAILED }),
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
        onDone: {
          target: "ready",
          actions: enqueueActions(({ enqueue, event }) => {
            enqueue.assign({ address: event.output.address });
            enqueue.emit({
              type: "toast",
              tone: "success",
              title: event.output.saved
                ? "Wallet generated and saved successfully!"
                : "Wallet generated successfully!",
            });
          }),
        },
        onError: [
          {
            // A saved address is still the user's: keep showing it (spec §8's "saved state").
            guard: ({ context }) => context.address !== null,
            target: "ready",
            actions: enqueueActions(({ enqueue }) =>
              enqueue.emit({ type: "toast", tone: "error", title: "Failed to generate wallet, saved state" }),
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
              on: { REFRESH: "refreshing" },
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
                onDone: {
                  target: "idle",
                  actions: emit({
                    type: "toast" as const,
                    tone: "success" as const,
                    title: "Address copied to clipboard",
                  }),
                },
                onError: {
                  target: "idle",
                  actions: emit({
                    type: "toast" as const,
                    tone: "error" as const,
                    title: "Could not copy the address",
                    description: "Select the address and copy it by hand.",
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});
