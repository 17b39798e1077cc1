/**
 * `npm run backup -- <file>` (docs/ops/runbook.md, "Backups"): the database the server's settings name, dumped
 * consistently and compressed into one checked file (backup-file.ts) that names the hot wallet's address and
 * never holds the wallet's words. PostgreSQL is dumped while the server runs; the embedded database only while
 * no server holds its folder.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { CommandFailed, isEmptyFolder, lockForCommand, pgliteFolder } from "../cli/command-database.ts";
import type { Config } from "../config.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/database.ts";
import { findHotWalletAddress } from "../db/repos/chain.repo.ts";
import { writeBackupFile } from "./backup-file.ts";
import type { BackupManifest } from "./backup-manifest.ts";
import { withPrivateDumpFile } from "./dump-file.ts";
import { dumpPglite } from "./pglite-dump.ts";
import { dumpPostgres, pgDumpVersion } from "./postgres-dump.ts";

export type DatabaseSettings = Pick<Config, "databaseUrl" | "dataDir">;

/** The hot wallet and the newest migration, or nulls for a database no server ever started on. */
async function describe(handle: DatabaseHandle) {
  try {
    const hotWalletAddress = (await findHotWalletAddress(handle.db)) ?? null;
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(handle.db);
    return { hotWalletAddress, schema: rows[0]?.name ?? null };
  } catch {
    return { hotWalletAddress: null, schema: null };
  } finally {
    await handle.close();
  }
}

export async function backupDatabase(settings: DatabaseSettings, file: string): Promise<BackupManifest> {
  if (existsSync(file)) throw new CommandFailed(`${file} already exists; choose a new name for each backup.`);
  return withPrivateDumpFile(file, async (dumpFile) => {
    if (settings.databaseUrl !== null) {
      const url = settings.databaseUrl;
      const about = await describe(await openPostgres({ url, maxConnections: 1 }));
      await dumpPostgres(url, dumpFile);
      return await writeBackupFile(
        file,
        {
          engine: "postgres",
          createdAt: new Date().toISOString(),
          ...about,
          tool: await pgDumpVersion(),
          encoding: "pg_dump-custom",
        },
        dumpFile,
      );
    }
    const lock = lockForCommand(settings, "back up the embedded database");
    try {
      const folder = pgliteFolder(settings);
      if (isEmptyFolder(folder))
        throw new CommandFailed(`There is no database in ${path.resolve(folder)} to back up.`);
      const about = await describe(await openPglite(folder));
      const tool = await dumpPglite(folder, dumpFile);
      return await writeBackupFile(
        file,
        {
          engine: "pglite",
          createdAt: new Date().toISOString(),
          ...about,
          tool,
          encoding: "pglite-datadir-tgz",
        },
        dumpFile,
      );
    } finally {
      lock.release();
    }
  });
}
