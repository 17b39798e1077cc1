/**
 * Every answer carries `x-request-id`: the caller's own id when it looks like one (so a proxy's id follows the
 * request through our logs), otherwise a fresh UUID.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function installRequestIdHeader(app: FastifyInstance): void {
  // onSend runs for every answer, including errors and not-found, which onRequest headers could miss.
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    return payload;
  });
}
