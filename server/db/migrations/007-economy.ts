/**
 * The economy (docs/api.md, Economy; docs/decisions/019): daily streak claims, boosters and achievements.
 * Points they pay or take are points movements with an idempotency key derived from the fact (the day, the
 * purchase, the achievement), unique per user, so a retry or a race can never pay twice. The user's rewards
 * row carries what the tap sync needs without another query: the booster in force and which achievements are
 * unlocked (a bit each), both written under the row's lock with the rows they summarise.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_rewards
      ADD COLUMN booster_purchase_id uuid,
      ADD COLUMN booster_factor integer NOT NULL DEFAULT 1 CHECK (booster_factor >= 1),
      ADD COLUMN booster_ends_at timestamptz,
      ADD COLUMN achievements_mask integer NOT NULL DEFAULT 0 CHECK (achievements_mask >= 0)`.execute(db);

  // The factor a batch was credited at: points_micro = taps_credited × multiplier_micro × booster_factor.
  await sql`
    ALTER TABLE tap_batches
      ADD COLUMN booster_factor integer NOT NULL DEFAULT 1 CHECK (booster_factor >= 1)`.execute(db);

  await sql`ALTER TABLE points_movements ADD COLUMN idempotency_key text`.execute(db);
  await sql`
    CREATE UNIQUE INDEX points_movements_key_idx ON points_movements (user_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL`.execute(db);

  // One row per claimed UTC day (days since 1970-01-01), holding the streak as it stood after the claim; the
  // primary key is what makes "one claim a day" hold under any number of concurrent requests.
  await sql`
    CREATE TABLE streak_claims (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      day integer NOT NULL CHECK (day >= 0),
      streak integer NOT NULL CHECK (streak >= 1),
      best integer NOT NULL CHECK (best >= streak),
      freezes integer NOT NULL CHECK (freezes >= 0),
      freezes_used integer NOT NULL CHECK (freezes_used >= 0),
      reward_micro bigint NOT NULL CHECK (reward_micro >= 0),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, day)
    )`.execute(db);
  await sql`CREATE INDEX streak_claims_day_idx ON streak_claims (day)`.execute(db);

  await sql`
    CREATE TABLE booster_purchases (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      booster_id text NOT NULL,
      factor integer NOT NULL CHECK (factor >= 1),
      price_micro bigint NOT NULL CHECK (price_micro > 0),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
      -- Set once the end has been told to the owner's screens (or found superseded by a newer booster).
      end_announced_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX booster_purchases_user_idx ON booster_purchases (user_id, starts_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX booster_purchases_sold_idx ON booster_purchases (starts_at)`.execute(db);
  await sql`
    CREATE INDEX booster_purchases_unannounced_idx ON booster_purchases (ends_at)
    WHERE end_announced_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE user_achievements (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      achievement_id text NOT NULL,
      reward_micro bigint NOT NULL CHECK (reward_micro >= 0),
      unlocked_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, achievement_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["user_achievements", "booster_purchases", "streak_claims"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS points_movements_key_idx`.execute(db);
  await sql`ALTER TABLE points_movements DROP COLUMN IF EXISTS idempotency_key`.execute(db);
  await sql`ALTER TABLE tap_batches DROP COLUMN IF EXISTS booster_factor`.execute(db);
  await sql`
    ALTER TABLE user_rewards
      DROP COLUMN IF EXISTS booster_purchase_id,
      DROP COLUMN IF EXISTS booster_factor,
      DROP COLUMN IF EXISTS booster_ends_at,
      DROP COLUMN IF EXISTS achievements_mask`.execute(db);
}
