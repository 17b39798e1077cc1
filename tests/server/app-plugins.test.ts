/**
 * Each plugin of buildApp closes what it opened (server/plugins/, docs/architecture.md), in an order that
 * never pulls a resource from under the work still using it, and a start-up failure closes the same way.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { CHAIN_WORKER_LEASE } from "#server/chain/worker.ts";
import type { Config } from "#server/config.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/database.ts";
import { createTestDatabase, type TestDatabase, testConfig, testEngine } from "./helpers/test-app.ts";

let given: TestDatabase;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  given = await createTestDatabase();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await given.dispose();
});

/** A configuration whose app opens a database of its own (empty, so the app migrates it too). */
async function ownDatabaseConfig(overrides: Partial<Config> = {}): Promise<Config> {
  if (testEngine() === "postgres") {
    const empty = await createTestDatabase({ migrate: false });
    cleanups.push(() => empty.dispose());
    return testConfig({ databaseUrl: empty.url, ...overrides });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "taprewards-app-plugins-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return testConfig({ databaseUrl: null, dataDir, ...overrides });
}

/** The given database, with its live listener watched: `closed` turns true once the listener is closed. */
function watchedListener(handle: DatabaseHandle) {
  const watch = { opened: 0, closed: 0 };
  const wrapped: DatabaseHandle = {
    db: handle.db,
    engine: handle.engine,
    ...(handle.poolUse ? { poolUse: handle.poolUse } : {}),
    close: () => handle.close(),
    listen: async (channel, handlers) => {
      const listener = await handle.listen(channel, handlers);
      watch.opened += 1;
      return {
        close: async () => {
          watch.closed += 1;
          await listener.close();
        },
      };
    },
  };
  return { handle: wrapped, watch };
}

const answers = (handle: { db: DatabaseHandle["db"] }) =>
  handle.db
    .selectFrom("worker_leases")
    .select("name")
    .execute()
    .then(() => true);

const chainWorkerLease = (handle: DatabaseHandle) =>
  handle.db.selectFrom("worker_leases").selectAll().where("name", "=", CHAIN_WORKER_LEASE).execute();

describe("closing the app", () => {
  it("with its own database: the jobs stop and let their leases go, background work finishes, the database closes last", async () => {
    const config = await ownDatabaseConfig({ chainPollIntervalMs: 50 });
    const app = await buildApp({ config, logger: false, runBackgroundJobs: true });
    const { database } = app;
    // The chain worker runs on its own and holds its lease.
    await expect.poll(async () => (await chainWorkerLease(database)).length, { timeout: 10_000 }).toBe(1);
    // Work started after an answer, still using the database when the close begins.
    let backgroundAnswered = false;
    app.ctx.background.run("reads after a pause", async () => {
      await sleep(200);
      backgroundAnswered = await answers(database);
    });
    await app.close();
    expect(backgroundAnswered).toBe(true);
    await expect(answers(database)).rejects.toThrow();
    // Opened again: the stopped worker let its lease go instead of leaving it to expire.
    const reopened = await openDatabase(config);
    try {
      expect(await chainWorkerLease(reopened)).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it("with a given database: the live hub stops listening, no job ever ran, and the database stays open", async () => {
    const { handle, watch } = watchedListener(given.handle);
    const app = await buildApp({
      config: testConfig({ chainPollIntervalMs: 50 }),
      db: handle,
      logger: false,
    });
    expect(watch).toEqual({ opened: 1, closed: 0 });
    await sleep(300);
    expect(await chainWorkerLease(handle)).toEqual([]);
    await app.close();
    expect(watch).toEqual({ opened: 1, closed: 1 });
    expect(await answers(given.handle)).toBe(true);
  });
});

describe("a start-up failure", () => {
  const failing = (seen: { database?: DatabaseHandle }) => async (instance: FastifyInstance) => {
    seen.database = instance.database;
    throw new Error("this plugin fails");
  };

  it("closes the database the app opened", async () => {
    const seen: { database?: DatabaseHandle } = {};
    const config = await ownDatabaseConfig();
    await expect(buildApp({ config, logger: false, plugins: [failing(seen)] })).rejects.toThrow(
      "this plugin fails",
    );
    expect(seen.database).toBeDefined();
    await expect(answers(seen.database as DatabaseHandle)).rejects.toThrow();
  }, 60_000);

  it("stops the live hub and leaves a given database open", async () => {
    const { handle, watch } = watchedListener(given.handle);
    await expect(
      buildApp({ config: testConfig(), db: handle, logger: false, plugins: [failing({})] }),
    ).rejects.toThrow("this plugin fails");
    expect(watch).toEqual({ opened: 1, closed: 1 });
    expect(await answers(given.handle)).toBe(true);
  });
});
