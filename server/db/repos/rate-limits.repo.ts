import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export interface WindowCount {
  count: number;
  resetAt: Date;
}

/**
 * Adds one to the key's counter in a fixed window, starting a new window when the old one has ended, in one
 * atomic statement so concurrent requests from any process all count.
 */
export async function incrementWindow(
  db: Kysely<Database>,
  key: string,
  now: Date,
  windowSeconds: number,
): Promise<WindowCount> {
  const newReset = new Date(now.getTime() + windowSeconds * 1000);
  // Plain SQL: this runs on every tap sync and login, and building the query cost more CPU than running it.
  const { rows } = await sql<{ count: number; reset_at: Date }>`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${newReset})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${newReset} ELSE rate_limits.reset_at END
    RETURNING count, reset_at`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`rate limit upsert of ${key} returned no row`);
  return { count: row.count, resetAt: row.reset_at };
}

/** Takes one back (an attempt that turned out not to count, e.g. a successful login). */
export async function decrementWindow(db: Kysely<Database>, key: string, now: Date): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", key)
    .where("count", ">", 0)
    .where("reset_at", ">", now)
    .execute();
}
