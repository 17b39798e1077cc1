/**
 * Where a backup's dump waits before it is copied into the backup file (docs/decisions/034). The folder a
 * backup goes to may be shared (a backup volume, /tmp): a dump written under a name others can work out would
 * land in a file they created, or through a link they planted, handing them the whole database. So the dump
 * goes into a folder made for it (mkdtemp: a fresh random name, mode 0700, never a folder that was there), and
 * the file itself is created exclusively (O_CREAT|O_EXCL, which refuses an existing file or link instead of
 * following it), readable by this user only.
 */
import { type FileHandle, mkdtemp, open, rm } from "node:fs/promises";
import path from "node:path";
import { CommandFailed } from "../cli/command-database.ts";

/** Runs `write` with the path of a dump file that does not exist yet, in a private folder removed afterwards. */
export async function withPrivateDumpFile<T>(
  backupFile: string,
  write: (dumpFile: string) => Promise<T>,
): Promise<T> {
  const beside = path.dirname(path.resolve(backupFile));
  const folder = await mkdtemp(path.join(beside, `.${path.basename(backupFile)}.`));
  try {
    return await write(path.join(folder, "dump"));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Creates `file` for writing, readable by this user only (0600); when anything, a link included, already has that
 * name it is left alone and the command stops with `whenTaken`.
 */
export async function createExclusively(file: string, whenTaken: string): Promise<FileHandle> {
  try {
    return await open(file, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    throw new CommandFailed(whenTaken);
  }
}

/** Creates `dumpFile` for writing (createExclusively). */
export const createDumpFile = (dumpFile: string): Promise<FileHandle> =>
  createExclusively(
    dumpFile,
    `Refusing to write the database's dump to ${dumpFile}: it already exists (a file or a link someone ` +
      "else may have put there). Nothing was written.",
  );
