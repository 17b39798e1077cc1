/**
 * POST /events/ticket (docs/api.md, Live events): EventSource cannot send an Authorization header, so a
 * signed-in client trades its bearer token for a ticket to put in the stream's URL, where proxies and logs
 * may see it. So it is worth little: 256 random bits, stored only hashed (any instance can check it), good
 * once, for 60 s, and only while the session it was issued to is alive.
 */
import { STREAM_TICKET_SECONDS } from "#src/api/contracts/limits.ts";
import { addSeconds } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { consumeLiveTicket, insertLiveTicket } from "../../db/repos/live-tickets.repo.ts";
import { findSessionById } from "../../db/repos/sessions.repo.ts";
import { unauthorized } from "../../errors.ts";
import type { AuthenticatedSession } from "../auth/sessions.ts";
import { hashToken, newOpaqueToken } from "../auth/tokens.ts";

export async function issueStreamTicket(
  ctx: AppContext,
  session: AuthenticatedSession,
): Promise<{ ticket: string; expiresIn: typeof STREAM_TICKET_SECONDS }> {
  const ticket = newOpaqueToken();
  await insertLiveTicket(ctx.db, {
    ticketHash: hashToken(ticket),
    sessionId: session.sessionId,
    expiresAt: addSeconds(ctx.clock(), STREAM_TICKET_SECONDS),
  });
  return { ticket, expiresIn: STREAM_TICKET_SECONDS };
}

/** The session the ticket was issued to, or 401 for an unknown, used or expired ticket or a dead session. */
export async function redeemStreamTicket(ctx: AppContext, ticket: string): Promise<AuthenticatedSession> {
  const sessionId = await consumeLiveTicket(ctx.db, hashToken(ticket), ctx.clock());
  const session = sessionId === undefined ? undefined : await findSessionById(ctx.db, sessionId);
  if (!session || session.revokedAt !== null) throw unauthorized();
  return session;
}
