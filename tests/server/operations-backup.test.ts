/**
 * Backups (docs/decisions/030): the file refuses damage of every kind before anything is touched; a database
 * that has lived is backed up, refused over a non-empty target, restored into an empty one, and the copy shows
 * the same balances, points and ledger invariants, agrees with its chain, and serves them through the API.
 * On the engine the vitest project names: a PGlite data folder, or PostgreSQL with a database made for the
 * restore and dropped afterwards.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { backupDatabase, type DatabaseSettings } from "#server/backup/backup.ts";
import { checkBackupFile, MAGIC, writeBackupFile } from "#server/backup/backup-file.ts";
import { dumpPglite } from "#server/backup/pglite-dump.ts";
import { dumpPostgres } from "#server/backup/postgres-dump.ts";
import { restoreDatabase } from "#server/backup/restore.ts";
import { HOT_WALLET_INDEX } from "#server/chain/keys.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { migrations } from "#server/db/migrations/index.ts";
import { auditAccounts } from "#server/db/repos/ledger.repo.ts";
import type { Database } from "#server/db/schema.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { reconcile } from "#server/domain/operations/reconcile.ts";
import { type Activity, liveALittle } from "./helpers/ledger-activity.ts";
import { getJson } from "./helpers/rewards.ts";
import {
  createTestClock,
  createTestDatabase,
  type TestDatabase,
  testConfig,
  testEngine,
  withdrawalsUnheld,
} from "./helpers/test-app.ts";

const folder = mkdtempSync(path.join(tmpdir(), "tr-backup-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const inFolder = (name: string) => path.join(folder, name);

/**
 * A copy of a backup file whose manifest was replaced, its checksum line recomputed: what a file made by hand
 * or by a broken tool looks like, the checksum being no signature.
 */
function withManifest(
  original: string,
  name: string,
  change: (manifest: Record<string, unknown>) => unknown,
) {
  const bytes = readFileSync(original);
  const first = bytes.indexOf(0x0a);
  const second = bytes.indexOf(0x0a, first + 1);
  const third = bytes.indexOf(0x0a, second + 1);
  const manifest = JSON.parse(bytes.subarray(first + 1, second).toString("utf8")) as Record<string, unknown>;
  const changed = change(manifest);
  const line = typeof changed === "string" ? changed : JSON.stringify(changed);
  const checksum = createHash("sha256").update(line).digest("hex");
  const file = inFolder(name);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`${MAGIC}\n${line}\n${checksum}\n`), bytes.subarray(third + 1)]),
  );
  return file;
}

/** A file and a symbolic link planted where a dump might be written, and the file the link points at. */
function plantDecoys(name: string) {
  const victim = inFolder(`${name}-victim.txt`);
  writeFileSync(victim, "the link's target\n", { mode: 0o644 });
  return {
    victim,
    plantFile: (at: string) => writeFileSync(at, "planted by someone else\n", { mode: 0o666 }),
    plantLink: (at: string) => symlinkSync(victim, at),
    /** The link's target as it was, and whatever was planted still there, as it was. */
    untouched: (at: string) => {
      expect(readFileSync(victim, "utf8")).toBe("the link's target\n");
      const planted = lstatSync(at);
      if (planted.isSymbolicLink()) expect(readlinkSync(at)).toBe(victim);
      else expect(readFileSync(at, "utf8")).toBe("planted by someone else\n");
    },
  };
}

