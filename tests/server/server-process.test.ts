/**
 * server.ts as a real process: refuses bad configuration, prints the URL and (first start only) the admin's
 * credentials, serves requests, and on SIGTERM finishes in-flight requests and exits cleanly.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers/test-app.ts";

interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  let output = "";
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${pattern}:\n${output}`)),
          timeoutMs,
        );
        const check = () => {
          if (pattern.test(output)) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        void exited.then(() => check());
        check();
      }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

describe("server.ts", () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let engineEnv: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "tr-server-"));
    if (process.env.TEST_DB === "postgres") {
      database = await createTestDatabase({ migrate: false });
      // The server opens its own pool; this one is only needed to drop the database afterwards.
      engineEnv = { DATABASE_URL: database.url ?? "" };
    } else {
      engineEnv = { DATABASE_URL: "" };
    }
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("exits non-zero with one clear message per bad variable", async () => {
    const server = startServer({ PORT: "abc", CHAIN: "eth", DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be an integer 1-65535, got "abc"');
    expect(server.output()).toContain('CHAIN must be local or tron, got "eth"');
  });

  it("starts, prints the admin credentials on first start only, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const env = { ...engineEnv, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" };

    const first = startServer(env);
    await first.waitFor(new RegExp(`TapRewards is running at http://localhost:${port}`));
    await first.waitFor(/Generated admin password .*: (\S+)/);
    const password = /Generated admin password .*: (\S+)/.exec(first.output())?.[1] ?? "";
    expect(first.output()).toContain("First admin account: admin@taprewards.local");

    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", db: database ? "postgres" : "pglite" });
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@taprewards.local", password }),
    });
    expect(login.status).toBe(200);

    // Requests already being handled when SIGTERM arrives still get their answer.
    const inFlight = Array.from({ length: 4 }, () =>
      fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@taprewards.local", password: "wrong password" }),
      }).then((res) => res.status),
    );
    await first.waitFor(/(incoming request[\s\S]*){6}/);
    first.child.kill("SIGTERM");
    expect(await Promise.all(inFlight)).toEqual([401, 401, 401, 401]);
    const firstCode = await first.exited;
    if (firstCode !== 0) console.log(first.output());
    expect(firstCode).toBe(0);

    const second = startServer(env);
    await second.waitFor(/TapRewards is running at/);
    expect(second.output()).not.toContain("admin password");
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  });
});
