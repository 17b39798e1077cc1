/** Referrals: who invited whom, what each friend's taps earned the referrer, and each referrer's day totals. */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

export async function findUserIdByReferralCode(db: Kysely<Database>, code: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("id").where("referral_code", "=", code).executeTakeFirst();
  return row?.id ?? null;
}

export async function findReferralCode(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("referral_code")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.referral_code ?? null;
}

export async function insertReferral(
  trx: Transaction<Database>,
  referral: { friendId: string; referrerId: string; at: Date },
): Promise<void> {
  await trx
    .insertInto("referrals")
    .values({ friend_id: referral.friendId, referrer_id: referral.referrerId, joined_at: referral.at })
    .execute();
}

/**
 * Adds a share to the referrer's day and answers what it actually added: the day's total never passes `capMicro`
 * (nor drops, should the cap have been lowered since), so the share that reaches it is cut and later ones add 0.
 * The upsert locks the day's row, which is what keeps concurrent friends' shares under the cap.
 */
export async function addToReferralDay(
  trx: Transaction<Database>,
  day: { referrerId: string; day: number; shareMicro: number; capMicro: number },
): Promise<{ grantedMicro: number; todayMicro: number }> {
  const { rows } = await sql<{ shared_micro: number; last_share_micro: number }>`
    INSERT INTO referral_days AS d (referrer_id, day, shared_micro, last_share_micro)
    VALUES (${day.referrerId}, ${day.day}, LEAST(${day.shareMicro}::bigint, ${day.capMicro}::bigint),
      LEAST(${day.shareMicro}::bigint, ${day.capMicro}::bigint))
    ON CONFLICT (referrer_id, day) DO UPDATE SET
      shared_micro = GREATEST(d.shared_micro, LEAST(d.shared_micro + ${day.shareMicro}::bigint, ${day.capMicro}::bigint)),
      last_share_micro = GREATEST(0, LEAST(d.shared_micro + ${day.shareMicro}::bigint, ${day.capMicro}::bigint) - d.shared_micro)
    RETURNING shared_micro, last_share_micro`.execute(trx);
  const row = rows[0]!;
  return { grantedMicro: row.last_share_micro, todayMicro: row.shared_micro };
}

export async function addFriendEarnings(
  trx: Transaction<Database>,
  friendId: string,
  earnedMicro: number,
): Promise<void> {
  await trx
    .updateTable("referrals")
    .set({ earned_micro: sql`earned_micro + ${earnedMicro}::bigint` })
    .where("friend_id", "=", friendId)
    .execute();
}

export interface ReferralTotals {
  invited: number;
  earnedMicro: number;
  todayMicro: number;
}

export async function referralTotals(
  db: Kysely<Database>,
  referrerId: string,
  day: number,
): Promise<ReferralTotals> {
  const { rows } = await sql<{ invited: number; earned_micro: number; today_micro: number }>`
    SELECT
      (SELECT count(*)::int FROM referrals WHERE referrer_id = ${referrerId}) AS invited,
      (SELECT COALESCE(sum(earned_micro), 0)::bigint FROM referrals WHERE referrer_id = ${referrerId}) AS earned_micro,
      (SELECT COALESCE(max(shared_micro), 0)::bigint FROM referral_days WHERE referrer_id = ${referrerId} AND day = ${day})
        AS today_micro`.execute(db);
  const row = rows[0]!;
  return { invited: row.invited, earnedMicro: row.earned_micro, todayMicro: row.today_micro };
}

/** Newest friends first, by the name other players see (never an email). */
export async function listFriends(db: Kysely<Database>, referrerId: string, limit: number) {
  return db
    .selectFrom("referrals as r")
    .innerJoin("users as u", "u.id", "r.friend_id")
    .select(["u.id", "u.name", "r.joined_at", "r.earned_micro"])
    .where("r.referrer_id", "=", referrerId)
    .orderBy("r.joined_at", "desc")
    .orderBy("u.id", "asc")
    .limit(limit)
    .execute();
}
