/**
 * The operations commands and the stop against a real server process (docs/ops/runbook.md): SIGTERM fails
 * readiness at once while the process stays alive and serves, and it exits within 10 s; then the runbook's
 * drill: back up a running instance (PostgreSQL) or a stopped one (PGlite: refused while the server holds the
 * folder), wipe, restore into an empty target, start on it with the seed kept apart, and reconcile.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, type RunningServer, startServer } from "./helpers/server-process.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "./helpers/test-app.ts";

const TOKEN = "process-metrics-token";
const folder = mkdtempSync(path.join(tmpdir(), "tr-ops-"));
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.dispose();
  rmSync(folder, { recursive: true, force: true });
});

/** `npm run <command> -- …` as an operator types it (node and tsx directly, to skip npm's start-up). */
function command(
  name: "backup" | "restore" | "reconcile",
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `server/cli/${name}.ts`, ...args],
      { env: { PATH: process.env.PATH ?? "", ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** An empty database of the engine under test: a new PostgreSQL database, or a new data folder. */
async function emptyDatabase(name: string): Promise<Record<string, string>> {
  const dataDir = path.join(folder, name);
  if (testEngine() === "pglite") return { DATABASE_URL: "", DATA_DIR: dataDir };
  const database = await createTestDatabase({ migrate: false });
  databases.push(database);
  return { DATABASE_URL: database.url ?? "", DATA_DIR: dataDir };
}

async function start(env: Record<string, string>): Promise<{ server: RunningServer; base: string }> {
  const port = await freePort();
  const server = startServer({ ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
  await server.waitFor(/TapRewards is running at/, 60_000);
  return { server, base: `http://127.0.0.1:${port}` };
}

async function stop(server: RunningServer): Promise<void> {
  server.child.kill("SIGTERM");
  expect(await server.exited, server.output()).toBe(0);
}

const post = (base: string, url: string, body: unknown, token?: string) =>
  fetch(`${base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe("a stopping server process", () => {
  it("fails /api/ready from the moment SIGTERM arrives, stays alive and serving, and exits within 10 s", async () => {
    const env = await emptyDatabase("drain");
    const { server, base } = await start({ ...env, SHUTDOWN_DRAIN_SECONDS: "4", METRICS_TOKEN: TOKEN });
    try {
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);
      const metrics = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain("taprewards_instance_draining 0");
      const signalled = Date.now();
      server.child.kill("SIGTERM");
      // The signal reaches the process within moments; from then on readiness fails.
      let ready = await fetch(`${base}/api/ready`);
      for (let tries = 0; ready.status === 200 && tries < 80; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        ready = await fetch(`${base}/api/ready`);
      }
      expect(ready.status).toBe(503);
      // Well before the drain's 4 s are over (a loaded machine delivers signals and answers slowly).
      expect(Date.now() - signalled).toBeLessThan(2_000);
      expect(((await ready.json()) as { error: { code: string } }).error.code).toBe("DRAINING");
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const during = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(await during.text()).toContain("taprewards_instance_draining 1");
      expect(await server.exited).toBe(0);
      const took = Date.now() - signalled;
      expect(took).toBeGreaterThanOrEqual(4_000);
      expect(took).toBeLessThan(10_000);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 90_000);
});

describe(`the runbook's drill on ${testEngine()}: back up, wipe, restore, start, reconcile`, () => {
  it("brings back the same wallet balance, and the books agree with the chain", async () => {
    const source = await emptyDatabase("source");
    const { server, base } = await start(source);
    const credentials = { email: "drill@example.com", password: "correct horse battery" };
    let balance: number;
    try {
      expect((await post(base, "/api/auth/signup", { ...credentials, name: "Drill" })).status).toBe(201);
      const { session } = (await (await post(base, "/api/auth/login", credentials)).json()) as {
        session: { access_token: string };
      };
      const { address } = (await (
        await post(base, "/api/wallet/generate", { type: "trc20" }, session.access_token)
      ).json()) as { address: string };
      expect((await post(base, "/api/devnet/deposit", { address, amount: 321.5 })).status).toBe(200);
      for (let waited = 0, got = 0; got !== 321.5; waited += 250) {
        if (waited > 15_000) throw new Error("the deposit was not credited");
        await new Promise((resolve) => setTimeout(resolve, 250));
        const res = await fetch(`${base}/api/wallet/balance`, {
          headers: { authorization: `Bearer ${session.access_token}` },
        });
        got = ((await res.json()) as { balance: number }).balance;
      }
      balance = 321.5;
      const file = path.join(folder, "drill.trbackup");
      if (testEngine() === "pglite") {
        const refused = await command("backup", [file], source);
        expect(refused.code).toBe(2);
        expect(refused.output).toContain(
          `a TapRewards server (pid ${server.child.pid}) is running on the embedded database`,
        );
        await stop(server);
      }
      // PostgreSQL is backed up while the server runs.
      const backedUp = await command("backup", [file], source);
      expect(backedUp.code, backedUp.output).toBe(0);
      expect(backedUp.output).toContain(
        `Backed up the ${testEngine() === "postgres" ? "PostgreSQL" : "embedded (PGlite)"} database to ${file}`,
      );
      if (testEngine() === "postgres") await stop(server);

      const target = await emptyDatabase("restored");
      const restored = await command("restore", [file], target);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain("Put that seed's words back before starting");
      // The runbook: the words were backed up apart; put them back, then start.
      mkdirSync(target.DATA_DIR as string, { recursive: true });
      const seedTarget = path.join(target.DATA_DIR as string, "wallet-mnemonic.txt");
      copyFileSync(path.join(source.DATA_DIR as string, "wallet-mnemonic.txt"), seedTarget);
      const again = await command("restore", [file], target);
      expect(again.code).toBe(2);
      expect(again.output).toMatch(/not empty|already holds a database/);

      const reconciled = await command("reconcile", [], target);
      expect(reconciled.output).toContain("OK: no difference.");
      expect(reconciled.code).toBe(0);
      const copy = await start(target);
      try {
        const login = await post(copy.base, "/api/auth/login", credentials);
        expect(login.status).toBe(200);
        const { session: restoredSession } = (await login.json()) as { session: { access_token: string } };
        const res = await fetch(`${copy.base}/api/wallet/balance`, {
          headers: { authorization: `Bearer ${restoredSession.access_token}` },
        });
        expect(((await res.json()) as { balance: number }).balance).toBe(balance);
      } finally {
        await stop(copy.server);
      }
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 180_000);
});
