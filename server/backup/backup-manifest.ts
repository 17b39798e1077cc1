/**
 * The backup file's manifest and its exact shape (docs/decisions/034). Its checksum only proves the line was not
 * damaged in transit, not who wrote it, so restore checks every field before it believes one: which engine to
 * restore into and how many bytes to read come from here. A field missing, of the wrong type or unknown, or an
 * encoding that is not its engine's, is refused before anything is touched.
 */
import * as v from "valibot";

const fromTool = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

const payload = <Encoding extends string>(encoding: Encoding) =>
  v.strictObject({
    encoding: v.literal(encoding),
    bytes: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
    sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex digits")),
  });

const described = {
  format: v.literal(1),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  /** The hot wallet (HD index 0) this database belongs to; null when no server ever started on it. */
  hotWalletAddress: v.nullable(
    v.pipe(v.string(), v.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, "must be a TRON address")),
  ),
  /** The newest migration the database had. */
  schema: v.nullable(fromTool),
  /** What wrote the dump: "pg_dump (PostgreSQL) 15.x" or "PGlite, PostgreSQL 18.x …". */
  tool: fromTool,
};

export const BackupManifestSchema = v.variant("engine", [
  v.strictObject({ ...described, engine: v.literal("postgres"), payload: payload("pg_dump-custom") }),
  v.strictObject({ ...described, engine: v.literal("pglite"), payload: payload("pglite-datadir-tgz") }),
]);

export type BackupManifest = v.InferOutput<typeof BackupManifestSchema>;
export type BackupEngine = BackupManifest["engine"];

export type ManifestReading =
  | { ok: true; manifest: BackupManifest }
  /** What is wrong, in words for the operator: "payload.bytes: Invalid type: …". */
  | { ok: false; unreadable: string }
  | { ok: false; format: unknown };

/** The manifest line read strictly: a format this version reads, in exactly the shape it writes. */
export function readManifest(line: string): ManifestReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { ok: false, unreadable: "it is not JSON" };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { ok: false, unreadable: "it is not an object" };
  }
  // A later format is named as such rather than listed as a pile of unexpected fields.
  if ("format" in parsed && parsed.format !== 1) return { ok: false, format: parsed.format };
  const checked = v.safeParse(BackupManifestSchema, parsed);
  if (checked.success) return { ok: true, manifest: checked.output };
  const problems = checked.issues.slice(0, 3).map((issue) => {
    // valibot words a strict object's extra key as "Expected never": say what it means.
    const why = issue.expected === "never" ? "not a field of a backup manifest" : issue.message;
    return `${v.getDotPath(issue) ?? "the manifest"}: ${why}`;
  });
  return { ok: false, unreadable: problems.join("; ") };
}
