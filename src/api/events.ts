/**
 * Live events (docs/api.md, "Live events"): a single-use ticket for `EventSource`, which cannot send an
 * Authorization header, and the stream's address.
 */

import type { AnswerOf } from "#contracts/endpoint.ts";
import type * as events from "#contracts/events.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";

/** The ticket and the seconds it stays valid (single use). */
export type TicketAnswer = AnswerOf<typeof events.streamTicket>;

/** Whose stream: the signed-in user's, or the back office's (with the admin token). */
export type StreamOwner = "user" | "admin";

const ticketRoute = route<typeof events.streamTicket>("POST", "/events/ticket");

export function eventsApi(client: ApiClient) {
  return {
    ticket: (owner: StreamOwner) => call(client, ticketRoute, { auth: owner }),
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
