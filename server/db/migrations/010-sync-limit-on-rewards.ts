/**
 * The tap sync's limit (30 syncs a minute per player) moves from a `rate_limits` row to two columns of the
 * player's rewards row (docs/decisions/028): the sync's one statement already locks and updates that row, so
 * checking and counting the window there costs no row of its own. A null window end: no sync counted yet.
 * The old `tap-sync:<user>` rows in `rate_limits` end with their windows and are purged like any other.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_rewards
      ADD COLUMN sync_count integer NOT NULL DEFAULT 0 CHECK (sync_count >= 0),
      ADD COLUMN sync_window_ends_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE user_rewards DROP COLUMN sync_count, DROP COLUMN sync_window_ends_at`.execute(db);
}
