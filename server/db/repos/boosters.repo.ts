/**
 * Booster purchases, and the booster in force on the user's rewards row (what a tap sync reads with the row
 * it locks anyway, so boosting costs it no query).
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

export interface NewBoosterPurchase {
  id: string;
  userId: string;
  boosterId: string;
  factor: number;
  priceMicro: number;
  startsAt: Date;
  endsAt: Date;
}

export async function insertBoosterPurchase(
  trx: Transaction<Database>,
  purchase: NewBoosterPurchase,
): Promise<void> {
  await trx
    .insertInto("booster_purchases")
    .values({
      id: purchase.id,
      user_id: purchase.userId,
      booster_id: purchase.boosterId,
      factor: purchase.factor,
      price_micro: purchase.priceMicro,
      starts_at: purchase.startsAt,
      ends_at: purchase.endsAt,
    })
    .execute();
}

/** The new points and the booster now in force, in one statement (the caller holds the row's lock). */
export async function startBooster(
  trx: Transaction<Database>,
  userId: string,
  change: { purchaseId: string; factor: number; endsAt: Date; pointsMicro: number },
): Promise<void> {
  await trx
    .updateTable("user_rewards")
    .set({
      points_micro: change.pointsMicro,
      booster_purchase_id: change.purchaseId,
      booster_factor: change.factor,
      booster_ends_at: change.endsAt,
    })
    .where("user_id", "=", userId)
    .execute();
}

export interface ActiveBoosterRow {
  boosterId: string;
  factor: number;
  endsAt: Date;
}

/** The user's booster if it has not ended by `now`. */
export async function findActiveBooster(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<ActiveBoosterRow | undefined> {
  const row = await db
    .selectFrom("user_rewards as r")
    .innerJoin("booster_purchases as p", "p.id", "r.booster_purchase_id")
    .select(["p.booster_id", "p.factor", "p.ends_at"])
    .where("r.user_id", "=", userId)
    .where("p.ends_at", ">", now)
    .executeTakeFirst();
  return row && { boosterId: row.booster_id, factor: row.factor, endsAt: row.ends_at };
}

/** Purchases that ended by `now` and whose end nobody has told yet, oldest first. */
export function listUnannouncedEnds(db: Kysely<Database>, now: Date, limit: number) {
  return db
    .selectFrom("booster_purchases")
    .select(["id", "user_id"])
    .where("end_announced_at", "is", null)
    .where("ends_at", "<=", now)
    .orderBy("ends_at")
    .limit(limit)
    .execute();
}

/**
 * Marks the end told, once: false when another round did it first. Answers whether the purchase is still the
 * user's latest (its end is news) or a newer one replaced it (its end is not: the screen shows the newer one).
 */
export async function markEndAnnounced(
  trx: Transaction<Database>,
  purchaseId: string,
  at: Date,
): Promise<{ marked: boolean; latest: boolean }> {
  const row = await trx
    .updateTable("booster_purchases as p")
    .set({ end_announced_at: at })
    .where("p.id", "=", purchaseId)
    .where("p.end_announced_at", "is", null)
    .returning(
      sql<boolean>`EXISTS (SELECT 1 FROM user_rewards r WHERE r.user_id = p.user_id AND r.booster_purchase_id = p.id)`.as(
        "latest",
      ),
    )
    .executeTakeFirst();
  return { marked: row !== undefined, latest: row?.latest === true };
}
