/**
 * A fake EventSource and ticket API for the live stream's tests (jsdom has no EventSource): every connection
 * is recorded with its URL, and the test opens it, sends frames or breaks it by hand.
 */
import type { ApiResult } from "#src/api/errors.ts";
import type { EventSourceLike, EventsApi, StreamOwner, TicketAnswer } from "#src/api/events.ts";

type Listener = (event: MessageEvent<string>) => void;

export class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {}

  get ticket() {
    return new URL(this.url).searchParams.get("ticket");
  }
  get lastEventId() {
    return new URL(this.url).searchParams.get("lastEventId");
  }

  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }

  /** The server answered 200 text/event-stream. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  /** One frame: `id:`, `event:` and `data:` (an object is sent as JSON). */
  frame(type: string, data: unknown, id?: string) {
    const text = typeof data === "string" ? data : JSON.stringify(data);
    const event = new MessageEvent<string>(type, { data: text, lastEventId: id ?? "" });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The connection broke, or the server refused it (a bad ticket's 401 looks the same to EventSource). */
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event("error"));
  }
}

/** Opens FakeEventSources and keeps them in order, newest last. */
export function fakeEventSources() {
  const opened: FakeEventSource[] = [];
  return {
    opened,
    open: (url: string) => {
      const source = new FakeEventSource(url);
      opened.push(source);
      return source;
    },
    latest: () => opened.at(-1)!,
    /** Connections not closed yet (more than one means two streams at once). */
    live: () => opened.filter((source) => !source.closed),
  };
}

/** A ticket API handing out ticket-1, ticket-2 … ; `refuse` makes the next calls answer 401. */
export function fakeTickets() {
  const asked: StreamOwner[] = [];
  let refusals = 0;
  const events: EventsApi = {
    ticket: async (owner): Promise<ApiResult<TicketAnswer>> => {
      asked.push(owner);
      if (refusals > 0) {
        refusals -= 1;
        return { data: null, error: { code: "UNAUTHORIZED", message: "No", status: 401 } };
      }
      return { data: { ticket: `ticket-${asked.length}`, expiresIn: 60 }, error: null };
    },
  };
  return {
    events,
    asked,
    refuse: (times: number) => {
      refusals = times;
    },
  };
}
