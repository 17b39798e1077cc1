/**
 * One server process per data folder. Two processes over one PGlite folder corrupt it, so the second one
 * must refuse before it opens anything: a lock file holding the owner's pid, created exclusively. A lock left
 * by a process that no longer runs (killed with SIGKILL, a power cut) is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `Another TapRewards server (pid ${pid}) is using the data folder ${path.resolve(dataDir)}. ` +
        `Stop that one first (kill ${pid}), or set DATA_DIR to another folder. If no such process runs, ` +
        `delete ${lockFile}.`,
    );
    this.name = "DataDirInUse";
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = "server.pid";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: "wx", mode: 0o644 });
      const release = () => {
        try {
          if (readFileSync(lockFile, "utf8").trim() === String(process.pid)) rmSync(lockFile);
        } catch {}
      };
      process.once("exit", release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(readFileSync(lockFile, "utf8").trim());
      if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirInUse(dataDir, owner, lockFile);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not lock the data folder ${dataDir}`);
}
