/**
 * Several instances on one database (docs/design.md §14, docs/decisions/018): a change made through one
 * reaches a stream held by another within a second; a listener whose connection is killed loses nothing;
 * instances starting together on an empty PostgreSQL migrate it once; the chain worker's lease lets one
 * instance at a time run its rounds. On PGlite (one process's database) the instances share the handle.
 */
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { migrations as allMigrations } from "#server/db/migrations/index.ts";
import { LISTENER_APPLICATION_NAME } from "#server/db/notifications.ts";
import { workerLease } from "#server/domain/worker-lease.ts";
import { openStream } from "./helpers/live.ts";
import { type Caller, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import {
  createTestDatabase,
  setupTestApp,
  signUpAndLogIn,
  testConfig,
  testEngine,
} from "./helpers/test-app.ts";

const t = setupTestApp();
const onPostgres = testEngine() === "postgres";

let second: FastifyInstance | undefined;
/** Instance B: its own pool (and listener) on PostgreSQL. */
async function instanceB(): Promise<FastifyInstance> {
  second ??= await t.buildAnother({ ownPool: true });
  return second;
}

async function onServer<T>(url: string, query: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("two instances", () => {
  it("a change through A reaches a stream held on B within a second, and only that user's", async () => {
    const b = await instanceB();
    const caller: Caller = sessionCaller(await signUpAndLogIn(t.app));
    const bystander: Caller = sessionCaller(await signUpAndLogIn(b));
    const [stream, other] = [await openStream(b, caller), await openStream(b, bystander)];
    for (let i = 1; i <= 5; i += 1) {
      const started = Date.now();
      expect((await syncTaps(t.app, caller, { taps: 2 })).statusCode).toBe(200);
      // The first sync appends `points` (1) and the `first-tap` achievement (2); each later one `points`.
      expect(await stream.next(1_000)).toMatchObject({
        id: String(i === 1 ? 1 : i + 1),
        event: "points",
        data: { totalTaps: 2 * i },
      });
      if (i === 1) expect(await stream.next(1_000)).toMatchObject({ id: "2", event: "achievement" });
      expect(Date.now() - started).toBeLessThan(1_000);
    }
    expect(await other.rest()).toEqual([]);
    stream.close();
    other.close();
  });

  it.skipIf(!onPostgres)("a listener whose connection is killed catches up when it is back", async () => {
    const b = await instanceB();
    const caller: Caller = sessionCaller(await signUpAndLogIn(t.app));
    const stream = await openStream(b, caller);
    const url = t.database.url as string;
    const killed = await onServer<{ pid: number }>(
      url,
      `SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
       WHERE application_name = '${LISTENER_APPLICATION_NAME}' AND datname = current_database()`,
    );
    // A's and B's listeners.
    expect(killed.length).toBe(2);
    // Committed while nobody listens: its notification is lost for good.
    expect((await syncTaps(t.app, caller, { taps: 3 })).statusCode).toBe(200);
    expect(await stream.next(3_000)).toMatchObject({ id: "1", event: "points", data: { totalTaps: 3 } });
    // The same commit unlocked `first-tap`.
    expect(await stream.next(3_000)).toMatchObject({ id: "2", event: "achievement" });
    // And the new connection hears the next one.
    expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
    expect(await stream.next(1_000)).toMatchObject({ id: "3", data: { totalTaps: 4 } });
    await expect
      .poll(() =>
        onServer(
          url,
          `SELECT pid FROM pg_stat_activity
           WHERE application_name = '${LISTENER_APPLICATION_NAME}' AND datname = current_database()`,
        ).then((rows) => rows.length),
      )
      .toBe(2);
    stream.close();
  });
});

describe.skipIf(!onPostgres)("starting together", () => {
  it("two instances on an empty database both start, and the schema is migrated once", async () => {
    const empty = await createTestDatabase({ migrate: false });
    try {
      const config = testConfig({ databaseUrl: empty.url });
      const apps = await Promise.all([
        buildApp({ config, logger: false }),
        buildApp({ config, logger: false }),
        buildApp({ config, logger: false }),
      ]);
      const migrations = await empty.handle.db
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      expect(migrations.length).toBe(Object.keys(allMigrations).length);
      const seeded = await empty.handle.db
        .selectFrom("ledger_transfers")
        .select("id")
        .where("kind", "=", "seed")
        .execute();
      expect(seeded.length).toBe(1);
      for (const app of apps) await app.close();
    } finally {
      await empty.dispose();
    }
  });
});

describe("the chain worker's lease", () => {
  it("lets one instance at a time run, until its lease lapses or it lets go", async () => {
    const b = await instanceB();
    const [leaseA, leaseB] = [
      workerLease(t.app.ctx, "test-lease", 9_000),
      workerLease(b.ctx, "test-lease", 9_000),
    ];
    expect(await leaseA.take()).toBe(true);
    expect(await leaseB.take()).toBe(false);
    t.clock.advance(5_000);
    expect(await leaseA.take()).toBe(true);
    t.clock.advance(5_000);
    expect(await leaseB.take()).toBe(false);
    t.clock.advance(9_000);
    expect(await leaseB.take()).toBe(true);
    expect(await leaseA.take()).toBe(false);
    await leaseB.release();
    expect(await leaseA.take()).toBe(true);
  });
});
