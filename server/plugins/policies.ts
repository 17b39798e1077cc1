/**
 * Enforcement of an endpoint's policy (contracts/endpoint.ts). Runs in the route's onRequest hook,
 * before the body is read or validated, so the contract's order holds: 401, then 403, then 400.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Policy } from "#contracts/endpoint.ts";
import type { AppContext } from "../context.ts";
import { type AuthenticatedSession, authenticateAccessToken } from "../domain/auth/sessions.ts";
import { redeemStreamTicket } from "../domain/live/stream-tickets.ts";
import { forbidden, nothingHere, unauthorized } from "../errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's session once a non-public policy let the request through; null on public routes. */
    auth: AuthenticatedSession | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_-]{1,200})$/i;
const TICKET = /^[A-Za-z0-9_-]{1,200}$/;
const ANY_BEARER = /^Bearer +(\S{1,200})$/i;
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "via"];

async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  options: { fromMemory?: boolean } = {},
): Promise<AuthenticatedSession> {
  const header = request.headers.authorization;
  const token = typeof header === "string" ? BEARER.exec(header.trim())?.[1] : undefined;
  if (!token) throw unauthorized();
  const session = await authenticateAccessToken(ctx, token, options);
  request.auth = session;
  return session;
}

/** A `?ticket=` instead of the header (GET /events only; docs/decisions/017); it is used up here. */
async function authenticateByTicket(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const { ticket } = (request.query ?? {}) as { ticket?: unknown };
  if (typeof ticket !== "string" || !TICKET.test(ticket)) throw unauthorized();
  request.auth = await redeemStreamTicket(ctx, ticket);
}

/**
 * Compares a secret in constant time: both sides are hashed first, so neither the length nor the first
 * differing character shows in how long the answer takes.
 */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The scraper's token (METRICS_TOKEN); unset, the route does not exist as far as anyone can tell. */
function requireMetricsToken(ctx: AppContext, request: FastifyRequest): void {
  const expected = ctx.config.metricsToken;
  if (expected === null) throw nothingHere();
  const header = request.headers.authorization;
  const given = typeof header === "string" ? ANY_BEARER.exec(header.trim())?.[1] : undefined;
  if (given === undefined || !sameSecret(given, expected)) {
    throw unauthorized("Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.");
  }
}

export function policyHook(
  ctx: AppContext,
  policy: Policy,
  options: { acceptsTicket?: boolean } = {},
): onRequestAsyncHookHandler {
  switch (policy) {
    case "public":
      return async () => {};
    case "loopback":
      // The socket's address, not request.ip: X-Forwarded-For must not turn a remote caller into a local one.
      // A request carrying forwarding headers came through a proxy, even one on this machine: not local.
      return async (request) => {
        const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
        if (forwarded || !LOOPBACK.has(request.socket.remoteAddress ?? ""))
          throw forbidden("Only local callers may use this.");
      };
    case "authenticated":
      return async (request) => {
        const ticketInstead = options.acceptsTicket && request.headers.authorization === undefined;
        if (ticketInstead) await authenticateByTicket(ctx, request);
        else await authenticate(ctx, request);
      };
    // A player's own routes are the hottest (tap sync above all): their token may be trusted from memory for a
    // few seconds, since all they need is who the caller is (docs/decisions/027).
    case "self":
      return async (request) => {
        const session = await authenticate(ctx, request, { fromMemory: true });
        const { id } = (request.params ?? {}) as { id?: unknown };
        if (session.user.id !== id) throw forbidden();
      };
    case "metrics":
      return async (request) => requireMetricsToken(ctx, request);
    case "admin":
      return async (request) => {
        const session = await authenticate(ctx, request);
        if (session.user.role !== "admin") throw forbidden();
      };
  }
}
