/**
 * One live stream (docs/design.md §10, docs/api.md "Live events"): the signed-in user's, or the back
 * office's. A child of the root actor while its owner is signed in.
 *
 * States: following (another tab of this browser holds the stream: its frames and its up/down arrive
 *         through the `tabs` child) —TABS.LEAD→ leading (connecting: a fresh ticket → open: an EventSource,
 *         opening → up → waiting: back-off → connecting; offline: the browser says the network is gone, so
 *         nothing is tried until it says it is back) ; ended (the session was revoked: the stream is over).
 * Invariants: every connection takes a new single-use ticket and resumes from the last event id seen (its
 * own or relayed), so the server replays what was missed once, in order. The back-off doubles from 1 s to
 * 30 s and starts again from 1 s after a minute up. Going offline closes the connection at once (after a
 * network change its socket may be dead without a word, and every retry would fail anyway); coming back
 * online connects at once, not after the back-off (docs/decisions/042). The parent hears each frame as a LIVE
 * report carrying its machine event, and the facts STREAM.UP (entering `up`) and STREAM.DOWN (leaving it).
 */
import { assign, fromCallback, fromPromise, sendParent, sendTo, setup } from "xstate";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { LiveEvent, LiveReport, RawFrame, StreamName } from "./live.types.ts";
import { frameToEvent } from "./live-frames.ts";

export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
export const HEALTHY_MS = 60_000;

/** What the stream tells the other tabs through its `tabs` child. */
export type TabsCommand = { type: "SHARE.FRAME"; frame: RawFrame } | { type: "SHARE.STATUS"; up: boolean };

export type LiveStreamEvent =
  /** This tab holds the stream now (it took the lock, or there is no lock to take). */
  | { type: "TABS.LEAD" }
  | { type: "TABS.FRAME"; frame: RawFrame }
  | { type: "TABS.STATUS"; up: boolean }
  /** Another tab has just joined and wants to know whether the stream is up. */
  | { type: "TABS.HELLO" }
  | { type: "CONNECTION.OPENED" }
  | { type: "CONNECTION.FRAME"; frame: RawFrame }
  /** The connection failed or closed (a refused ticket too: EventSource cannot tell us the status). */
  | { type: "CONNECTION.LOST" }
  /** The browser lost its network (`offline`, or it started without one). */
  | { type: "NETWORK.OFFLINE" }
  /** The browser has a network again (`online`). */
  | { type: "NETWORK.ONLINE" };

export interface LiveStreamInput {
  stream: StreamName;
  /** Whose stream (a user or admin id): names the lock and channel the tabs share. */
  holder: string;
}

const frameOf = (event: LiveStreamEvent) =>
  event.type === "CONNECTION.FRAME" || event.type === "TABS.FRAME" ? event.frame : null;

