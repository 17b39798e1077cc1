import { type Kysely, type MigrationResultSet, Migrator } from "kysely";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

/**
 * Brings the schema up to date. Kysely takes an advisory lock, so several processes starting together on one
 * PostgreSQL run each migration once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Database migration ${failed} failed`, { cause: result.error });
  }
  return result;
}
