/**
 * Tap and sync (docs/product.md §4, docs/design.md §5). One per signed-in user, a child of the root actor.
 *
 * States: loading → ready (parallel: debounce [idle | waiting], deadline [idle | armed],
 *         sync [idle | sending | retrying], figures [stale | refreshing | current]).
 * A TAP changes the context synchronously (the screen paints it in the same frame) and is persisted.
 * Taps are put in a batch 6 s after the last tap, or 30 s after the first unsynced tap, or on FLUSH
 * (pagehide, unmount, user change). Each batch keeps its id until the server acknowledged it, so a failed
 * or interrupted send is repeated under the same id and counted once. The server's answer is the truth:
 * shown points = confirmed points + pending taps × multiplier.
 * Until the server's figures arrive, the stored ones are shown, or for a new device the default multiplier
 * (docs/product.md §3), so taps count up at once even offline; a failed first load is tried again when the
 * browser is back online and every 30 s, so the wallet balance and the real multiplier arrive without a
 * reload.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { DEFAULT_MULTIPLIER } from "#src/api/contracts/limits.ts";
import { toMicro } from "#src/api/micro.ts";
import type { SyncAnswer } from "#src/api/rewards.ts";
import type { TapBatch } from "#src/api/rewards-store.ts";
import {
  BACKOFF_MS,
  HISTORY_LIMIT,
  type Loaded,
  MAX_SYNC_DELAY_MS,
  RELOAD_DELAY_MS,
  SYNC_DELAY_MS,
  type TapsContext,
  type TapsEmitted,
  type TapsEvent,
  type TapsInput,
} from "./taps.types.ts";

const notProvided = (name: string) => () => {
  throw new Error(`taps machine: "${name}" was not provided`);
};

export const tapsMachine = setup({
  types: {
    context: {} as TapsContext,
    input: {} as TapsInput,
    events: {} as TapsEvent,
    emitted: {} as TapsEmitted,
  },
  actors: {
    loadRewards: fromPromise<Loaded, { userId: string }>(notProvided("loadRewards")),
    sendBatch: fromPromise<SyncAnswer, { userId: string; batch: TapBatch; multiplierMicro: number }>(
      notProvided("sendBatch"),
    ),
  },
  actions: {
    /** Writes what must survive a reload; provided by the runtime (localStorage). */
    persist: notProvided("persist"),
    /** Sends every unacknowledged batch with `keepalive`, so they arrive even as the page closes. */
    sendBeforeUnload: notProvided("sendBeforeUnload"),
    recordTap: assign(({ context }) => ({
      unsyncedTaps: context.unsyncedTaps + 1,
      history: [
        {
          id: context.newId(),
          pointsMicro: context.multiplierMicro,
          multiplierMicro: context.multiplierMicro,
          timestamp: context.now(),
        },
        ...context.history.slice(0, HISTORY_LIMIT - 1),
      ],
    })),
    formBatch: assign(({ context }) =>
      context.unsyncedTaps === 0
        ? {}
        : {
            batches: [...context.batches, { batchId: context.newId(), taps: context.unsyncedTaps }],
            unsyncedTaps: 0,
          },
    ),
    /**
     * Takes the server's totals from a batch's answer when they are newer than what we hold. Total taps only
     * ever grow, so they date an answer: a replayed batch's stored answer, or one overtaken by a purchase,
     * is older and only removes the batch.
     */
    reconcile: assign(({ context }, answer: SyncAnswer) => ({
      ...(answer.totalTaps > context.totalTaps
        ? {
            pointsMicro: toMicro(answer.points),
            totalTaps: answer.totalTaps,
            multiplierMicro: toMicro(answer.multiplier),
          }
        : {}),
      batches: context.batches.slice(1),
      failures: 0,
    })),
    /**
     * The server's figures. A batch already sent may be in its totals (a keepalive send as the last page
     * closed) while we still count it as pending: until every batch is answered, the totals come from the
     * batches' answers, so nothing is shown twice. A late load (after a failed first one) also yields to a
     * newer sync answer (totals only grow).
     */
    applyLoaded: assign(({ context }, { loaded, late }: { loaded: Loaded; late: boolean }) => ({
      ...(context.batches.length === 0 && (!late || loaded.totalTaps >= context.totalTaps)
        ? { pointsMicro: loaded.pointsMicro, totalTaps: loaded.totalTaps }
        : {}),
      multiplierMicro: loaded.multiplierMicro,
      walletBalanceMicro: loaded.walletBalanceMicro,
      loaded: true,
    })),
    /**
     * A purchase's or withdrawal's figures. If a tap sync has answered with more taps than they were computed
     * with, ours are newer and keep their points and multiplier. Otherwise theirs win, totals included, so
     * the answer of a batch credited before the purchase (older) cannot bring the spent points back.
     */
    applyUpdate: assign(({ context, event }) => {
      if (event.type !== "REWARDS.UPDATED") return {};
      const current = event.totalTaps === undefined || event.totalTaps >= context.totalTaps;
      return {
        ...(current
          ? {
              pointsMicro: event.pointsMicro ?? context.pointsMicro,
              totalTaps: event.totalTaps ?? context.totalTaps,
              multiplierMicro: event.multiplierMicro ?? context.multiplierMicro,
            }
          : {}),
        walletBalanceMicro: event.walletBalanceMicro ?? context.walletBalanceMicro,
      };
    }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    toastLoadFailed: emit({
      type: "toast" as const,
      tone: "error" as const,
      title: "Failed to load user data",
    }),
    toastSyncFailed: emit({
      type: "toast" as const,
      tone: "error" as const,
      title: "Failed to sync points with server",
    }),
  },
  guards: {
    hasBatches: ({ context }) => context.batches.length > 0,
    hasUnsynced: ({ context }) => context.unsyncedTaps > 0,
    firstFailure: ({ context }) => context.failures === 0,
    isLoaded: ({ context }) => context.loaded,
  },
  delays: {
    SYNC_DELAY: SYNC_DELAY_MS,
    MAX_SYNC_DELAY: MAX_SYNC_DELAY_MS,
    RELOAD_DELAY: RELOAD_DELAY_MS,
    BACKOFF: ({ context }) => BACKOFF_MS[Math.min(context.failures - 1, BACKOFF_MS.length - 1)] ?? 2_000,
  },
}).createMachine({
  id: "taps",
  context: ({ input }) => ({
    userId: input.userId,
    pointsMicro: input.stored?.pointsMicro ?? 0,
    totalTaps: input.stored?.totalTaps ?? 0,
    multiplierMicro: input.stored?.multiplierMicro ?? toMicro(DEFAULT_MULTIPLIER),
    walletBalanceMicro: input.stored?.walletBalanceMicro ?? 0,
    batches: input.stored?.batches ?? [],
    unsyncedTaps: input.stored?.unsyncedTaps ?? 0,
    history: [],
    failures: 0,
    loaded: false,
    storedFigures: input.stored !== null,
    newId: input.newId,
    now: input.now,
  }),
  initial: "loading",
  // The pagehide flush works even before the first load answers.
  on: {
    PAGEHIDE: { actions: ["formBatch", "persist", "sendBeforeUnload"] },
    "REWARDS.UPDATED": { actions: ["applyUpdate", "persist"] },
  },
  states: {
    loading: {
      tags: ["loading"],
      // Taps count before the first figures arrive; they wait in `unsyncedTaps`.
      on: { TAP: { actions: ["recordTap", "persist"] } },
      invoke: {
        id: "loadRewards",
        src: "loadRewards",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: "ready",
          actions: [
            { type: "applyLoaded", params: ({ event }) => ({ loaded: event.output, late: false }) },
            "persist",
          ],
        },
        // Offline at start: keep the stored figures and let sync retry; the screen says nothing is lost.
        onError: { target: "ready", actions: "toastLoadFailed" },
      },
    },
    ready: {
      type: "parallel",
      entry: enqueueActions(({ check, enqueue }) => {
        // Taps left from a previous page: send them now.
        if (check("hasUnsynced")) enqueue.raise({ type: "FLUSH" });
        else if (check("hasBatches")) enqueue.raise({ type: "ONLINE" });
      }),
      states: {
        debounce: {
          initial: "idle",
          // The one handler of TAP in `ready` that records it; the other regions only react to it. It sits on
          // the leaf states: a re-entering transition on the region itself would exit the sibling regions too.
          states: {
            idle: { on: { TAP: { target: "waiting", actions: ["recordTap", "persist"] } } },
            waiting: {
              on: { TAP: { target: "waiting", reenter: true, actions: ["recordTap", "persist"] } },
              after: {
                SYNC_DELAY: {
                  target: "idle",
                  actions: enqueueActions(({ enqueue }) => enqueue.raise({ type: "FLUSH" })),
                },
              },
            },
          },
        },
        deadline: {
          initial: "idle",
          states: {
            idle: { on: { TAP: "armed" } },
            armed: {
              on: { FLUSH: "idle" },
              after: {
                MAX_SYNC_DELAY: {
                  target: "idle",
                  actions: enqueueActions(({ enqueue }) => enqueue.raise({ type: "FLUSH" })),
                },
              },
            },
          },
        },
        sync: {
          initial: "idle",
          on: { FLUSH: { actions: ["formBatch", "persist"] } },
          states: {
            idle: {
              always: { guard: "hasBatches", target: "sending" },
              on: { ONLINE: { guard: "hasBatches", target: "sending" } },
            },
            sending: {
              tags: ["syncing"],
              invoke: {
                id: "sendBatch",
                src: "sendBatch",
                input: ({ context }) => ({
                  userId: context.userId,
                  batch: context.batches[0]!,
                  multiplierMicro: context.multiplierMicro,
                }),
                onDone: {
                  target: "idle",
                  actions: [{ type: "reconcile", params: ({ event }) => event.output }, "persist"],
                },
                onError: [
                  { guard: "firstFailure", target: "retrying", actions: ["countFailure", "toastSyncFailed"] },
                  { target: "retrying", actions: "countFailure" },
                ],
              },
            },
            retrying: {
              on: { ONLINE: "sending", FLUSH: { target: "sending", actions: ["formBatch", "persist"] } },
              after: { BACKOFF: "sending" },
            },
          },
        },
        figures: {
          initial: "checking",
          states: {
            checking: { always: [{ guard: "isLoaded", target: "current" }, { target: "stale" }] },
            stale: { on: { ONLINE: "refreshing" }, after: { RELOAD_DELAY: "refreshing" } },
            refreshing: {
              invoke: {
                id: "loadRewards",
                src: "loadRewards",
                input: ({ context }) => ({ userId: context.userId }),
                onDone: {
                  target: "current",
                  actions: [
                    { type: "applyLoaded", params: ({ event }) => ({ loaded: event.output, late: true }) },
                    "persist",
                  ],
                },
                onError: "stale",
              },
            },
            current: {},
          },
        },
      },
    },
  },
});
