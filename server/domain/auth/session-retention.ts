/**
 * Which sessions the maintenance round deletes (docs/decisions/035). A session row is one token pair, and it
 * is of no use once its refresh token has expired or it was revoked, whichever comes first:
 * - its access token expired long before its refresh token (an hour against thirty days);
 * - a refresh with an expired refresh token is refused before the row's rotation is looked at, so reuse
 *   detection gets nothing from it (a rotated row whose refresh token is still good stays: presenting it
 *   again is how a stolen token is noticed, and that revokes the family);
 * - a revoked row refuses every token, and a family is revoked whole, so no sibling can start from it.
 * A day on top of that covers instances whose clocks disagree, and keeps a day to look into a complaint.
 */
import type { Kysely } from "kysely";
import { deleteSessionsUnusableBefore } from "../../db/repos/sessions.repo.ts";
import type { Database } from "../../db/schema.ts";
import { pruneInBatches } from "../prune-in-batches.ts";

export const SESSION_KEPT_AFTER_USE_MS = 24 * 60 * 60_000;

export function pruneEndedSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SESSION_KEPT_AFTER_USE_MS);
  return pruneInBatches((limit) => deleteSessionsUnusableBefore(db, cutoff, limit));
}
