/** Where accounts stand (docs/fair-play.md): no row reads as `ok` with a score of 0. */
import type { Kysely } from "kysely";
import type { AccountStatus, Database } from "../schema.ts";

export interface Standing {
  status: AccountStatus;
  score: number;
}

const OK: Standing = { status: "ok", score: 0 };

/**
 * The account's standing. Inside a money transaction, `lock` takes the row's share lock, so an admin's freeze
 * or ban waits for the transaction that checked it, and the next check sees the decision.
 */
export async function findStanding(
  db: Kysely<Database>,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<Standing> {
  let query = db.selectFrom("account_standing").select(["status", "score"]).where("user_id", "=", userId);
  if (options.lock) query = query.forShare();
  return (await query.executeTakeFirst()) ?? OK;
}
