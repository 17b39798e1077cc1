/** The admin audit log (table audit_log, docs/design.md §7): rows are only added, then read newest first. */
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { AuditLogTable, Database } from "../schema.ts";

/** Takes the transaction of the action it records, so the log never shows what did not happen. */
export async function insertAuditEntry(
  trx: Transaction<Database>,
  entry: Insertable<AuditLogTable>,
): Promise<number> {
  const row = await trx.insertInto("audit_log").values(entry).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Entries strictly after `page.after` in newest-first order (the position's id is the row's bigint id). */
export function listAuditEntries(
  db: Kysely<Database>,
  page: { limit: number; after: { at: Date; id: string } | null },
) {
  let query = db.selectFrom("audit_log").selectAll();
  if (page.after) {
    const { at, id } = page.after;
    query = query.where(sql<boolean>`(created_at, id) < (${at}, ${id}::bigint)`);
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).execute();
}
