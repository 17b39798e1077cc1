/**
 * Abuse limits that hold for the owner (docs/decisions/015): a counter can carry a delay before its next
 * attempt (growing delays for failed logins), expired counters are purged by their window's end, and the
 * addresses an account has signed in from are remembered, so a stranger's failures never lock the owner out
 * of their own address.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rate_limits ADD COLUMN blocked_until timestamptz`.execute(db);
  await sql`CREATE INDEX rate_limits_reset_idx ON rate_limits (reset_at)`.execute(db);
  await sql`
    CREATE TABLE login_sources (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      source_hash text NOT NULL,
      last_success_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, source_hash)
    )`.execute(db);
  await sql`CREATE INDEX login_sources_success_idx ON login_sources (last_success_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS login_sources`.execute(db);
  await sql`DROP INDEX IF EXISTS rate_limits_reset_idx`.execute(db);
  await sql`ALTER TABLE rate_limits DROP COLUMN IF EXISTS blocked_until`.execute(db);
}
