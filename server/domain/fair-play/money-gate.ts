/**
 * What a frozen or banned account may not do (docs/fair-play.md): every route that mints points or moves money
 * (tap syncs, rewards withdrawals, purchases, USDT withdrawals) asks here first, inside its own transaction,
 * so a freeze decided meanwhile is either seen or waited for. An account in review keeps playing.
 */
import type { Kysely } from "kysely";
import { findStanding, type Standing } from "../../db/repos/account-standing.repo.ts";
import type { Database } from "../../db/schema.ts";
import { accountBanned, accountFrozen } from "./errors.ts";

export async function refuseIfFrozen(db: Kysely<Database>, userId: string): Promise<Standing> {
  const standing = await findStanding(db, userId, { lock: true });
  if (standing.status === "frozen") throw accountFrozen();
  if (standing.status === "banned") throw accountBanned();
  return standing;
}
