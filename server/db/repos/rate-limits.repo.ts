import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export interface WindowCount {
  count: number;
  resetAt: Date;
  blockedUntil: Date | null;
}

/**
 * Adds one to the key's counter in a fixed window (a new window when the old one has ended), in one atomic
 * statement so concurrent requests from any process all count. A counter already at `limit`, or inside a
 * delay, is left as it is and null comes back: a refused caller writes nothing, however often it asks.
 */
export async function incrementWindowBelow(
  db: Kysely<Database>,
  key: string,
  now: Date,
  windowSeconds: number,
  limit: number,
): Promise<WindowCount | null> {
  const newReset = new Date(now.getTime() + windowSeconds * 1000);
  // Plain SQL: this runs on every tap sync and login, and building the query cost more CPU than running it.
  const { rows } = await sql<{ count: number; reset_at: Date; blocked_until: Date | null }>`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${newReset})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${newReset} ELSE rate_limits.reset_at END,
      blocked_until = CASE WHEN rate_limits.reset_at <= ${now} THEN NULL ELSE rate_limits.blocked_until END
    WHERE rate_limits.reset_at <= ${now}
      OR (rate_limits.count < ${limit} AND (rate_limits.blocked_until IS NULL OR rate_limits.blocked_until <= ${now}))
    RETURNING count, reset_at, blocked_until`.execute(db);
  const row = rows[0];
  return row ? { count: row.count, resetAt: row.reset_at, blockedUntil: row.blocked_until } : null;
}

export async function readWindow(db: Kysely<Database>, key: string): Promise<WindowCount | null> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "reset_at", "blocked_until"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row ? { count: row.count, resetAt: row.reset_at, blockedUntil: row.blocked_until } : null;
}

/** No further attempt on this key before `until` (inside the current window only). */
export async function blockWindowUntil(db: Kysely<Database>, key: string, until: Date, now: Date) {
  await db
    .updateTable("rate_limits")
    .set({ blocked_until: until })
    .where("key", "=", key)
    .where("reset_at", ">", now)
    .execute();
}

/** Takes one back (an attempt that turned out not to count, e.g. a successful login), and lifts any delay. */
export async function decrementWindow(db: Kysely<Database>, key: string, now: Date): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ count: sql<number>`greatest(count - 1, 0)`, blocked_until: null })
    .where("key", "=", key)
    .where("reset_at", ">", now)
    .execute();
}

/** Forgets counters whose window has ended: they would start from zero anyway. */
export async function deleteEndedWindows(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("reset_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
