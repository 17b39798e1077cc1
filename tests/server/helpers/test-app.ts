/**
 * Test harness for the server suites. One database per test file, on the engine the vitest project names
 * (TEST_DB): in-memory PGlite (~2 s and a lot of RAM, so never one per test), or a fresh PostgreSQL database
 * created from DATABASE_URL and dropped afterwards, so runs never see each other's data.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance, FastifyPluginAsync, LightMyRequestResponse } from "fastify";
import { Kysely } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "#server/app.ts";
import type { ChainGateway } from "#server/chain/gateway.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Database } from "#server/db/schema.ts";
import type { LiveHubSettings } from "#server/domain/live/live-hub.ts";

export type TestEngine = "pglite" | "postgres";

export const testEngine = (): TestEngine => (process.env.TEST_DB === "postgres" ? "postgres" : "pglite");

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL URL of this file's database (null on PGlite). */
  url: string | null;
  dispose(): Promise<void>;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the engine under test. Call dispose() when done. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (testEngine() === "pglite") {
    const handle = migrate
      ? await openPglite("memory://", { loadDataDir: await migratedPgliteTemplate() })
      : await openPglite("memory://");
    if (migrate) await migrateToLatest(handle.db);
    return { handle, url: null, dispose: () => handle.close() };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error("TEST_DB=postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)");
  const name = `tr_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres({ url: url.toString(), maxConnections: 10 });
  if (migrate) await migrateToLatest(handle.db);
  return {
    handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const TEMPLATE_DIR = fileURLToPath(new URL("../../../.tmp/test-cache/", import.meta.url));
const MIGRATIONS_DIR = fileURLToPath(new URL("../../../server/db/migrations/", import.meta.url));

/**
 * A dump of a freshly migrated PGlite database, cached in .tmp/test-cache under a hash of the migrations.
 * Loading it takes ~0.5 s where initdb takes ~2-4 s, for every test file.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  const file = path.join(TEMPLATE_DIR, `pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const client = await PGlite.create("memory://");
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    await migrateToLatest(db);
    const dump = await client.dumpDataDir("none");
    await db.destroy();
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    // Written aside and renamed, so a parallel test file never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

export interface TestClock {
  (): Date;
  advance(ms: number): void;
}

/** Starts at the real time (so nothing looks ancient to the database) and moves only when told. */
export function createTestClock(start = new Date()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** The HD wallet of every test database (the BIP-39 test words): never holds real funds. */
export const TEST_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: ".tmp/unused",
      PUBLIC_URL: "http://taprewards.test",
      WALLET_MNEMONIC: TEST_MNEMONIC,
      // Suites sign up many accounts from one address; the limit has its own tests.
      SIGNUP_LIMIT_PER_IP_HOUR: "0",
      // The same for fair play's signup-burst (tests/server/fair-play-signals.test.ts turns it on).
      RISK_SIGNUPS_PER_NETWORK: "0",
      // A suite's first sync of the day would claim the streak and move every points figure by its reward;
      // auto-claim has its own tests (tests/server/economy-auto-claim.test.ts turns it on).
      AUTO_CLAIM: "false",
    }),
    ...overrides,
  };
}

/**
 * WITHDRAWAL_REVIEW_FIRST=false and no amount held (WITHDRAWAL_REVIEW_ABOVE_USDT beyond any balance): for
 * suites about the chain path, whose users' USDT withdrawals must go out without an admin's approval (held
 * withdrawals have their own suite, fair-play-held.test.ts).
 */
export const withdrawalsUnheld = (): Pick<Config, "fairPlay"> => ({
  fairPlay: {
    ...testConfig().fairPlay,
    reviewFirstWithdrawal: false,
    reviewAboveMicro: Number.MAX_SAFE_INTEGER,
  },
});

export interface TestAppOptions {
  config?: Partial<Config>;
  distDir?: string;
  plugins?: FastifyPluginAsync[];
  /** Another chain gateway than the configured one (TRON against the fake TronGrid), built when the app is. */
  chain?: () => ChainGateway;
  /** Live-stream timings and limits (a short ping interval, a small buffer cap). */
  live?: Partial<LiveHubSettings>;
  /**
   * buildAnother only: a pool of its own on the same PostgreSQL database, as another instance would have
   * (on PGlite, one process's database, the handle is shared).
   */
  ownPool?: boolean;
  /** Where the suite's clock starts (default: now). */
  clockStart?: Date;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly clock: TestClock;
  /** Another app over the same database (other settings, same data); closed with the suite. */
  buildAnother(options?: TestAppOptions): Promise<FastifyInstance>;
}

/** Registers beforeAll/afterAll hooks that give the test file one app over one fresh database. */
export function setupTestApp(options: TestAppOptions = {}): TestApp {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  const clock = createTestClock(options.clockStart);
  const extraApps: FastifyInstance[] = [];
  const build = (handle: DatabaseHandle, opts: TestAppOptions) =>
    buildApp({
      config: testConfig(opts.config),
      db: handle,
      clock,
      logger: false,
      ...(opts.distDir ? { distDir: opts.distDir } : {}),
      ...(opts.plugins ? { plugins: opts.plugins } : {}),
      ...(opts.chain ? { chain: opts.chain() } : {}),
      ...(opts.live ? { live: opts.live } : {}),
    });
  const extraHandles: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await build(database.handle, options);
  });
  afterAll(async () => {
    for (const extra of extraApps) await extra.close();
    for (const handle of extraHandles) await handle.close();
    await app?.close();
    await database?.dispose();
  });

  return {
    get app() {
      if (!app) throw new Error("the test app is built in beforeAll");
      return app;
    },
    get database() {
      if (!database) throw new Error("the test database is created in beforeAll");
      return database;
    },
    clock,
    async buildAnother(opts = {}) {
      if (!database) throw new Error("the test database is created in beforeAll");
      let handle = database.handle;
      if (opts.ownPool && database.url) {
        handle = await openPostgres({ url: database.url, maxConnections: 10 });
        extraHandles.push(handle);
      }
      const another = await build(handle, opts);
      extraApps.push(another);
      return another;
    },
  };
}

let emailCounter = 0;
/** An address no other test in the file uses. */
export function uniqueEmail(prefix = "user"): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${randomBytes(3).toString("hex")}@example.com`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface SessionBody {
  session: { access_token: string; refresh_token: string; expires_at: number; token_type: "bearer" };
  user: { id: string; email: string; name: string; role: "user" | "admin" };
}

export interface Account {
  email: string;
  password: string;
  name: string;
  id: string;
}

export async function signUp(
  app: FastifyInstance,
  account: Partial<Omit<Account, "id">> = {},
): Promise<Account> {
  const body = {
    email: account.email ?? uniqueEmail(),
    password: account.password ?? "correct horse battery",
    name: account.name ?? "Test User",
  };
  const res = await app.inject({ method: "POST", url: "/api/auth/signup", payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { ...body, id: res.json<{ user: { id: string } }>().user.id };
}

export function logIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: credentials.email, password: credentials.password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A new account, signed in. */
export async function signUpAndLogIn(app: FastifyInstance, account: Partial<Omit<Account, "id">> = {}) {
  const created = await signUp(app, account);
  const res = await logIn(app, created);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { account: created, ...res.json<SessionBody>() };
}

export const errorBody = (code: string, message: string) => ({ error: { code, message } });
