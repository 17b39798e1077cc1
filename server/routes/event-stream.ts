/**
 * A text/event-stream answer written to the socket (docs/decisions/017): standard frames, a `: ping` comment
 * every interval, and a cap on what may wait in memory for a slow client: past it the connection is cut, and
 * the client resumes from its last id instead of the server buffering without bound.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { LiveFrame, LiveSink } from "../domain/live/live-subscription.ts";
import { httpsOnlyHeaders } from "../plugins/security.ts";

export interface EventStream {
  sink: LiveSink;
  /** Runs once the connection is gone, whoever closed it (at once if it already is). */
  whenClosed(callback: () => void): void;
}

const frameText = (frame: LiveFrame) =>
  `${frame.id === undefined ? "" : `id: ${frame.id}\n`}event: ${frame.type}\ndata: ${JSON.stringify(frame.data)}\n\n`;

export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: { pingIntervalMs: number; maxBufferedBytes: number },
): EventStream {
  const res = reply.raw;
  // Kept: once the answer has ended, the response lets go of its socket (left idle for keep-alive).
  const socket = res.socket;
  // Set by the hooks that already ran (security headers, CORS).
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(200, {
    ...httpsOnlyHeaders(request),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
    connection: "keep-alive",
    "x-request-id": request.id,
  });
  res.flushHeaders();

  const write = (text: string): boolean => {
    if (res.destroyed || res.writableEnded) return false;
    res.write(text);
    if (res.writableLength <= limits.maxBufferedBytes) return true;
    res.destroy();
    return false;
  };
  const ping = setInterval(() => write(": ping\n\n"), limits.pingIntervalMs);
  let closed = false;
  const onClose: (() => void)[] = [];
  res.on("close", () => {
    closed = true;
    clearInterval(ping);
    for (const callback of onClose.splice(0)) callback();
  });

  return {
    sink: {
      send: (frame) => write(frameText(frame)),
      end: () => {
        clearInterval(ping);
        // The connection served this stream only: closing it, rather than leaving it idle for keep-alive,
        // lets a shutting-down server finish at once.
        if (!res.writableEnded) res.end(() => socket?.destroy());
      },
    },
    whenClosed(callback) {
      if (closed) callback();
      else onClose.push(callback);
    },
  };
}
