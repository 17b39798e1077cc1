/** Unlocked achievements and the points movements that pay them. */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

export interface UnlockRow {
  achievementId: string;
  rewardMicro: number;
}

/**
 * Records the unlocks and their payments in one statement. No ON CONFLICT: the caller holds the user's
 * rewards row and has checked the unlocked bits, so a clash means those bits and these rows disagree, and
 * failing the transaction beats paying an achievement twice.
 */
export async function insertUnlocks(
  trx: Transaction<Database>,
  userId: string,
  unlocks: readonly UnlockRow[],
  at: Date,
): Promise<void> {
  if (unlocks.length === 0) return;
  const values = sql.join(
    unlocks.map((unlock) => sql`(${unlock.achievementId}::text, ${unlock.rewardMicro}::bigint)`),
  );
  await sql`
    WITH unlocked AS (
      INSERT INTO user_achievements (user_id, achievement_id, reward_micro, unlocked_at)
      SELECT ${userId}::uuid, v.id, v.reward, ${at} FROM (VALUES ${values}) AS v (id, reward)
      RETURNING achievement_id, reward_micro
    )
    INSERT INTO points_movements (user_id, delta_micro, kind, idempotency_key, created_at)
    SELECT ${userId}::uuid, reward_micro, 'achievement', 'achievement:' || achievement_id, ${at}
    FROM unlocked WHERE reward_micro > 0`.execute(trx);
}

export function listUnlocked(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("user_achievements")
    .select(["achievement_id", "reward_micro", "unlocked_at"])
    .where("user_id", "=", userId)
    .execute();
}
