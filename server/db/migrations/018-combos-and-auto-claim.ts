/**
 * Combos and auto-claim (docs/product.md, Economy; docs/decisions/039):
 * - `user_rewards.combo_chain` and `combo_at`: the length of the player's running combo chain and when its
 *   last credited tap arrived (the sync's time), so the next batch within 10 s can carry it on. Kept on the row
 *   every sync already writes, so carrying a chain costs no statement of its own.
 * - `user_rewards.streak_claimed_day`: the last UTC day the streak was claimed, as far as this row knows (null:
 *   not known). A sync reads it with the row it reads anyway, so knowing "today is claimed" costs nothing; a
 *   sync that finds an older day takes the locking path, which looks at the claims and claims today.
 * - `tap_batches.combo_bonus_micro`: the combo bonus the batch minted on top of its taps' points, kept so a
 *   replay answers the same and the points history shows it as its own entry.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_rewards
      ADD COLUMN combo_chain integer NOT NULL DEFAULT 0 CHECK (combo_chain >= 0),
      ADD COLUMN combo_at timestamptz,
      ADD COLUMN streak_claimed_day integer`.execute(db);
  await sql`
    ALTER TABLE tap_batches
      ADD COLUMN combo_bonus_micro bigint NOT NULL DEFAULT 0 CHECK (combo_bonus_micro >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tap_batches DROP COLUMN combo_bonus_micro`.execute(db);
  await sql`
    ALTER TABLE user_rewards DROP COLUMN streak_claimed_day, DROP COLUMN combo_at, DROP COLUMN combo_chain`.execute(
    db,
  );
}
