/**
 * A page that shows a server read and keeps it current from the live stream (the Leaderboard and Stats pages:
 * docs/product.md). Page-lifetime; one machine per kind of read, made by `liveReadMachine`.
 * States: loading → ready | failed (RETRY). `ready.figures`:
 * - fresh: what the server last answered. News (an event that changes the figures, such as POINTS.UPDATED)
 *   makes it `stale`; with the stream down it reads every POLL instead (polling only while nothing is pushed),
 *   and a read that changes without news of this user's (other players climbing a board) reads every POLL
 *   anyway (`pollWhileUp`).
 * - stale: a read is due after REREAD_THROTTLE; more news meanwhile does not push it back, so a player tapping
 *   all day costs one read every few seconds, not one per sync.
 * - reading: the figures stay on screen (tag "updating") while the read is out; news during it makes another
 *   read due, since the answer may predate the change. A failed re-read keeps the figures: out of date, not
 *   broken.
 * QUERY (another period) reads at once from `loading`: the old answer is of something else. STREAM.RESET
 * (pushed events were lost) reads again at once; with figures on screen it reads behind them (`reading`), so
 * a reconnect never blanks the page.
 */
import { assign, fromPromise, setup } from "xstate";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { followStreamStatus, hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";

export const REREAD_THROTTLE_MS = 5_000;
export const POLL_MS = 30_000;

/** The query is what the read is of: a board's period, a player's id. */
export type LiveReadEvent = { type: "RETRY" } | { type: "QUERY"; query: string };

export interface LiveReadContext {
  query: string;
  /** The last answer; its shape is the page's (the page's view names it). */
  data: unknown;
  /** News came while the first read was out: that read may predate it, so read again once ready. */
  missedNews: boolean;
  streamUp: boolean;
  app: AppLink;
}

/**
 * A machine reading what its `load` actor answers for the query. `news` lists the live events after which
 * the read is out of date.
 */
export function liveReadMachine(options: {
  id: string;
  news: readonly LiveEvent["type"][];
  pollWhileUp?: boolean;
}) {
  const isNews = (type: string) => (options.news as readonly string[]).includes(type);
  return setup({
    types: {
      context: {} as LiveReadContext,
      input: {} as { app: AppLink; query: string },
      events: {} as LiveReadEvent | LiveEvent,
    },
    actors: { load: fromPromise<unknown, string>(notProvided("live read machine", "load")), ...liveActors },
    guards: {
      news: ({ event }) => isNews(event.type),
      missedNews: ({ context }) => context.missedNews,
      pollDue: ({ context }) => !context.streamUp || options.pollWhileUp === true,
    },
    actions: {
      noteMissedNews: assign({ missedNews: true }),
      forgetMissedNews: assign({ missedNews: false }),
      streamUp: assign({ streamUp: true }),
      streamDown: assign({ streamUp: false }),
    },
    delays: { REREAD_THROTTLE: REREAD_THROTTLE_MS, POLL: POLL_MS },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      query: input.query,
      data: null,
      missedNews: false,
      streamUp: false,
      app: input.app,
    }),
    invoke: hearStream("user"),
    on: {
      ...followStreamStatus,
      "STREAM.RESET": { target: ".loading" },
      QUERY: { target: ".loading", actions: assign({ query: ({ event }) => event.query }) },
    },
    initial: "loading",
    states: {
      loading: {
        tags: ["loading"],
        on: { "*": { guard: "news", actions: "noteMissedNews" } },
        invoke: {
          id: "load",
          src: "load",
          input: ({ context }) => context.query,
          onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
          onError: "failed",
        },
      },
      failed: { on: { RETRY: "loading" } },
      ready: {
        // Not `loading`: the figures are still this query's, only perhaps behind; the read starts at once.
        on: { "STREAM.RESET": ".reading" },
        initial: "checking",
        states: {
          checking: {
            always: [
              { guard: "missedNews", target: "stale", actions: "forgetMissedNews" },
              { target: "fresh" },
            ],
          },
          fresh: {
            on: { "*": { guard: "news", target: "stale" } },
            after: { POLL: { guard: "pollDue", target: "reading" } },
          },
          stale: { after: { REREAD_THROTTLE: "reading" } },
          reading: {
            tags: ["updating"],
            on: { "*": { guard: "news", target: "stale" } },
            invoke: {
              id: "load",
              src: "load",
              input: ({ context }) => context.query,
              onDone: { target: "fresh", actions: assign({ data: ({ event }) => event.output }) },
              onError: "fresh",
            },
          },
        },
      },
    },
  });
}
