/**
 * `npm run restore -- <file>` (docs/ops/runbook.md, "Restore"): checks the whole file first (a damaged or
 * truncated one is refused), then restores it into the database the settings name, which must be empty: a new
 * PostgreSQL database, or a data folder without a database. Anything else is refused and left as it was.
 */
import { open } from "node:fs/promises";
import path from "node:path";
import { CommandFailed, isEmptyFolder, lockForCommand, pgliteFolder } from "../cli/command-database.ts";
import type { DatabaseSettings } from "./backup.ts";
import { checkBackupFile } from "./backup-file.ts";
import type { BackupManifest } from "./backup-manifest.ts";
import { restorePglite } from "./pglite-dump.ts";
import { postgresObjects, restorePostgres } from "./postgres-dump.ts";

async function readPayload(file: string, offset: number, bytes: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const payload = Buffer.alloc(bytes);
    await handle.read(payload, 0, bytes, offset);
    return payload;
  } finally {
    await handle.close();
  }
}

export async function restoreDatabase(settings: DatabaseSettings, file: string): Promise<BackupManifest> {
  const { manifest, payloadOffset } = await checkBackupFile(file);
  if (manifest.engine === "postgres") {
    if (settings.databaseUrl === null) {
      throw new CommandFailed(
        `${file} is a PostgreSQL backup: set DATABASE_URL to a new, empty database (createdb) and run the restore again.`,
      );
    }
    const objects = await postgresObjects(settings.databaseUrl);
    if (objects.length > 0) {
      throw new CommandFailed(
        `Refusing to restore into a database that is not empty (${objects.length} tables or sequences, such as ` +
          `${objects.slice(0, 3).join(", ")}). Create a new database and point DATABASE_URL at it; nothing was changed.`,
      );
    }
    await restorePostgres(settings.databaseUrl, file, payloadOffset);
    return manifest;
  }
  if (settings.databaseUrl !== null) {
    throw new CommandFailed(
      `${file} is a backup of the embedded database (PGlite): unset DATABASE_URL and set DATA_DIR to an empty folder.`,
    );
  }
  const lock = lockForCommand(settings, "restore into the embedded database");
  try {
    const folder = pgliteFolder(settings);
    if (!isEmptyFolder(folder)) {
      throw new CommandFailed(
        `Refusing to restore into ${path.resolve(folder)}: it already holds a database. Set DATA_DIR to a new ` +
          "folder (or move this one aside); nothing was changed.",
      );
    }
    await restorePglite(folder, await readPayload(file, payloadOffset, manifest.payload.bytes));
    return manifest;
  } finally {
    lock.release();
  }
}
