/**
 * POST /events/ticket (docs/api.md, Live events): EventSource cannot send an Authorization header, so a
 * signed-in client trades its bearer token for a ticket to put in the stream's URL, where proxies and logs
 * may see it. So it is worth little: 256 random bits, stored only hashed (any instance can check it), good
 * once, for 60 s, and only while the session it was issued to is alive and the access token it was issued
 * under has not expired (docs/decisions/035). A user gets STREAM_TICKETS_PER_USER_MINUTE (30) a minute, counted
 * in the database so that every instance sees one count: a browser takes one per reconnect, backing off, so more
 * is a loop or a script.
 */
import { STREAM_TICKET_SECONDS } from "#contracts/limits.ts";
import { addSeconds } from "../../clock.ts";
import { consumeLiveTicket, insertLiveTicket } from "../../db/repos/live-tickets.repo.ts";
import { findSessionById } from "../../db/repos/sessions.repo.ts";
import { rateLimited, unauthorized } from "../../errors.ts";
import type { AuthenticatedSession } from "../auth/sessions.ts";
import { hashToken, newOpaqueToken } from "../auth/tokens.ts";
import type { Settings, Uses } from "../deps.ts";
import { countAttempt, type LimitRule } from "../rate-limit.ts";

const streamTicketsPerUser = (limit: number): LimitRule => ({
  name: "stream-ticket:user",
  limit,
  windowSeconds: 60,
});

export async function issueStreamTicket(
  deps: Uses<"db" | "clock"> & Settings<"streamTicketsPerUserMinute">,
  session: AuthenticatedSession,
): Promise<{ ticket: string; expiresIn: typeof STREAM_TICKET_SECONDS }> {
  const now = deps.clock();
  const rule = streamTicketsPerUser(deps.config.streamTicketsPerUserMinute);
  const verdict = await countAttempt(deps.db, rule, session.user.id, now);
  if (!verdict.allowed) {
    throw rateLimited(verdict.retryAfterSeconds, "Too many live connections. Please try again shortly.");
  }
  const ticket = newOpaqueToken();
  await insertLiveTicket(deps.db, {
    ticketHash: hashToken(ticket),
    sessionId: session.sessionId,
    expiresAt: addSeconds(now, STREAM_TICKET_SECONDS),
  });
  return { ticket, expiresIn: STREAM_TICKET_SECONDS };
}

/**
 * The session the ticket was issued to, or 401 for an unknown, used or expired ticket, a dead session, or one
 * whose access token has expired (a session row is one token pair: a refresh makes a new row).
 */
export async function redeemStreamTicket(
  deps: Uses<"db" | "clock">,
  ticket: string,
): Promise<AuthenticatedSession> {
  const now = deps.clock();
  const sessionId = await consumeLiveTicket(deps.db, hashToken(ticket), now);
  const session = sessionId === undefined ? undefined : await findSessionById(deps.db, sessionId);
  if (!session || session.revokedAt !== null) throw unauthorized();
  if (session.accessExpiresAt.getTime() <= now.getTime()) throw unauthorized();
  return session;
}
