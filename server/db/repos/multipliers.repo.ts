/** The multiplier catalogue and every user's multiplier changes. */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../schema.ts";

export interface MultiplierOptionRow {
  multiplierMicro: number;
  priceMicro: number;
}

export async function listMultiplierOptions(db: Kysely<Database>): Promise<MultiplierOptionRow[]> {
  const rows = await db
    .selectFrom("multiplier_options")
    .select(["multiplier_micro", "price_micro"])
    .orderBy("multiplier_micro", "asc")
    .execute();
  return rows.map((row) => ({ multiplierMicro: row.multiplier_micro, priceMicro: row.price_micro }));
}

export async function findMultiplierOption(
  db: Kysely<Database>,
  multiplierMicro: number,
): Promise<MultiplierOptionRow | undefined> {
  const row = await db
    .selectFrom("multiplier_options")
    .select(["multiplier_micro", "price_micro"])
    .where("multiplier_micro", "=", multiplierMicro)
    .executeTakeFirst();
  return row && { multiplierMicro: row.multiplier_micro, priceMicro: row.price_micro };
}

export async function insertMultiplierChange(
  trx: Transaction<Database>,
  change: { userId: string; oldMicro: number; newMicro: number; reason: "purchase" | "admin"; at: Date },
): Promise<void> {
  await trx
    .insertInto("multiplier_changes")
    .values({
      user_id: change.userId,
      old_multiplier_micro: change.oldMicro,
      new_multiplier_micro: change.newMicro,
      reason: change.reason,
      created_at: change.at,
    })
    .execute();
}

/** A user's changes, newest first, strictly after `after`. */
export function listMultiplierChanges(
  db: Kysely<Database>,
  userId: string,
  page: { limit: number; after: { at: Date; id: string } | null },
) {
  let query = db
    .selectFrom("multiplier_changes")
    .select(["id", "old_multiplier_micro", "new_multiplier_micro", "created_at"])
    .where("user_id", "=", userId);
  if (page.after) {
    const { at, id } = page.after;
    query = query.where(sql<boolean>`(created_at, id) < (${at}, ${id}::bigint)`);
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).execute();
}
