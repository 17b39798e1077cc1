/**
 * Accounts, sessions, one-time tokens, the mail outbox and rate-limit counters. Plain SQL that runs on
 * PostgreSQL 15 and on PGlite (PostgreSQL 18). Ids are generated in Node; gen_random_uuid() (core since 13) is
 * only a default for hand-written rows.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CHECK (email = lower(btrim(email)) AND length(email) BETWEEN 3 AND 254),
      name text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
      email_verified_at timestamptz,
      trc20_address text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login timestamptz
    )`.execute(db);
  // Bootstrap asks "is there an admin?" on every start.
  await sql`CREATE INDEX users_admin_idx ON users (role) WHERE role = 'admin'`.execute(db);

  await sql`
    CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY,
      family_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      access_token_hash text NOT NULL UNIQUE,
      access_expires_at timestamptz NOT NULL,
      refresh_token_hash text NOT NULL UNIQUE,
      refresh_expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      rotated_at timestamptz,
      replaced_by uuid REFERENCES auth_sessions (id) ON DELETE SET NULL,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX auth_sessions_family_idx ON auth_sessions (family_id)`.execute(db);
  await sql`CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE one_time_tokens (
      token_hash text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id, purpose)`.execute(db);

  await sql`
    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      created_at timestamptz NOT NULL,
      sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX mail_outbox_to_idx ON mail_outbox (to_address, created_at)`.execute(db);

  // Fixed windows: one row per key (e.g. failed logins of one account), shared by every server process.
  await sql`
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      count integer NOT NULL CHECK (count >= 0),
      reset_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rate_limits", "mail_outbox", "one_time_tokens", "auth_sessions", "users"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
