/**
 * One cluster per test file, as `npm run cluster` starts it (docs/decisions/024): the compiled server (built from
 * the code under test), `instances` processes on a fresh PostgreSQL database, HAProxy in front. Registers the
 * beforeAll/afterAll hooks, like setupTestApp does for the server suites.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildServer } from "../../../scripts/build-server.mjs";
import { startCluster } from "../../../scripts/lib/cluster.mjs";
import { freePort } from "../../server/helpers/server-process.ts";
import { createTestDatabase, TEST_MNEMONIC, type TestDatabase } from "../../server/helpers/test-app.ts";

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

export interface TestCluster {
  readonly cluster: Cluster;
  readonly database: TestDatabase;
  /** Every line the cluster's processes and HAProxy printed. */
  readonly logs: string[];
}

export function setupTestCluster(options: {
  /** The instances' environment beyond the data folder and the test wallet. */
  env: Record<string, string>;
  serverTimeoutSeconds?: number;
  /** Called first when the cluster is torn down (to wake an instance a test stopped, say). */
  beforeStop?: (cluster: Cluster) => void;
}): TestCluster {
  let database: TestDatabase | undefined;
  let cluster: Cluster | undefined;
  let dataDir: string | undefined;
  const logs: string[] = [];

  beforeAll(async () => {
    await buildServer();
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "taprewards-cluster-"));
    const [port, basePort] = [await freePort(), await freePort()];
    cluster = await startCluster({
      instances: 2,
      port,
      basePort,
      databaseUrl: database.url!,
      workDir: dataDir,
      log: (line) => logs.push(line),
      ...(options.serverTimeoutSeconds ? { serverTimeoutSeconds: options.serverTimeoutSeconds } : {}),
      env: { DATA_DIR: dataDir, WALLET_MNEMONIC: TEST_MNEMONIC, ...options.env },
    });
  }, 180_000);

  afterAll(async () => {
    if (cluster) options.beforeStop?.(cluster);
    await cluster?.stop();
    await database?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  return {
    get cluster() {
      if (!cluster) throw new Error("the test cluster starts in beforeAll");
      return cluster;
    },
    get database() {
      if (!database) throw new Error("the test database is created in beforeAll");
      return database;
    },
    logs,
  };
}
