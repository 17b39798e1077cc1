/** The addresses (hashed) an account has signed in from: its owner's own places, spared by login limits. */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export async function isKnownLoginSource(
  db: Kysely<Database>,
  userId: string,
  sourceHash: string,
  since: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom("login_sources")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("source_hash", "=", sourceHash)
    .where("last_success_at", ">", since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberLoginSource(
  db: Kysely<Database>,
  userId: string,
  sourceHash: string,
  at: Date,
): Promise<void> {
  await sql`
    INSERT INTO login_sources (user_id, source_hash, last_success_at) VALUES (${userId}, ${sourceHash}, ${at})
    ON CONFLICT (user_id, source_hash) DO UPDATE SET last_success_at = EXCLUDED.last_success_at`.execute(db);
}

export async function deleteLoginSourcesBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("login_sources")
    .where("last_success_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
