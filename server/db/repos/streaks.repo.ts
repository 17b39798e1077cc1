/** Daily streak claims: one row per claimed UTC day, holding the streak as it stood after the claim. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema.ts";

export interface StreakClaimRow {
  day: number;
  streak: number;
  best: number;
  freezes: number;
}

export async function findLatestStreakClaim(
  db: Kysely<Database>,
  userId: string,
): Promise<StreakClaimRow | undefined> {
  return db
    .selectFrom("streak_claims")
    .select(["day", "streak", "best", "freezes"])
    .where("user_id", "=", userId)
    .orderBy("day", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** False when this day is already claimed (the primary key decides, whatever runs concurrently). */
export async function insertStreakClaim(
  trx: Transaction<Database>,
  claim: StreakClaimRow & { userId: string; freezesUsed: number; rewardMicro: number; at: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto("streak_claims")
    .values({
      user_id: claim.userId,
      day: claim.day,
      streak: claim.streak,
      best: claim.best,
      freezes: claim.freezes,
      freezes_used: claim.freezesUsed,
      reward_micro: claim.rewardMicro,
      created_at: claim.at,
    })
    .onConflict((oc) => oc.columns(["user_id", "day"]).doNothing())
    .returning("day")
    .executeTakeFirst();
  return inserted !== undefined;
}
