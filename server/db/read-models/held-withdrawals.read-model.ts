/**
 * The queue of USDT withdrawals held for review (GET /admin/withdrawals?status=review, docs/fair-play.md), with
 * who asked and their fair-play score. A read model (README.md here); the domain names the items.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** The queue of held user withdrawals, oldest first, with who asked and their score (null: no standing row). */
export function listHeldWithdrawals(
  db: Kysely<Database>,
  page: { limit: number; after: { at: Date; id: string } | null },
) {
  let query = db
    .selectFrom("withdrawals as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .leftJoin("account_standing as s", "s.user_id", "w.user_id")
    .select([
      "w.id",
      "u.id as user_id",
      "w.to_address",
      "w.amount_micro",
      "w.created_at",
      "w.review_reason",
      "u.email",
      "s.score",
    ])
    .where("w.status", "=", "review");
  if (page.after)
    query = query.where(sql<boolean>`(w.created_at, w.id) > (${page.after.at}, ${page.after.id}::uuid)`);
  return query.orderBy("w.created_at", "asc").orderBy("w.id", "asc").limit(page.limit).execute();
}
