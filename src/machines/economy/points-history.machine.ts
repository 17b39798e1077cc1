/**
 * The points history of the Rewards page: one row per credited batch of taps, newest first, with the booster
 * factor it was credited at (docs/product.md, Rewards area). Page-lifetime.
 * States: loading → ready.idle ⇄ ready.more (MORE appends the next page; a failure says so under the list)
 * | ready.refreshing; failed (RETRY).
 * A `points` push (a batch credited, from any tab) re-reads the first page quietly and merges it in front;
 * one that comes while a read is out is remembered and read after it, as that read may predate it.
 */
import { assign, fromPromise, setup } from "xstate";
import type { PointsHistoryAnswer, PointsHistoryEntry } from "#src/api/economy.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";

/** `fresh` first, then the rows already shown that it does not hold. */
export const mergeRows = (fresh: PointsHistoryEntry[], shown: PointsHistoryEntry[]) => {
  const ids = new Set(fresh.map((row) => row.id));
  return [...fresh, ...shown.filter((row) => !ids.has(row.id))];
};

export const pointsHistoryMachine = setup({
  types: {
    context: {} as {
      rows: PointsHistoryEntry[];
      nextCursor: string | null;
      userId: string;
      app: AppLink;
      behind: boolean;
      /** The last "show more" failed: the list says so until the next try. */
      moreFailed: boolean;
    },
    input: {} as { userId: string; app: AppLink },
    events: {} as { type: "MORE" } | { type: "RETRY" } | LiveEvent,
  },
  actors: {
    loadHistoryPage: fromPromise<PointsHistoryAnswer, { userId: string; cursor: string | null }>(
      notProvided("points history machine", "loadHistoryPage"),
    ),
    ...liveActors,
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    behind: ({ context }) => context.behind,
  },
  actions: {
    fallBehind: assign({ behind: true }),
  },
}).createMachine({
  id: "pointsHistory",
  context: ({ input }) => ({
    rows: [],
    nextCursor: null,
    userId: input.userId,
    app: input.app,
    behind: false,
    moreFailed: false,
  }),
  invoke: hearStream("user"),
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      entry: assign({ behind: false }),
      invoke: {
        id: "loadHistoryPage",
        src: "loadHistoryPage",
        input: ({ context }) => ({ userId: context.userId, cursor: null }),
        onDone: {
          target: "ready",
          actions: assign({
            rows: ({ event }) => event.output.history,
            nextCursor: ({ event }) => event.output.nextCursor,
          }),
        },
        onError: "failed",
      },
    },
    failed: { on: { RETRY: "loading" } },
    ready: {
      initial: "idle",
      on: { "STREAM.RESET": "loading" },
      states: {
        idle: {
          always: { guard: "behind", target: "refreshing" },
          on: {
            MORE: { guard: "hasMore", target: "more", actions: assign({ moreFailed: false }) },
            "POINTS.UPDATED": "refreshing",
          },
        },
        more: {
          tags: ["more"],
          on: { "POINTS.UPDATED": { actions: "fallBehind" } },
          invoke: {
            id: "loadHistoryPage",
            src: "loadHistoryPage",
            input: ({ context }) => ({ userId: context.userId, cursor: context.nextCursor }),
            onDone: {
              target: "idle",
              actions: assign({
                rows: ({ context, event }) => mergeRows(context.rows, event.output.history),
                nextCursor: ({ event }) => event.output.nextCursor,
              }),
            },
            onError: { target: "idle", actions: assign({ moreFailed: true }) },
          },
        },
        refreshing: {
          entry: assign({ behind: false }),
          on: { "POINTS.UPDATED": { actions: "fallBehind" } },
          invoke: {
            id: "loadHistoryPage",
            src: "loadHistoryPage",
            input: ({ context }) => ({ userId: context.userId, cursor: null }),
            onDone: {
              target: "idle",
              actions: assign({
                rows: ({ context, event }) => mergeRows(event.output.history, context.rows),
              }),
            },
            // Quiet: the rows shown are still true, only perhaps not the newest.
            onError: "idle",
          },
        },
      },
    },
  },
});
