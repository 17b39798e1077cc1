/**
 * One cluster per test file, as `npm run cluster` starts it (docs/decisions/024): the compiled server (built from
 * the code under test), `instances` processes on a fresh PostgreSQL database, HAProxy in front. Registers the
 * beforeAll/afterAll hooks, like setupTestApp does for the server suites.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
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
    const port = await freePort();
    const basePort = await freePortRun(2, port);
    cluster = await startCluster({
      instances: 2,
      port,
      basePort,
      databaseUrl: database.url!,
      workDir: dataDir,
      log: (line) => logs.push(line),
      ...(options.serverTimeoutSeconds ? { serverTimeoutSeconds: options.serverTimeoutSeconds } : {}),
      env: { DATA_DIR: dataDir, WALLET_MNEMONIC: TEST_MNEMONIC, ...options.env },
    }).catch((err: unknown) => {
      // Say why an instance did not come up (its own output), not only that it did not.
      throw new Error(`${String(err)}\n${logs.slice(-40).join("\n")}`);
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

/** Whether nothing listens on `port` of 127.0.0.1 right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port whose next `count - 1` ports are free too, none of them `avoid`: the instances listen on basePort,
 * basePort + 1, …, and two ports the system hands out one after the other can be neighbours, so the balancer's
 * port could be an instance's (CI once saw an instance exit before it was healthy; its output now says why).
 */
async function freePortRun(count: number, avoid: number): Promise<number> {
  for (;;) {
    const first = await freePort();
    const ports = Array.from({ length: count }, (_, index) => first + index);
    if (ports.includes(avoid) || first + count - 1 > 65_535) continue;
    if ((await Promise.all(ports.slice(1).map(isFree))).every(Boolean)) return first;
  }
}
