/**
 * The admin back office (docs/design.md §7): every admin action is one row here, written in the same
 * transaction as its effect, so the log can never disagree with what happened.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      actor_email text NOT NULL,
      action text NOT NULL,
      target text,
      amount_micro bigint CHECK (amount_micro IS NULL OR amount_micro >= 0),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`.execute(db);
  // The admin lists filter on role and search by email.
  await sql`CREATE INDEX users_role_email_idx ON users (role, email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_role_email_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
}
