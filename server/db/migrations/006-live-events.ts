/**
 * Live events (docs/design.md §10, docs/decisions/017): an append-only log per stream (a user's own, and one
 * shared by admins), numbered by a per-stream counter row that each writing transaction updates and so holds
 * until it commits: numbers are handed out in commit order, without gaps. Also the single-use tickets that
 * open a stream from EventSource, the incoming deposits the watcher has announced as pending, and the leases
 * that let one instance at a time run a background round (docs/design.md §14).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE live_streams (
      stream text PRIMARY KEY,
      last_seq bigint NOT NULL CHECK (last_seq > 0)
    )`.execute(db);
  await sql`
    CREATE TABLE live_events (
      stream text NOT NULL,
      seq bigint NOT NULL CHECK (seq > 0),
      type text NOT NULL,
      payload jsonb NOT NULL,
      family_id uuid,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stream, seq)
    )`.execute(db);
  await sql`CREATE INDEX live_events_created_idx ON live_events (created_at)`.execute(db);
  await sql`
    CREATE TABLE live_tickets (
      ticket_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX live_tickets_expires_idx ON live_tickets (expires_at)`.execute(db);
  await sql`
    CREATE TABLE chain_deposit_sightings (
      tx_id text NOT NULL,
      address text NOT NULL,
      seen_at timestamptz NOT NULL,
      PRIMARY KEY (tx_id, address)
    )`.execute(db);
  await sql`
    CREATE TABLE worker_leases (
      name text PRIMARY KEY,
      holder text NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "worker_leases",
    "chain_deposit_sightings",
    "live_tickets",
    "live_events",
    "live_streams",
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
