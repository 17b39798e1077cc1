import { type Kysely, type MigrationResultSet, Migrator, sql } from "kysely";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

/** Any fixed number; only processes migrating this schema take it (docs/design.md §14). */
const MIGRATION_LOCK_KEY = 7_401_950_117;

/**
 * Brings the schema up to date. Several instances starting together on one PostgreSQL queue on an advisory
 * lock held by one connection for the whole call, so one migrates and the others find nothing left to do.
 * Kysely takes a lock of its own, but only after creating its bookkeeping tables, a race it survives by
 * looking again; ours does not depend on that. On PGlite (one process) the lock is granted at once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const result = await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      return await new Migrator({
        db: connection,
        provider: { getMigrations: async () => migrations },
      }).migrateToLatest();
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Database migration ${failed} failed`, { cause: result.error });
  }
  return result;
}

/** Migrations this database has not had yet (all of them for a database TapRewards never started on). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows: found } = await sql<{
    table: string | null;
  }>`SELECT to_regclass('public.kysely_migration')::text AS table`.execute(db);
  const applied = new Set<string>();
  if (found[0]?.table) {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    for (const row of rows) applied.add(row.name);
  }
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
