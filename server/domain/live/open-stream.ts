/**
 * GET /events (docs/api.md, Live events): the caller's stream, and for an admin the admins' stream too.
 */
import { findSessionById } from "../../db/repos/sessions.repo.ts";
import type { AuthenticatedSession } from "../auth/sessions.ts";
import type { Uses } from "../deps.ts";
import type { LiveSink, LiveSubscription } from "./live-subscription.ts";

export async function openLiveStream(
  deps: Uses<"db" | "live">,
  session: AuthenticatedSession,
  resumeFrom: string | null,
  sink: LiveSink,
): Promise<LiveSubscription> {
  const subscription = await deps.live.open(
    { userId: session.user.id, familyId: session.familyId, isAdmin: session.user.role === "admin" },
    resumeFrom,
    sink,
  );
  // A logout that committed after the token was checked but before the stream's position was read would be
  // behind that position: look once more, now that any later one will reach the stream as a `session` event.
  const current = await findSessionById(deps.db, session.sessionId);
  if (!current || current.revokedAt !== null) subscription.end();
  return subscription;
}
