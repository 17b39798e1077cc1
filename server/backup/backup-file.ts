/**
 * The backup file (docs/decisions/030): three header lines, then the database's dump as it came from its tool.
 *
 *   TAPREWARDS-BACKUP 1
 *   {"format":1,"engine":"postgres",…,"payload":{"bytes":N,"sha256":"…"}}
 *   <sha256 of the manifest line>
 *   <N bytes: pg_dump's custom format, or PGlite's data folder as a gzipped tar>
 *
 * Both dumps are compressed by their tool. The manifest names the hot wallet's address (never the words), so
 * whoever restores knows which seed the copy needs. A file is checked whole before anything is restored: a
 * damaged header, a truncated or damaged dump, or anything that is not such a file is refused.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import * as v from "valibot";
import { CommandFailed } from "../cli/command-database.ts";
import { type BackupManifest, BackupManifestSchema, readManifest } from "./backup-manifest.ts";
import { createExclusively } from "./dump-file.ts";

export const MAGIC = "TAPREWARDS-BACKUP 1";
/** The header is small; a longer "header" means this is not our file. */
const MAX_HEADER_BYTES = 64 * 1024;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

export function headerOf(manifest: BackupManifest): string {
  const line = JSON.stringify(manifest);
  return `${MAGIC}\n${line}\n${sha256(line)}\n`;
}

/** The size and checksum of a file's bytes from `start` to its end. */
export async function digestFile(file: string, start = 0): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file, { start })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/**
 * Writes header and dump to `<file>.partial`, then renames it, so `file` is never a half-written backup.
 * `dumpFile` holds the dump; it is left for the caller to delete. The partial file is created exclusively
 * (mode 0600): one already there, or a link, is refused and left alone, never written through or removed.
 */
export async function writeBackupFile(
  file: string,
  manifest: Omit<BackupManifest, "payload" | "format"> & { encoding: BackupManifest["payload"]["encoding"] },
  dumpFile: string,
): Promise<BackupManifest> {
  const { encoding, ...rest } = manifest;
  const payload = { encoding, ...(await digestFile(dumpFile)) };
  // Checked like a restore checks it: never write a manifest this version would refuse to read.
  const complete = v.parse(BackupManifestSchema, { format: 1, ...rest, payload });
  const partial = `${file}.partial`;
  const out = await createExclusively(
    partial,
    `${partial} already exists (left by an interrupted backup, or put there by someone else); remove it or ` +
      "choose another name. Nothing was written.",
  );
  try {
    await out.writeFile(headerOf(complete));
    // The stream closes the file once the dump is copied after the header (or when the copy fails).
    await pipeline(createReadStream(dumpFile), out.createWriteStream());
    await rename(partial, file);
  } catch (err) {
    await out.close().catch(() => {});
    await rm(partial, { force: true });
    throw err;
  }
  return complete;
}

export interface CheckedBackup {
  manifest: BackupManifest;
  /** Where the dump starts in the file. */
  payloadOffset: number;
}

const refuse = (file: string, why: string) =>
  new CommandFailed(`Refusing ${file}: ${why}. Nothing was restored or changed.`);

/** Reads and checks the whole file; throws CommandFailed saying what is wrong with it. */
export async function checkBackupFile(file: string): Promise<CheckedBackup> {
  const size = await stat(file).then(
    (info) => info.size,
    () => {
      throw refuse(file, "there is no such file");
    },
  );
  const handle = await open(file, "r");
  let head: Buffer;
  try {
    head = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const magicEnd = head.indexOf(0x0a);
  if (magicEnd < 0 || head.subarray(0, magicEnd).toString("utf8") !== MAGIC) {
    throw refuse(file, `it is not a TapRewards backup (it does not start with "${MAGIC}")`);
  }
  const manifestEnd = head.indexOf(0x0a, magicEnd + 1);
  const checksumEnd = manifestEnd < 0 ? -1 : head.indexOf(0x0a, manifestEnd + 1);
  if (checksumEnd < 0) throw refuse(file, "its header is cut short (the file is truncated or damaged)");
  const manifestLine = head.subarray(magicEnd + 1, manifestEnd).toString("utf8");
  const checksumLine = head.subarray(manifestEnd + 1, checksumEnd).toString("utf8");
  if (sha256(manifestLine) !== checksumLine) {
    throw refuse(file, "its header is damaged (the manifest does not match its checksum)");
  }
  const reading = readManifest(manifestLine);
  if (!reading.ok && "format" in reading) {
    throw refuse(file, `it is of format ${JSON.stringify(reading.format)}, which this version cannot read`);
  }
  if (!reading.ok) throw refuse(file, `its manifest is malformed (${reading.unreadable})`);
  const { manifest } = reading;
  const payloadOffset = checksumEnd + 1;
  const found = size - payloadOffset;
  if (found < manifest.payload.bytes) {
    throw refuse(
      file,
      `it is truncated (the dump should be ${manifest.payload.bytes} bytes, ${found} are there)`,
    );
  }
  if (found > manifest.payload.bytes) {
    throw refuse(
      file,
      `it is damaged (${found - manifest.payload.bytes} bytes more than the dump should have)`,
    );
  }
  const digest = await digestFile(file, payloadOffset);
  if (digest.sha256 !== manifest.payload.sha256) {
    throw refuse(file, "it is damaged (the dump does not match its SHA-256 checksum)");
  }
  return { manifest, payloadOffset };
}
