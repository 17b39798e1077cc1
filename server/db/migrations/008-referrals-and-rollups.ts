/**
 * Referrals, the leaderboard and the player's statistics (docs/api.md, Economy; docs/decisions/022).
 * - Every account gets a referral code (a default, so every way of creating an account has one); a friend's
 *   account names its referrer once, at sign-up.
 * - `referrals` holds one row per friend (what their taps earned the referrer), written under the friend's own
 *   sync; `referral_days` the referrer's shares per UTC day, where the daily cap is enforced.
 * - `tap_rollups` sums each player's credited taps and tap points per UTC day ('d'), per week from Monday ('w')
 *   and all time ('a'), upserted in the tap sync's own statement, so the leaderboard and the statistics read a
 *   few index entries instead of scanning batches.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // 16 hex characters: a collision among a million accounts is about 1 in 30 million, and the unique index
  // refuses one rather than sharing a code.
  await sql`
    ALTER TABLE users
      ADD COLUMN referral_code text NOT NULL DEFAULT substr(md5(gen_random_uuid()::text), 1, 16),
      ADD COLUMN referred_by uuid REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX users_referral_code_idx ON users (referral_code)`.execute(db);

  await sql`
    CREATE TABLE referrals (
      friend_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      referrer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      joined_at timestamptz NOT NULL,
      earned_micro bigint NOT NULL DEFAULT 0 CHECK (earned_micro >= 0)
    )`.execute(db);
  await sql`CREATE INDEX referrals_referrer_idx ON referrals (referrer_id, joined_at DESC)`.execute(db);

  await sql`
    CREATE TABLE referral_days (
      referrer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      day integer NOT NULL CHECK (day >= 0),
      shared_micro bigint NOT NULL CHECK (shared_micro >= 0),
      -- What the latest share added (the cap may cut it): the upsert answers it without reading first.
      last_share_micro bigint NOT NULL CHECK (last_share_micro >= 0),
      PRIMARY KEY (referrer_id, day)
    )`.execute(db);

  await sql`
    CREATE TABLE tap_rollups (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      period char(1) NOT NULL CHECK (period IN ('d', 'w', 'a')),
      -- UTC day number (days since 1970-01-01) of the day, of the week's Monday, or 0 for all time.
      period_start integer NOT NULL,
      taps bigint NOT NULL CHECK (taps >= 0),
      points_micro bigint NOT NULL CHECK (points_micro >= 0),
      -- When the points reached their current figure: among equal points, who got there first ranks first.
      reached_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, period, period_start)
    )`.execute(db);
  await sql`
    CREATE INDEX tap_rollups_board_idx
      ON tap_rollups (period, period_start, points_micro DESC, reached_at, user_id)`.execute(db);

  // Batches credited before this migration, so the boards and charts start complete.
  for (const [period, start] of [
    ["d", sql`floor(extract(epoch FROM created_at) / 86400)::int`],
    [
      "w",
      sql`floor(extract(epoch FROM created_at) / 86400)::int - ((floor(extract(epoch FROM created_at) / 86400)::int + 3) % 7)`,
    ],
    ["a", sql`0`],
  ] as const) {
    await sql`
      INSERT INTO tap_rollups (user_id, period, period_start, taps, points_micro, reached_at)
      SELECT user_id, ${period}, ${start} AS start, sum(taps_credited), sum(points_micro), max(created_at)
      FROM tap_batches WHERE taps_credited > 0
      GROUP BY user_id, start`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["tap_rollups", "referral_days", "referrals"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS users_referral_code_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS referred_by, DROP COLUMN IF EXISTS referral_code`.execute(
    db,
  );
}
