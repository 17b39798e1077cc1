/**
 * PGlite's side of a backup: its data folder, dumped by PGlite itself (a gzipped tar) while this process
 * alone holds it (the caller has taken the folder's lock), and loaded into a new folder on restore. The new
 * folder is built beside the target and renamed into place, so a failed restore leaves no half-made database.
 */
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { createDumpFile } from "./dump-file.ts";

async function loadPglite() {
  return (await import("@electric-sql/pglite")).PGlite;
}

/** Dumps the folder into `dumpFile`, which it creates; answers what wrote it ("PGlite, PostgreSQL 18.x …"). */
export async function dumpPglite(folder: string, dumpFile: string): Promise<string> {
  // Created before the database is opened, so a name that is taken is refused before anything is read.
  const file = await createDumpFile(dumpFile);
  try {
    const PGlite = await loadPglite();
    const client = await PGlite.create(folder);
    try {
      const { rows } = await client.query<{ version: string }>("SELECT version() AS version");
      const dump = await client.dumpDataDir("gzip");
      await file.writeFile(Buffer.from(await dump.arrayBuffer()));
      return `PGlite, ${rows[0]?.version.split(" on ")[0] ?? "PostgreSQL"}`;
    } finally {
      await client.close();
    }
  } finally {
    await file.close();
  }
}

export async function restorePglite(folder: string, dump: Buffer): Promise<void> {
  const PGlite = await loadPglite();
  const building = `${folder}.restoring-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(path.dirname(path.resolve(folder)), { recursive: true });
  try {
    const client = await PGlite.create(building, { loadDataDir: new Blob([new Uint8Array(dump)]) });
    await client.query("SELECT 1");
    await client.close();
    await rm(folder, { recursive: true, force: true }); // empty (checked by the caller) or absent
    await rename(building, folder);
  } catch (err) {
    await rm(building, { recursive: true, force: true });
    throw err;
  }
}
