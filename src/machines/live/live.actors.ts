/**
 * Real actors of the live stream: the ticket call, the EventSource connection and the link between tabs.
 * The EventSource, the lock manager and the channel come from injected factories, so tests give fakes (jsdom
 * has none of them).
 */
import { type AnyActorRef, fromCallback, fromPromise } from "xstate";
import {
  EVENT_SOURCE_OPEN,
  type EventSourceLike,
  type EventsApi,
  type OpenEventSource,
  streamUrl,
} from "#src/api/events.ts";
import type { RawFrame, StreamName } from "./live.types.ts";

/** What the tabs say to one another on the stream's channel. */
export type TabMessage =
  | { kind: "frame"; frame: RawFrame }
  | { kind: "status"; up: boolean }
  /** A tab has just joined: the holder answers with its status. */
  | { kind: "hello" };

/** The part of BroadcastChannel the tabs use. */
export interface ChannelLike {
  postMessage(message: TabMessage): void;
  onmessage: ((event: MessageEvent<TabMessage>) => void) | null;
  close(): void;
}

/** The part of the Web Locks API the tabs use: an exclusive lock, held until `task` settles. */
export interface TabLocks {
  request(name: string, options: { signal: AbortSignal }, task: () => Promise<void>): Promise<void>;
}

import { unwrap } from "#src/machines/shared/unwrap.ts";
import { FRAME_TYPES } from "./live-frames.ts";
import type { LiveStreamEvent, TabsCommand } from "./live-stream.machine.ts";

interface Held {
  source: EventSourceLike;
  /** Set by the cleanup; the close waits a microtask for a restart of the same actor to take it back. */
  closing: boolean;
}

export function createLiveActors(deps: {
  events: EventsApi;
  apiBase: string;
  openEventSource: OpenEventSource;
}) {
  // A callback actor can be started again right after its cleanup (React StrictMode remounts, and
  // statelyai/xstate#5272): the same actor then takes back the connection it had instead of opening another.
  const held = new WeakMap<AnyActorRef, Held>();

  const connect = (self: AnyActorRef, url: string): Held => {
    const current = held.get(self);
    if (current) {
      current.closing = false;
      return current;
    }
    const fresh = { source: deps.openEventSource(url), closing: false };
    held.set(self, fresh);
    return fresh;
  };

  return {
    ticket: fromPromise<string, { stream: StreamName }>(
      async ({ input }) => unwrap(await deps.events.ticket(input.stream)).ticket,
    ),
    connection: fromCallback<
      { type: "CLOSE" },
      { stream: StreamName; ticket: string; lastEventId: string | null }
    >(({ input, self, sendBack }) => {
      const connection = connect(self, streamUrl(deps.apiBase, input.ticket, input.lastEventId));
      const { source } = connection;
      const tell = (event: LiveStreamEvent) => sendBack(event);
      const onFrame = (message: MessageEvent<string>) =>
        tell({
          type: "CONNECTION.FRAME",
          frame: { id: message.lastEventId || null, type: message.type, data: String(message.data ?? "") },
        });
      source.onopen = () => tell({ type: "CONNECTION.OPENED" });
      // EventSource would retry with the same, spent ticket: the stream machine reconnects with a new one.
      source.onerror = () => tell({ type: "CONNECTION.LOST" });
      for (const type of FRAME_TYPES) source.addEventListener(type, onFrame);
      if (source.readyState === EVENT_SOURCE_OPEN) tell({ type: "CONNECTION.OPENED" });
      return () => {
        for (const type of FRAME_TYPES) source.removeEventListener(type, onFrame);
        source.onopen = null;
        source.onerror = null;
        connection.closing = true;
        queueMicrotask(() => {
          if (!connection.closing) return;
          source.close();
          held.delete(self);
        });
      };
    }),
    network: browserNetwork,
    /** Without Web Locks or BroadcastChannel every tab holds its own stream (still correct, one per tab). */
    soloTab: fromCallback<TabsCommand, { name: string }>(({ sendBack }) => {
      sendBack({ type: "TABS.LEAD" } satisfies LiveStreamEvent);
    }),
  };
}

/**
 * The browser's `offline` and `online` events as NETWORK.OFFLINE and NETWORK.ONLINE, and NETWORK.OFFLINE at once
 * when it starts without a network (docs/decisions/042). `navigator.onLine` false means no network at all;
 * true only means there may be one, so the stream still finds out by connecting.
 */
export const browserNetwork = fromCallback(({ sendBack }) => {
  const offline = () => sendBack({ type: "NETWORK.OFFLINE" } satisfies LiveStreamEvent);
  const online = () => sendBack({ type: "NETWORK.ONLINE" } satisfies LiveStreamEvent);
  addEventListener("offline", offline);
  addEventListener("online", online);
  if (navigator.onLine === false) offline();
  return () => {
    removeEventListener("offline", offline);
    removeEventListener("online", online);
  };
});

/**
 * One stream per browser (docs/design.md §10): the tab holding the Web Lock named after the stream holds the
 * stream and shares its frames and its up/down on a BroadcastChannel of the same name; the others follow.
 * When the holder closes, the browser releases its lock and the next tab waiting takes it (TABS.LEAD).
 */
export function createTabLink(deps: { locks: TabLocks; openChannel: (name: string) => ChannelLike }) {
  return fromCallback<TabsCommand, { name: string }>(({ input, sendBack, receive }) => {
    const tell = (event: LiveStreamEvent) => sendBack(event);
    const channel = deps.openChannel(input.name);
    channel.onmessage = ({ data }) => {
      if (data.kind === "frame") tell({ type: "TABS.FRAME", frame: data.frame });
      else if (data.kind === "status") tell({ type: "TABS.STATUS", up: data.up });
      else tell({ type: "TABS.HELLO" });
    };
    receive((command) =>
      channel.postMessage(
        command.type === "SHARE.FRAME"
          ? { kind: "frame", frame: command.frame }
          : { kind: "status", up: command.up },
      ),
    );
    channel.postMessage({ kind: "hello" });
    const abandon = new AbortController();
    let release = () => {};
    deps.locks
      .request(input.name, { signal: abandon.signal }, () => {
        tell({ type: "TABS.LEAD" });
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      // Aborted while waiting: this tab stopped before its turn came.
      .catch(() => undefined);
    return () => {
      abandon.abort();
      release();
      channel.close();
    };
  });
}

export type LiveActors = ReturnType<typeof createLiveActors>;
