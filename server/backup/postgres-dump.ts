/**
 * PostgreSQL's side of a backup: pg_dump while the server runs (one consistent snapshot, in its compressed
 * custom format) and pg_restore into an empty database in one transaction, so a failed restore leaves the
 * target as it was. Debian's postgresql-client provides both. The password, if the URL has one, travels in
 * PGPASSWORD rather than on the command line, where other users of the machine could read it.
 */
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { sql } from "kysely";
import { CommandFailed } from "../cli/command-database.ts";
import { openPostgres } from "../db/database.ts";
import { createDumpFile } from "./dump-file.ts";

function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

interface Ran {
  code: number | null;
  stderr: string;
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { stdout?: NodeJS.WritableStream; stdin?: NodeJS.ReadableStream },
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env,
      stdio: [io.stdin ? "pipe" : "ignore", io.stdout ? "pipe" : "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "ENOENT"
          ? new CommandFailed(`${command} is not installed. On Debian: apt-get install -y postgresql-client`)
          : err,
      ),
    );
    if (io.stdout && child.stdout) child.stdout.pipe(io.stdout);
    if (io.stdin && child.stdin) {
      child.stdin.on("error", () => {}); // the tool's own exit code says what went wrong
      io.stdin.pipe(child.stdin);
    }
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

export async function pgDumpVersion(): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn("pg_dump", ["--version"], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("error", () => resolve("pg_dump"));
    child.once("close", () => resolve(out.trim() || "pg_dump"));
  });
}

/** pg_dump of the whole database into `dumpFile`, which it creates (custom format, compressed). */
export async function dumpPostgres(url: string, dumpFile: string): Promise<void> {
  const { dbname, env } = connection(url);
  // Created before pg_dump starts, so a name that is taken is refused before the database is read.
  const file = await createDumpFile(dumpFile);
  // The stream closes the file when pg_dump's output ends, or when it is destroyed on a failure.
  const out = file.createWriteStream();
  const closed = new Promise<void>((resolve, reject) => {
    out.once("close", () => resolve());
    out.once("error", reject);
  });
  // Awaited once pg_dump is done; a write error before then must not count as unhandled meanwhile.
  closed.catch(() => {});
  try {
    const ran = await run(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--dbname=${dbname}`],
      env,
      { stdout: out },
    );
    await closed;
    if (ran.code !== 0) throw new CommandFailed(`pg_dump failed (exit ${ran.code}):\n${ran.stderr.trim()}`);
  } catch (err) {
    out.destroy();
    throw err;
  }
}

/** The tables, sequences and views a database holds outside PostgreSQL's own schemas. */
export async function postgresObjects(url: string): Promise<string[]> {
  const handle = await openPostgres({ url, maxConnections: 1 });
  try {
    const { rows } = await sql<{ name: string }>`
      SELECT n.nspname || '.' || c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'S', 'v', 'm')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
      ORDER BY 1`.execute(handle.db);
    return rows.map((row) => row.name);
  } finally {
    await handle.close();
  }
}

/** pg_restore of the dump at `offset` in `file`, all or nothing. */
export async function restorePostgres(url: string, file: string, offset: number): Promise<void> {
  const { dbname, env } = connection(url);
  const ran = await run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`],
    env,
    { stdin: createReadStream(file, { start: offset }) },
  );
  if (ran.code !== 0) {
    throw new CommandFailed(
      `pg_restore failed (exit ${ran.code}); the database was left as it was:\n${ran.stderr.trim()}`,
    );
  }
}
