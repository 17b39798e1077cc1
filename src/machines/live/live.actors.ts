/**
 * Real actors of the live stream: the ticket call, the EventSource connection and the link between tabs.
 * The EventSource comes from an injected factory, so tests give a fake (jsdom has none).
 */
import { type AnyActorRef, fromCallback, fromPromise } from "xstate";
import type { ApiResult } from "#src/api/errors.ts";
import {
  EVENT_SOURCE_OPEN,
  type EventSourceLike,
  type EventsApi,
  type OpenEventSource,
  streamUrl,
} from "#src/api/events.ts";
import type { StreamName } from "./live.types.ts";
import { FRAME_TYPES } from "./live-frames.ts";
import type { LiveStreamEvent, TabsCommand } from "./live-stream.machine.ts";

function unwrap<T>(result: ApiResult<T>): T {
  if (result.error) throw result.error;
  return result.data;
}

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
    /** Without Web Locks or BroadcastChannel every tab holds its own stream (still correct, one per tab). */
    soloTab: fromCallback<TabsCommand, { name: string }>(({ sendBack }) => {
      sendBack({ type: "TABS.LEAD" } satisfies LiveStreamEvent);
    }),
  };
}

export type LiveActors = ReturnType<typeof createLiveActors>;
