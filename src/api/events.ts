/**
 * Live events (docs/api.md, "Live events"): a single-use ticket for `EventSource`, which cannot send an
 * Authorization header, and the stream's address. The ticket's answer is typed here until the route's
 * contract descriptor lands in src/api/contracts/ with the server half.
 */
import type { ApiClient } from "./client.ts";

export interface TicketAnswer {
  ticket: string;
  /** Seconds the ticket stays valid (single use). */
  expiresIn: number;
}

/** Whose stream: the signed-in user's, or the back office's (with the admin token). */
export type StreamOwner = "user" | "admin";

export function eventsApi(client: ApiClient) {
  return {
    ticket: (owner: StreamOwner) => client.post<TicketAnswer>("/events/ticket", undefined, { auth: owner }),
  };
}

export type EventsApi = ReturnType<typeof eventsApi>;

/** The stream's address for one connection: a fresh ticket, and the last event seen so the server resumes. */
export function streamUrl(apiBase: string, ticket: string, lastEventId: string | null): string {
  const query = new URLSearchParams({ ticket });
  if (lastEventId !== null) query.set("lastEventId", lastEventId);
  return `${apiBase}/events?${query.toString()}`;
}

/** What the stream actor needs of an `EventSource` (the browser's, or a test's fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export type OpenEventSource = (url: string) => EventSourceLike;

/** `EventSource.OPEN`, without touching a global that jsdom and old browsers lack. */
export const EVENT_SOURCE_OPEN = 1;
