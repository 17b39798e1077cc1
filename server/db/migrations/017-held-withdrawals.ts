/**
 * Held withdrawals and the economy (docs/fair-play.md):
 * - `withdrawals.decision`: what an admin decided on a held withdrawal. `failed` alone cannot tell a rejection
 *   (the admin's reason, shown to the player) from an approved withdrawal the chain later refused.
 * - A held withdrawal has no transaction yet: the check "no tx id only while reserved or failed" (migration 003)
 *   allows `review` too (migration 015 widened the status list but not this check).
 * - Indexes for GET /admin/economy's per-day figures, so a range of days reads index entries rather than every
 *   user or points movement ever made; and `economy_days`, each finished UTC day's figures counted once.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_check`.execute(db);
  await sql`
    ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_check
      CHECK ((status IN ('review', 'reserved', 'failed')) OR tx_id IS NOT NULL)`.execute(db);
  await sql`
    ALTER TABLE withdrawals ADD COLUMN decision text CHECK (decision IN ('approved', 'rejected'))`.execute(
    db,
  );
  await sql`CREATE INDEX users_created_idx ON users (created_at) WHERE role = 'user'`.execute(db);
  await sql`CREATE INDEX points_movements_created_idx ON points_movements (created_at)`.execute(db);
  await sql`CREATE INDEX chain_deposits_credited_idx ON chain_deposits (credited_at)`.execute(db);
  await sql`
    CREATE INDEX withdrawals_confirmed_idx ON withdrawals (updated_at)
      WHERE status = 'confirmed' AND user_id IS NOT NULL`.execute(db);
  // A finished day's figures no longer change (each counts what the server wrote with that day's time).
  await sql`
    CREATE TABLE economy_days (
      day integer PRIMARY KEY,
      new_users integer NOT NULL CHECK (new_users >= 0),
      active_users integer NOT NULL CHECK (active_users >= 0),
      taps bigint NOT NULL CHECK (taps >= 0),
      points_minted_micro bigint NOT NULL CHECK (points_minted_micro >= 0),
      points_converted_micro bigint NOT NULL CHECK (points_converted_micro >= 0),
      deposits_micro bigint NOT NULL CHECK (deposits_micro >= 0),
      withdrawals_micro bigint NOT NULL CHECK (withdrawals_micro >= 0),
      counted_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE economy_days`.execute(db);
  await sql`DROP INDEX withdrawals_confirmed_idx`.execute(db);
  await sql`DROP INDEX chain_deposits_credited_idx`.execute(db);
  await sql`DROP INDEX points_movements_created_idx`.execute(db);
  await sql`DROP INDEX users_created_idx`.execute(db);
  await sql`ALTER TABLE withdrawals DROP COLUMN decision`.execute(db);
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_check`.execute(db);
  await sql`
    ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_check
      CHECK ((status IN ('reserved', 'failed')) OR tx_id IS NOT NULL)`.execute(db);
}
