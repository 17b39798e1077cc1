/**
 * Opens the database the configuration asks for: PostgreSQL through a pg Pool when DATABASE_URL is set,
 * otherwise embedded PGlite in DATA_DIR/pglite (or in memory for tests).
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { type Listen, listenOnPglite, listenOnPostgres } from "./notifications.ts";
import { INT8_TYPE_ID, parseInt8 } from "./numbers.ts";
import { preparingPool } from "./prepared-statements.ts";
import type { Database } from "./schema.ts";

export type DatabaseEngine = "pglite" | "postgres";

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly engine: DatabaseEngine;
  /** LISTEN for notifications, which PostgreSQL and PGlite deliver only when the sending transaction commits. */
  readonly listen: Listen;
  /** PostgreSQL only: the pool's connections right now (for /api/metrics). */
  readonly poolUse?: () => PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a free connection: above 0 for long, the pool is too small. */
  waiting: number;
}

export interface PostgresOptions {
  url: string;
  /** Pool size per process; PostgreSQL's default max_connections is 100. */
  maxConnections?: number;
}

export async function openPostgres({ url, maxConnections = 10 }: PostgresOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_TYPE_ID
          ? parseInt8
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  // Fail at start, with the driver's message, rather than on the first request.
  await pool.query("SELECT 1");
  return {
    db,
    engine: "postgres",
    listen: listenOnPostgres(url),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/**
 * `memory://` for a throw-away database, otherwise a folder (created with its parents). `loadDataDir` starts
 * from a dump (PGlite's dumpDataDir) instead of running initdb, which tests use to save seconds per file.
 */
export async function openPglite(
  location: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (location !== "memory://") await mkdir(path.dirname(path.resolve(location)), { recursive: true });
  // Loaded only when used: an instance on PostgreSQL never pays for PGlite's code in its memory.
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("kysely-pglite-dialect"),
  ]);
  const client = await PGlite.create(location, {
    parsers: { [INT8_TYPE_ID]: parseInt8 },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, engine: "pglite", listen: listenOnPglite(client), close: () => db.destroy() };
}

export function openDatabase(config: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres({ url: config.databaseUrl })
    : openPglite(path.join(config.dataDir, "pglite"));
}
