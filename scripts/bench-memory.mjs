// Benchmark: what one instance costs in memory (docs/decisions/025). Starts the compiled server as `npm start`
// does, on PostgreSQL (a fresh database) and on embedded PGlite (a fresh folder), and reads its resident memory
// from /proc: idle after start-up settles, then loaded (200 players signing in and syncing taps for 10 s), then
// idle again 5 s later. Figures only, never a failure (docs/quality.md).
//
//   node scripts/bench-memory.mjs        (npm run bench:memory)
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildServerIfStale, buildWebIfStale, SERVER_NODE_ARGS } from "./lib/build-if-stale.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3196);
const BASE = `http://127.0.0.1:${PORT}`;
const PLAYERS = 200;
const LOAD_SECONDS = 10;
const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const megabytes = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** Resident memory of a process and all its children (PGlite runs in the server's own process). */
function residentKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
}

async function startServer(env) {
  const server = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      // Not listening yet (migrating).
    }
    await sleep(250);
  }
  server.kill("SIGKILL");
  throw new Error("the server did not answer /api/health within 2 minutes");
}

async function stopServer(server) {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}

async function post(pathname, body, token) {
  const res = await fetch(`${BASE}/api${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Signs players up and in, then each syncs 5 taps about once a second until the time is up. */
async function load() {
  const players = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const email = `memory-${randomBytes(4).toString("hex")}@bench.test`;
    const password = "bench memory passphrase";
    await post("/auth/signup", { email, password, name: `Player ${i}` });
    const login = await post("/auth/login", { email, password });
    players.push({ id: login.body.user.id, token: login.body.session.access_token });
  }
  const endAt = Date.now() + LOAD_SECONDS * 1000;
  let syncs = 0;
  let failures = 0;
  await Promise.all(
    players.map(async (player) => {
      while (Date.now() < endAt) {
        const res = await post(`/user/${player.id}/points`, { batchId: randomUUID(), taps: 5 }, player.token);
        if (res.status === 200) syncs += 1;
        else failures += 1;
        await sleep(900 + Math.random() * 200);
      }
    }),
  );
  return { syncs, failures };
}

async function measure(label, env) {
  const server = await startServer(env);
  try {
    await sleep(3_000);
    const idle = residentKb(server.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentKb(server.pid));
    }, 200);
    const { syncs, failures } = await load();
    clearInterval(sampler);
    const loaded = residentKb(server.pid);
    await sleep(5_000);
    const after = residentKb(server.pid);
    console.log(
      `  ${label.padEnd(11)} idle ${megabytes(idle).padStart(7)}   loaded ${megabytes(loaded).padStart(7)} ` +
        `(peak ${megabytes(peak)}, ${syncs} syncs, ${failures} failed)   idle again ${megabytes(after)}`,
    );
  } finally {
    await stopServer(server);
  }
}

buildWebIfStale();
buildServerIfStale();
console.log(
  `Memory of one instance (compiled server on plain node; loaded: ${PLAYERS} players syncing for ${LOAD_SECONDS} s; budget on PostgreSQL: idle under 120 MB):`,
);

const admin = new pg.Client({ connectionString: serverUrl });
let database = null;
try {
  await admin.connect();
  database = `tr_bench_memory_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${database}`);
} catch (err) {
  console.log(`  PostgreSQL: skipped (no server at ${serverUrl}: ${err.message})`);
}
if (database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  try {
    await measure("PostgreSQL", { DATABASE_URL: url.toString(), SIGNUP_LIMIT_PER_IP_HOUR: "0" });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}
await admin.end().catch(() => {});

const dataDir = mkdtempSync(path.join(tmpdir(), "taprewards-memory-"));
try {
  await measure("PGlite", { DATABASE_URL: "", DATA_DIR: dataDir, SIGNUP_LIMIT_PER_IP_HOUR: "0" });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