describe("the backup file", () => {
  const dump = inFolder("fake.dump");
  const good = inFolder("good.trbackup");
  beforeAll(async () => {
    writeFileSync(dump, randomBytes(200_000));
    await writeBackupFile(
      good,
      {
        engine: "postgres",
        createdAt: "2026-01-01T00:00:00.000Z",
        hotWalletAddress: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
        schema: "011-operations",
        tool: "test",
        encoding: "pg_dump-custom",
      },
      dump,
    );
  });

  const variant = (name: string, change: (bytes: Buffer) => Buffer) => {
    const file = inFolder(name);
    writeFileSync(file, change(readFileSync(good)));
    return file;
  };

  it("reads back what was written, with the hot wallet's address and the dump's checksum", async () => {
    const { manifest, payloadOffset } = await checkBackupFile(good);
    expect(manifest).toMatchObject({
      format: 1,
      engine: "postgres",
      hotWalletAddress: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
      payload: {
        encoding: "pg_dump-custom",
        bytes: 200_000,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    expect(readFileSync(good).subarray(payloadOffset).equals(readFileSync(dump))).toBe(true);
    expect(readFileSync(good).subarray(0, MAGIC.length).toString()).toBe(MAGIC);
  });

  it.each([
    [
      "truncated.trbackup",
      (b: Buffer) => b.subarray(0, b.length - 1_000),
      "it is truncated (the dump should be 200000 bytes, 199000 are there)",
    ],
    [
      "cut-in-header.trbackup",
      (b: Buffer) => b.subarray(0, 60),
      "its header is cut short (the file is truncated or damaged)",
    ],
    [
      "damaged-dump.trbackup",
      (b: Buffer) => {
        const copy = Buffer.from(b);
        const at = copy.length - 5_000;
        copy.writeUInt8((copy.readUInt8(at) + 1) % 256, at);
        return copy;
      },
      "it is damaged (the dump does not match its SHA-256 checksum)",
    ],
    [
      "damaged-manifest.trbackup",
      (b: Buffer) => Buffer.from(b.toString("latin1").replace('"bytes":200000', '"bytes":200001'), "latin1"),
      "its header is damaged (the manifest does not match its checksum)",
    ],
    [
      "longer.trbackup",
      (b: Buffer) => Buffer.concat([b, Buffer.from("tail")]),
      "it is damaged (4 bytes more than the dump should have)",
    ],
    [
      "not-a-backup.sql",
      () => Buffer.from("-- PostgreSQL database dump\nCREATE TABLE x ();\n"),
      `it is not a TapRewards backup (it does not start with "${MAGIC}")`,
    ],
  ])("refuses %s and says why", async (name, change, why) => {
    const file = variant(name, change);
    await expect(checkBackupFile(file)).rejects.toThrow(
      `Refusing ${file}: ${why}. Nothing was restored or changed.`,
    );
  });

  it.each([
    [
      "a number given as a string",
      (m: Record<string, unknown>) => ({ ...m, payload: { ...(m.payload as object), bytes: "200000" } }),
      "payload.bytes",
    ],
    ["an unknown field", (m: Record<string, unknown>) => ({ ...m, restoreAs: "superuser" }), "restoreAs"],
    ["no payload", ({ payload: _, ...m }: Record<string, unknown>) => m, "payload"],
    ["an unknown engine", (m: Record<string, unknown>) => ({ ...m, engine: "mysql" }), "engine"],
    [
      "the other engine's encoding",
      (m: Record<string, unknown>) => ({
        ...m,
        payload: { ...(m.payload as object), encoding: "pglite-datadir-tgz" },
      }),
      "payload.encoding",
    ],
    [
      "a checksum that is not SHA-256",
      (m: Record<string, unknown>) => ({ ...m, payload: { ...(m.payload as object), sha256: "x" } }),
      "payload.sha256",
    ],
    [
      "a hot wallet that is no TRON address",
      (m: Record<string, unknown>) => ({ ...m, hotWalletAddress: 42 }),
      "hotWalletAddress",
    ],
    ["null", () => null, "not an object"],
    ["text that is not JSON", () => "{engine: postgres", "not JSON"],
  ])("refuses a manifest with %s, saying what is wrong", async (_case, change, detail) => {
    const file = withManifest(good, `shape-${detail.replace(/\W/g, "-")}.trbackup`, change);
    const refused = checkBackupFile(file);
    await expect(refused).rejects.toThrow(`Refusing ${file}: its manifest is malformed (`);
    await expect(refused).rejects.toThrow(detail);
    await expect(refused).rejects.toThrow("Nothing was restored or changed.");
  });

  it("never writes a dump into a file or through a link that is already there", async () => {
    const decoys = plantDecoys("writer");
    const asFile = inFolder("planted-file.dump");
    const asLink = inFolder("planted-link.dump");
    decoys.plantFile(asFile);
    decoys.plantLink(asLink);
    for (const at of [asFile, asLink]) {
      const written =
        testEngine() === "postgres"
          ? dumpPostgres(process.env.DATABASE_URL ?? "", at)
          : dumpPglite(inFolder("no-such-database"), at);
      await expect(written).rejects.toThrow(
        `Refusing to write the database's dump to ${at}: it already exists`,
      );
      decoys.untouched(at);
    }
  });

  it("refuses a partial file or link already beside the backup, and leaves it as it was", async () => {
    const decoys = plantDecoys("partial");
    for (const plant of ["plantFile", "plantLink"] as const) {
      const file = inFolder(`partial-${plant}.trbackup`);
      decoys[plant](`${file}.partial`);
      await expect(
        writeBackupFile(
          file,
          {
            engine: "postgres",
            createdAt: "2026-01-01T00:00:00.000Z",
            hotWalletAddress: null,
            schema: null,
            tool: "test",
            encoding: "pg_dump-custom",
          },
          dump,
        ),
      ).rejects.toThrow(`${file}.partial already exists`);
      decoys.untouched(`${file}.partial`);
      expect(existsSync(file)).toBe(false);
      rmSync(`${file}.partial`);
    }
  });

  it("never overwrites a file: each backup needs a new name", async () => {
    await expect(backupDatabase({ databaseUrl: null, dataDir: inFolder("none") }, good)).rejects.toThrow(
      `${good} already exists; choose a new name for each backup.`,
    );
  });
});

interface Source {
  settings: DatabaseSettings;
  open(): Promise<DatabaseHandle>;
  /** A fresh, empty target for the restore. */
  emptyTarget(): Promise<DatabaseSettings>;
  dispose(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function pgliteSource(): Promise<Source> {
  const dataDir = inFolder("source-data");
  return {
    settings: { databaseUrl: null, dataDir },
    open: () => openPglite(path.join(dataDir, "pglite")),
    emptyTarget: async () => ({
      databaseUrl: null,
      dataDir: inFolder(`target-${randomBytes(3).toString("hex")}`),
    }),
    dispose: async () => {},
  };
}

async function postgresSource(): Promise<Source> {
  const source: TestDatabase = await createTestDatabase({ migrate: false });
  const made: string[] = [];
  return {
    settings: { databaseUrl: source.url, dataDir: inFolder("unused") },
    open: () => openPostgres({ url: source.url ?? "" }),
    emptyTarget: async () => {
      const name = `ops_test_${randomBytes(5).toString("hex")}`;
      await adminQuery(`CREATE DATABASE ${name}`);
      made.push(name);
      const url = new URL(process.env.DATABASE_URL ?? "");
      url.pathname = `/${name}`;
      return { databaseUrl: url.toString(), dataDir: inFolder("unused") };
    },
    dispose: async () => {
      for (const name of made) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await source.dispose();
    },
  };
}

const openSettings = (settings: DatabaseSettings) =>
  settings.databaseUrl
    ? openPostgres({ url: settings.databaseUrl })
    : openPglite(path.join(settings.dataDir, "pglite"));

async function expectEmpty(target: DatabaseSettings): Promise<void> {
  if (target.databaseUrl) {
    const handle = await openPostgres({ url: target.databaseUrl });
    try {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`.execute(handle.db);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await handle.close();
    }
  } else expect(existsSync(path.join(target.dataDir, "pglite"))).toBe(false);
}

/**
 * While a backup runs, the mode of every temporary file and folder that appears beside it (other than the
 * decoys a test planted), seen by polling the folder.
 */
function watchDumpModes(backupFile: string, decoys: string[]) {
  const prefix = `.${path.basename(backupFile)}.`;
  const files = new Map<string, number>();
  const folders = new Map<string, number>();
  const look = (at: string) => {
    if (decoys.includes(at)) return;
    try {
      const info = lstatSync(at);
      if (info.isDirectory()) {
        folders.set(at, info.mode & 0o777);
        for (const inner of readdirSync(at)) look(path.join(at, inner));
      } else files.set(at, info.mode & 0o777);
    } catch {
      // Removed between the listing and the look.
    }
  };
  const timer = setInterval(() => {
    for (const entry of readdirSync(folder)) if (entry.startsWith(prefix)) look(path.join(folder, entry));
  }, 1);
  return { files, folders, stop: () => clearInterval(timer) };
}

/** Everything a restore must bring back exactly: balances with their transfers, and each player's points. */
async function books(db: Kysely<Database>) {
  const accounts = await auditAccounts(db);
  const points = await db
    .selectFrom("user_rewards")
    .select(["user_id", "points_micro", "total_taps"])
    .orderBy("user_id")
    .execute();
  const transfers = await db
    .selectFrom("ledger_transfers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { accounts, points, transfers: Number(transfers.n) };
}

/** liveALittle's withdrawal is sent and confirmed: withdrawals go out without review (WITHDRAWAL_REVIEW_FIRST=false, no amount held). */
const livedConfig = () => testConfig(withdrawalsUnheld());

describe(`backup and restore on ${testEngine()}`, () => {
  const clock = createTestClock();
  let source: Source;
  let activity: Activity;
  let before: Awaited<ReturnType<typeof books>>;
  const backupFile = inFolder("lived.trbackup");

  beforeAll(async () => {
    source = testEngine() === "postgres" ? await postgresSource() : await pgliteSource();
    const handle = await source.open();
    await migrateToLatest(handle.db);
    const app = await buildApp({ config: livedConfig(), db: handle, clock, logger: false });
    try {
      activity = await liveALittle({ app, clock });
      before = await books(handle.db);
    } finally {
      await app.close();
      await handle.close();
    }
  });
  afterAll(async () => source?.dispose());

  it("backs up the whole database into one compressed file naming the hot wallet, never its words", async () => {
    const manifest = await backupDatabase(source.settings, backupFile);
    expect(manifest.engine).toBe(testEngine());
    // The schema the backup was made at: the newest migration.
    expect(manifest.schema).toBe(Object.keys(migrations).sort().at(-1));
    expect(manifest.hotWalletAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect((await checkBackupFile(backupFile)).manifest).toEqual(manifest);
    const text = readFileSync(backupFile).toString("latin1");
    for (const word of ["abandon", "about"]) expect(text).not.toContain(word);
    // No leftovers beside it (the dump and the partial file are gone).
    expect(
      readdirSync(folder).filter((name) => name.startsWith(".lived") || name.endsWith(".partial")),
    ).toEqual([]);
  });

  it("refuses to restore over a database that is not empty, and changes nothing", async () => {
    await expect(restoreDatabase(source.settings, backupFile)).rejects.toThrow(
      /Refusing to restore (into|over)|not empty|already holds a database/,
    );
    const handle = await source.open();
    try {
      expect(await books(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
  });

  it("refuses a truncated backup and leaves the empty target empty", async () => {
    const truncated = inFolder("lived-truncated.trbackup");
    const bytes = readFileSync(backupFile);
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 100));
    const target = await source.emptyTarget();
    await expect(restoreDatabase(target, truncated)).rejects.toThrow("it is truncated");
    await expectEmpty(target);
  });

  it.each([
    [
      "its size as a string",
      (m: Record<string, unknown>) => ({
        ...m,
        payload: { ...(m.payload as object), bytes: String((m.payload as { bytes: number }).bytes) },
      }),
    ],
    ["a field it does not know", (m: Record<string, unknown>) => ({ ...m, restoreAs: "superuser" })],
  ])(
    "refuses a real backup whose manifest has %s, and leaves the empty target empty",
    async (_case, change) => {
      const file = withManifest(backupFile, `lived-shape-${randomBytes(3).toString("hex")}.trbackup`, change);
      const target = await source.emptyTarget();
      await expect(restoreDatabase(target, file)).rejects.toThrow(
        `Refusing ${file}: its manifest is malformed (`,
      );
      await expectEmpty(target);
    },
  );

  it("writes its dump only into a file of its own (0600): a file or a link planted beside the backup is left alone", async () => {
    for (const plant of ["plantFile", "plantLink"] as const) {
      const file = inFolder(`planted-${plant}.trbackup`);
      // Where the dump used to go: a name anyone could work out beforehand.
      const predictable = path.join(folder, `.${path.basename(file)}.${process.pid}.dump`);
      const decoys = plantDecoys(plant);
      decoys[plant](predictable);
      const modes = watchDumpModes(file, [predictable]);
      try {
        await backupDatabase(source.settings, file);
      } finally {
        modes.stop();
      }
      decoys.untouched(predictable);
      expect((await checkBackupFile(file)).manifest.engine).toBe(testEngine());
      const seen = [...modes.files.values()];
      expect(seen.length).toBeGreaterThan(0);
      expect(
        seen.every((mode) => mode === 0o600),
        JSON.stringify([...modes.files]),
      ).toBe(true);
      expect([...modes.folders.values()].every((mode) => mode === 0o700)).toBe(true);
      rmSync(predictable);
    }
  });

  it("restores into an empty target: the same books, the invariants hold, the chain agrees, the API shows them", async () => {
    const target = await source.emptyTarget();
    const manifest = await restoreDatabase(target, backupFile);
    expect(manifest.engine).toBe(testEngine());
    const handle = await openSettings(target);
    let app: FastifyInstance | undefined;
    try {
      expect(await books(handle.db)).toEqual(before);
      expect(await checkLedgerInvariants(handle.db)).toEqual([]);
      // Starts on the restored copy with the same seed (the words were kept apart, as the runbook says).
      app = await buildApp({ config: livedConfig(), db: handle, clock, logger: false });
      expect(app.ctx.wallet.addressAt(HOT_WALLET_INDEX)).toBe(manifest.hotWalletAddress);
      expect((await reconcile(app.ctx)).differences).toBe(0);
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: activity.depositor.email, password: "correct horse battery" },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json<{ session: { access_token: string } }>().session.access_token;
      const caller = { ...activity.depositor, token };
      expect(await getJson(app, caller, "/api/wallet/balance")).toMatchObject({ balance: 500 });
      expect(await getJson(app, caller, `/api/user/${caller.id}/points`)).toMatchObject({ totalTaps: 25 });
    } finally {
      await app?.close();
      await handle.close();
    }
  });

  it("refuses a backup of the other engine with the setting to change", async () => {
    const other: DatabaseSettings =
      testEngine() === "postgres"
        ? { databaseUrl: null, dataDir: inFolder("other-engine") }
        : { databaseUrl: "postgres://nobody@127.0.0.1:1/none", dataDir: inFolder("unused") };
    await expect(restoreDatabase(other, backupFile)).rejects.toThrow(
      testEngine() === "postgres"
        ? /is a PostgreSQL backup: set DATABASE_URL/
        : /embedded database \(PGlite\): unset DATABASE_URL/,
    );
  });
});
