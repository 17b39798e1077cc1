/** /events…: live events (docs/api.md, Live events). */
import type { FastifyInstance } from "fastify";
import * as contract from "#contracts/events.ts";
import { openLiveStream } from "../domain/live/open-stream.ts";
import { issueStreamTicket } from "../domain/live/stream-tickets.ts";
import { openEventStream } from "./event-stream.ts";
import { registerEndpoint, registerStreamEndpoint } from "./register-endpoint.ts";

export function registerEventsRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  registerEndpoint(app, contract.streamTicket, ({ auth }) => issueStreamTicket(ctx, auth));

  registerStreamEndpoint(app, contract.liveEvents, async ({ auth, query, request, reply }) => {
    // EventSource resends the last id it saw as a header; a client that opens the stream anew passes it.
    const header = request.headers["last-event-id"];
    const resumeFrom = (typeof header === "string" ? header : undefined) ?? query.lastEventId ?? null;
    const stream = openEventStream(request, reply, ctx.live.settings);
    const subscription = await openLiveStream(ctx, auth, resumeFrom, stream.sink);
    stream.whenClosed(() => subscription.end());
  });
}
