/**
 * Indexes for the maintenance round's deletes (docs/decisions/035), so each batch finds its rows without
 * reading the whole table: sessions by the moment they stop being of any use (the refresh token's expiry, or
 * the revocation if earlier; the expression is the one sessions.repo.ts deletes by), idempotency rows by age,
 * and the two columns that point at a session, which every deleted session makes PostgreSQL look up
 * (replaced_by is set to null, tickets are deleted with it). IF NOT EXISTS: an operator with a big table may
 * build them beforehand with CREATE INDEX CONCURRENTLY, which a migration (one transaction) cannot.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS auth_sessions_end_of_use_idx
    ON auth_sessions ((least(refresh_expires_at, coalesce(revoked_at, refresh_expires_at))))`.execute(db);
  await sql`
    CREATE INDEX IF NOT EXISTS auth_sessions_replaced_by_idx ON auth_sessions (replaced_by) WHERE replaced_by IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS live_tickets_session_idx ON live_tickets (session_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS idempotency_keys_created_idx ON idempotency_keys (created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "idempotency_keys_created_idx",
    "live_tickets_session_idx",
    "auth_sessions_replaced_by_idx",
    "auth_sessions_end_of_use_idx",
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
}