export const liveStreamMachine = setup({
  types: {
    input: {} as LiveStreamInput,
    context: {} as LiveStreamInput & {
      lastEventId: string | null;
      ticket: string | null;
      failures: number;
      /** What the browser last said of its network (it may start without one). */
      online: boolean;
    },
    events: {} as LiveStreamEvent,
  },
  actors: {
    /** Web Locks elect the tab holding the stream; a BroadcastChannel carries its frames to the others. */
    tabLink: fromCallback<TabsCommand, { name: string }>(notProvided("live stream machine", "tabLink")),
    ticket: fromPromise<string, { stream: StreamName }>(notProvided("live stream machine", "ticket")),
    connection: fromCallback<
      { type: "CLOSE" },
      { stream: StreamName; ticket: string; lastEventId: string | null }
    >(notProvided("live stream machine", "connection")),
    /** The browser's word on the network: NETWORK.OFFLINE and NETWORK.ONLINE as it changes. */
    network: fromCallback(notProvided("live stream machine", "network")),
  },
  actions: {
    rememberId: assign({ lastEventId: ({ context, event }) => frameOf(event)?.id ?? context.lastEventId }),
    /** The frame, as a machine event, to the parent; an unknown or malformed one is dropped. */
    report: sendParent(({ context, event }): LiveReport | { type: "LIVE.IGNORED" } => {
      const frame = frameOf(event);
      const pushed = frame ? frameToEvent(frame) : null;
      return pushed ? { type: "LIVE", stream: context.stream, event: pushed } : { type: "LIVE.IGNORED" };
    }),
    reportFact: sendParent(
      ({ context }, fact: LiveEvent): LiveReport => ({ type: "LIVE", stream: context.stream, event: fact }),
    ),
    shareFrame: sendTo("tabs", ({ event }): TabsCommand => ({ type: "SHARE.FRAME", frame: frameOf(event)! })),
    shareStatus: sendTo("tabs", (_, up: boolean): TabsCommand => ({ type: "SHARE.STATUS", up })),
    noteOffline: assign({ online: false }),
    noteOnline: assign({ online: true }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    forgetFailures: assign({ failures: 0 }),
  },
  guards: {
    relayedUp: ({ event }) => event.type === "TABS.STATUS" && event.up,
    relayedDown: ({ event }) => event.type === "TABS.STATUS" && !event.up,
    endsSession: ({ event }) => frameOf(event)?.type === "session",
    offline: ({ context }) => !context.online,
  },
  delays: {
    RECONNECT: ({ context }) =>
      Math.min(RECONNECT_FIRST_MS * 2 ** Math.max(context.failures - 1, 0), RECONNECT_MAX_MS),
    HEALTHY: HEALTHY_MS,
  },
}).createMachine({
  id: "live",
  context: ({ input }) => ({ ...input, lastEventId: null, ticket: null, failures: 0, online: true }),
  // The network first: a browser that starts offline says so before this tab can be told it leads.
  invoke: [
    { id: "network", src: "network" },
    {
      id: "tabs",
      src: "tabLink",
      input: ({ context }) => ({ name: `taprewards-live-${context.stream}-${context.holder}` }),
    },
  ],
  on: {
    "NETWORK.OFFLINE": { actions: "noteOffline" },
    "NETWORK.ONLINE": { actions: "noteOnline" },
  },
  initial: "following",
  states: {
    following: {
      initial: "down",
      on: {
        // Leading without a network starts by waiting for it: a ticket asked now would only fail.
        "TABS.LEAD": [{ guard: "offline", target: "leading.offline" }, { target: "leading" }],
        "TABS.FRAME": [
          { guard: "endsSession", target: "ended", actions: ["rememberId", "report"] },
          { actions: ["rememberId", "report"] },
        ],
      },
      states: {
        down: { on: { "TABS.STATUS": { guard: "relayedUp", target: "up" } } },
        up: {
          entry: { type: "reportFact", params: { type: "STREAM.UP" } },
          exit: { type: "reportFact", params: { type: "STREAM.DOWN" } },
          on: { "TABS.STATUS": { guard: "relayedDown", target: "down" } },
        },
      },
    },
    leading: {
      initial: "connecting",
      on: {
        "TABS.HELLO": { actions: { type: "shareStatus", params: false } },
        // Leaving `open` closes the connection; leaving `connecting` drops the ticket's answer.
        "NETWORK.OFFLINE": { target: ".offline", actions: "noteOffline" },
      },
      states: {
        connecting: {
          invoke: {
            id: "ticket",
            src: "ticket",
            input: ({ context }) => ({ stream: context.stream }),
            onDone: { target: "open", actions: assign({ ticket: ({ event }) => event.output }) },
            onError: "waiting",
          },
        },
        open: {
          initial: "opening",
          invoke: {
            id: "connection",
            src: "connection",
            input: ({ context }) => ({
              stream: context.stream,
              ticket: context.ticket!,
              lastEventId: context.lastEventId,
            }),
          },
          on: {
            "CONNECTION.FRAME": [
              {
                guard: "endsSession",
                target: "#live.ended",
                actions: ["rememberId", "report", "shareFrame"],
              },
              { actions: ["rememberId", "report", "shareFrame"] },
            ],
            "CONNECTION.LOST": "waiting",
          },
          states: {
            opening: { on: { "CONNECTION.OPENED": "up" } },
            up: {
              entry: [
                { type: "reportFact", params: { type: "STREAM.UP" } },
                { type: "shareStatus", params: true },
              ],
              exit: [
                { type: "reportFact", params: { type: "STREAM.DOWN" } },
                { type: "shareStatus", params: false },
              ],
              on: { "TABS.HELLO": { actions: { type: "shareStatus", params: true } } },
              after: { HEALTHY: { actions: "forgetFailures" } },
            },
          },
        },
        waiting: {
          entry: "countFailure",
          after: { RECONNECT: "connecting" },
        },
        offline: { on: { "NETWORK.ONLINE": { target: "connecting", actions: "noteOnline" } } },
      },
    },
    ended: {},
  },
});
