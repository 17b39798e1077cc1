/**
 * One stop request is one graceful stop, however many processes of `npm start`'s tree receive it
 * (docs/decisions/034): systemd's default stop signals the whole control group, a terminal's Ctrl-C the
 * foreground process group, and npm forwards the signal to its child as well. The server must still drain
 * (readiness 503 while serving, for SHUTDOWN_DRAIN_SECONDS), finish the request under way and exit 0. Only a
 * second request more than a second later forces the exit.
 */

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type NpmStart, startNpmStart } from "./helpers/npm-start.ts";
import { freePort } from "./helpers/server-process.ts";
import { createTestDatabase, type TestDatabase } from "./helpers/test-app.ts";

const ADMIN = { email: "stop@taprewards.test", password: "stop-test-admin-password-7" };
const folders: string[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.dispose();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function npmStart(drainSeconds: number): Promise<{ npm: NpmStart; base: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tr-stop-"));
  folders.push(dataDir);
  const database = process.env.TEST_DB === "postgres" ? await createTestDatabase({ migrate: false }) : null;
  if (database) databases.push(database);
  const port = await freePort();
  const npm = startNpmStart({
    DATABASE_URL: database?.url ?? "",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  // npm start may build the web app and compile the server first.
  await npm.waitFor(/TapRewards is running at/, 150_000);
  return { npm, base: `http://127.0.0.1:${port}`, dataDir };
}

/**
 * A login whose body is only half sent: the server has begun the request and waits for the rest, so it is
 * in flight for as long as the test likes. `finish` sends the rest and resolves with the answer's status.
 */
function heldLogin(base: string): { finish: () => Promise<number> } {
  const body = JSON.stringify(ADMIN);
  const half = Math.floor(body.length / 2);
  let held: ReturnType<typeof request> | undefined;
  const answered = new Promise<number>((resolve, reject) => {
    const req = request(
      `${base}/api/auth/login`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, half));
    held = req;
  });
  // A test that fails before finishing it must not also report the cut connection as unhandled.
  answered.catch(() => {});
  return {
    finish: () => {
      held?.end(body.slice(half));
      return answered;
    },
  };
}

const statusOf = (url: string) =>
  fetch(url).then(
    (res) => res.status,
    () => 0,
  );

async function waitForStatus(url: string, status: number, withinMs: number): Promise<number> {
  const until = Date.now() + withinMs;
  let got = await statusOf(url);
  while (got !== status && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    got = await statusOf(url);
  }
  return got;
}

describe("`npm start` stopped through its whole process group", { timeout: 240_000 }, () => {
  it.each([
    ["SIGTERM", "npm's process group (kill -TERM -<pgid>)"],
    ["SIGINT", "npm's process group (a terminal's Ctrl-C)"],
    ["SIGTERM", "every process of the tree (systemd's control-group stop)"],
  ] as const)(
    "%s to %s: one graceful stop, the drain honoured, the request under way answered, exit 0",
    async (signal, receivers) => {
      const drainSeconds = 2;
      const { npm, base, dataDir } = await npmStart(drainSeconds);
      try {
        const login = heldLogin(base);
        await npm.waitFor(/"url":"\/api\/auth\/login"/, 10_000);
        const signalled = Date.now();
        if (receivers.startsWith("every")) npm.signalControlGroup(signal);
        else npm.signalGroup(signal);

        expect(await waitForStatus(`${base}/api/ready`, 503, 2_000), npm.output()).toBe(503);
        // Still serving while it drains.
        expect(await statusOf(`${base}/api/health`)).toBe(200);
        await npm.waitFor(/finishing in-flight requests/, 10_000);
        expect(Date.now() - signalled).toBeGreaterThanOrEqual(drainSeconds * 1000);
        // The request begun before the signal is still being handled after the drain, and gets its answer.
        expect(await login.finish()).toBe(200);

        expect(await npm.exited, npm.output()).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(10_000);
        expect(npm.output()).not.toContain("exiting without waiting");
        expect(await statusOf(`${base}/api/health`)).toBe(0);
        if (process.env.TEST_DB !== "postgres") {
          expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
        }
      } finally {
        npm.killAll();
      }
    },
  );

  it("a second stop request more than a second after the first exits at once, without the drain", async () => {
    const drainSeconds = 5;
    const { npm, base } = await npmStart(drainSeconds);
    try {
      const signalled = Date.now();
      npm.signalGroup("SIGTERM");
      expect(await waitForStatus(`${base}/api/ready`, 503, 2_000), npm.output()).toBe(503);
      // The first request's echoes (npm's and start.mjs's forwarding) are over: this one is a new request.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, signalled + 1_500 - Date.now())));
      expect(npm.output()).not.toContain("exiting without waiting");
      npm.signalGroup("SIGTERM");
      expect(await npm.exited).not.toBe(0);
      expect(npm.output()).toContain("SIGTERM again: exiting without waiting");
      expect(Date.now() - signalled).toBeLessThan(drainSeconds * 1000);
    } finally {
      npm.killAll();
    }
  });
});
