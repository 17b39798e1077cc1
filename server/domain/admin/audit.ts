/** The audit log (docs/design.md §7): written in the same transaction as the action it records. */
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { PageRequest } from "../pagination.ts";

export interface Actor {
  id: string;
  email: string;
}

export type AdminAction =
  | "fund-wallet"
  | "treasury-withdrawal"
  | "update-multiplier"
  | "create-admin"
  | "devnet-fund";

export async function recordAudit(
  trx: Transaction<Database>,
  entry: { actor: Actor; action: AdminAction; target: string | null; amountMicro: number | null; at: Date },
): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target: entry.target,
      amount_micro: entry.amountMicro,
      created_at: entry.at,
    })
    .execute();
}

export function listAudit(db: Kysely<Database>, page: PageRequest) {
  let query = db.selectFrom("audit_log").selectAll();
  if (page.after) {
    const { at, id } = page.after;
    query = query.where(sql<boolean>`(created_at, id) < (${at}, ${id}::bigint)`);
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).execute();
}
