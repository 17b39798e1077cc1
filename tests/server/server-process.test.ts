/**
 * server.ts as a real process: refuses bad configuration, prints the URL and (first start only) the admin's
 * credentials, serves requests, and on SIGTERM finishes in-flight requests and exits cleanly.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer } from "./helpers/server-process.ts";
import { createTestDatabase, TEST_MNEMONIC, type TestDatabase } from "./helpers/test-app.ts";

/** `npm run devnet -- …` as a user types it (node directly, to skip npm's start-up). */
function runDevnetCli(args: string[], baseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/devnet.mjs", ...args],
      { env: { PATH: process.env.PATH ?? "", TAPREWARDS_URL: baseUrl } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

// Each test starts real server processes (each a tsx compile and a fresh database): minutes on a busy box.
describe("server.ts", { timeout: 180_000 }, () => {
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

  it("keeps a generated seed in the data directory (0600), credits `npm run devnet` deposits, refuses another seed", async () => {
    const port = await freePort();
    const chainDir = mkdtempSync(path.join(tmpdir(), "tr-chain-"));
    const chainDatabase =
      process.env.TEST_DB === "postgres" ? await createTestDatabase({ migrate: false }) : undefined;
    const env = {
      DATABASE_URL: chainDatabase?.url ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: chainDir,
      LOG_LEVEL: "warn",
      CHAIN_POLL_SECONDS: "0.5",
    };
    try {
      const server = startServer(env);
      await server.waitFor(/TapRewards is running at/);
      const seedFile = path.join(chainDir, "wallet-mnemonic.txt");
      expect(statSync(seedFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(seedFile, "utf8").trim().split(" ")).toHaveLength(24);

      const base = `http://127.0.0.1:${port}`;
      const post = (url: string, body: unknown, token?: string) =>
        fetch(`${base}${url}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      const credentials = { email: "cli@example.com", password: "correct horse battery" };
      expect((await post("/api/auth/signup", { ...credentials, name: "Cli" })).status).toBe(201);
      const { session } = (await (await post("/api/auth/login", credentials)).json()) as {
        session: { access_token: string };
      };
      const token = session.access_token;
      const { address } = (await (await post("/api/wallet/generate", { type: "trc20" }, token)).json()) as {
        address: string;
      };

      const refused = await runDevnetCli(["deposit", address, "abc"], base);
      expect(refused.code).toBe(2);
      expect(refused.output).toContain("The amount must be a positive number");
      const badAddress = await runDevnetCli(
        ["deposit", `${address.slice(0, -1)}${address.endsWith("1") ? "2" : "1"}`, "5"],
        base,
      );
      expect(badAddress.code).toBe(1);
      expect(badAddress.output).toContain("Deposit refused: Enter a valid TRC20 address");

      const sent = await runDevnetCli(["deposit", address, "12.5"], base);
      expect(sent.output).toMatch(/Transaction: [0-9a-f]{64}/);
      expect(sent.code).toBe(0);
      let balance = 0;
      for (let waited = 0; waited < 10_000 && balance !== 12.5; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const res = await fetch(`${base}/api/wallet/balance`, {
          headers: { authorization: `Bearer ${token}` },
        });
        balance = ((await res.json()) as { balance: number }).balance;
      }
      expect(balance).toBe(12.5);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);

      const unreachable = await runDevnetCli(["deposit", address, "1"], base);
      expect(unreachable.code).toBe(1);
      expect(unreachable.output).toContain("Could not reach TapRewards");

      const otherSeed = startServer({ ...env, WALLET_MNEMONIC: TEST_MNEMONIC });
      expect(await otherSeed.exited).toBe(1);
      expect(otherSeed.output()).toContain("this database belongs to another wallet seed");
    } finally {
      await chainDatabase?.dispose();
      rmSync(chainDir, { recursive: true, force: true });
    }
  });

  it("refuses a second server on the same data folder before opening it, and takes over a dead one's lock", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "tr-lock-"));
    const env = (port: number) => ({
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: folder,
      LOG_LEVEL: "warn",
    });
    try {
      const port = await freePort();
      const first = startServer(env(port));
      await first.waitFor(/TapRewards is running at/);
      const lockFile = path.join(folder, "server.pid");
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(first.child.pid));

      const second = startServer(env(await freePort()));
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `Another TapRewards server (pid ${first.child.pid}) is using the data folder ${folder}.`,
      );
      expect(second.output()).not.toContain("TapRewards is running");
      // The first one never noticed.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(existsSync(lockFile)).toBe(false);

      // A lock left by a process that no longer runs (SIGKILL, power cut) does not keep the folder locked.
      writeFileSync(lockFile, "999999\n");
      const third = startServer(env(await freePort()));
      await third.waitFor(/TapRewards is running at/);
      third.child.kill("SIGTERM");
      expect(await third.exited).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("`npm start` stops, server included, when npm gets SIGTERM, and frees the port and the folder", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "tr-npm-"));
    const port = await freePort();
    const npm = spawn("npm", ["start"], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: folder,
        LOG_LEVEL: "warn",
      },
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    npm.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      for (let waited = 0; !output.includes("TapRewards is running at"); waited += 200) {
        if (waited > 90_000) throw new Error(`npm start did not come up:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      npm.kill("SIGTERM");
      let stopped = false;
      for (let waited = 0; waited < 15_000 && !stopped; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        stopped = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          () => false,
          () => true,
        );
      }
      expect(stopped, output).toBe(true);
      expect(existsSync(path.join(folder, "server.pid"))).toBe(false);
    } finally {
      npm.kill("SIGKILL");
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
