/**
 * What the operations commands (backup, restore, reconcile; docs/ops/runbook.md) share: the server's own
 * settings, and the database they name, opened only when no server holds an embedded one.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError, type LoadOptions, loadConfig } from "../config.ts";
import { DataDirInUse, type DataDirLock, lockDataDir } from "../db/data-dir-lock.ts";

/** A command's expected failure: its message is printed as it is, and the process exits with `exitCode`. */
export class CommandFailed extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = "CommandFailed";
  }
}

export function commandConfig(options: LoadOptions = {}): Config {
  try {
    return loadConfig(process.env, options);
  } catch (err) {
    if (err instanceof ConfigError) throw new CommandFailed(err.message);
    throw err;
  }
}

export const pgliteFolder = (config: Pick<Config, "dataDir">) => path.join(config.dataDir, "pglite");

export const isEmptyFolder = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0;

/**
 * The data folder's lock, as a server takes it: PGlite is one process's database, and a second process over
 * its folder would corrupt it, so a command refuses while a server runs there.
 */
export function lockForCommand(config: Pick<Config, "dataDir">, what: string): DataDirLock {
  try {
    return lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    throw new CommandFailed(
      `Cannot ${what} now: a TapRewards server (pid ${err.pid}) is running on the embedded database in ` +
        `${path.resolve(config.dataDir)}, and a second process on that folder would corrupt it. Stop the ` +
        `server (kill ${err.pid}; it finishes its requests first), ${what}, then start it again. ` +
        "On PostgreSQL (DATABASE_URL) this works while the server runs.",
    );
  }
}

/** Runs a command's main: prints a CommandFailed's message and exits with its code. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      if (err instanceof CommandFailed) {
        console.error(err.message);
        process.exitCode = err.exitCode;
        return;
      }
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exitCode = 2;
    },
  );
}
