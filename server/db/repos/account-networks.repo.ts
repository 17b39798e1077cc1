/** The networks accounts were created and signed in from (docs/fair-play.md): signup-burst and the admin's view. */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** Notes the account on the network: first and last seen now, or last seen now again. */
export async function noteNetwork(
  db: Kysely<Database>,
  seen: { userId: string; network: string; at: Date; signedUp: boolean },
): Promise<void> {
  await db
    .insertInto("account_networks")
    .values({
      user_id: seen.userId,
      network: seen.network,
      first_seen_at: seen.at,
      last_seen_at: seen.at,
      signed_up: seen.signedUp,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "network"]).doUpdateSet((eb) => ({
        last_seen_at: seen.at,
        signed_up: seen.signedUp ? true : eb.ref("account_networks.signed_up"),
      })),
    )
    .execute();
}

/**
 * The accounts created from the network since `since` (through account_networks_network_idx), with whether each
 * already carries `signup-burst` since its last clear.
 */
export async function signupsFromNetwork(
  db: Kysely<Database>,
  network: string,
  since: Date,
): Promise<Array<{ userId: string; carriesBurst: boolean }>> {
  const { rows } = await sql<{ user_id: string; carries: boolean }>`
    SELECT n.user_id, (s.user_id IS NOT NULL) AS carries
    FROM account_networks n
    LEFT JOIN account_standing a ON a.user_id = n.user_id
    LEFT JOIN risk_signals s ON s.user_id = n.user_id AND s.signal = 'signup-burst'
      AND (a.cleared_at IS NULL OR s.raised_at > a.cleared_at)
    WHERE n.network = ${network} AND n.signed_up AND n.first_seen_at >= ${since}
    ORDER BY n.first_seen_at, n.user_id`.execute(db);
  return rows.map((row) => ({ userId: row.user_id, carriesBurst: Boolean(row.carries) }));
}

/** Maintenance: networks nobody used since `before` (they no longer count anywhere). */
export async function deleteNetworksSeenBefore(db: Kysely<Database>, before: Date, limit: number) {
  const { numAffectedRows } = await sql`
    DELETE FROM account_networks WHERE ctid IN (
      SELECT ctid FROM account_networks WHERE last_seen_at < ${before} LIMIT ${limit})`.execute(db);
  return Number(numAffectedRows ?? 0);
}
