// Benchmark (b), the server (docs/quality.md, performance budgets): tap-sync throughput and p99 on loopback,
// beside a bare Fastify route and a pgbench run of the same kind of write (UPDATE + INSERT, 16 clients), all
// measured in this run on this box, printed as a table with ratios. Figures only: it never fails on timings.
//
//   node scripts/bench-server.mjs            (npm run bench:server)
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=32 BENCH_PG_POOL=10 DATABASE_URL=postgres://… node scripts/bench-server.mjs
//   BENCH_ONLY=live node scripts/bench-server.mjs   (only the live-event figures)
//   BENCH_ONLY=postgres node scripts/bench-server.mjs   (only tap sync on PostgreSQL and pgbench; BENCH_CLUSTER=1
//   adds the same through a two-instance cluster behind HAProxy, which the full run always measures)
//
// Each target runs in a child process (so autocannon, in this one, does not share the server's event loop):
// the bare route, the real app on PGlite in a temp folder, then on a fresh PostgreSQL database if one answers.
// Every request is a new batch (fresh batchId, 5 taps) of the next of many users, round robin, so neither the
// per-user tap budget nor the 30-syncs-a-minute limit is what is measured; users are created directly in the
// database (no password hashing) with real sessions and a rewards row (players who have tapped before). Limits are
// not raised. After each run the server's total
// taps are compared with the 2xx answers, so a fast but wrong server shows. On PostgreSQL it then measures live
// events across two instances (scripts/bench-live.mjs).
import { execFileSync, fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureCommitDelivery, measureDelivery, measureIdleStreams, printLive } from "./bench-live.mjs";

const SELF = fileURLToPath(import.meta.url);
const SECONDS = Math.max(1, Math.min(10, Number(process.env.BENCH_SECONDS ?? 10)));
// As many concurrent HTTP clients as pgbench has database clients, so the two runs are comparable.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PG_POOL = Number(process.env.BENCH_PG_POOL ?? 10);
const TAPS_PER_REQUEST = 5;
const SYNCS_PER_USER = 30; // the per-user limit per minute; each user is used at most this often
const PGBENCH_CLIENTS = 16;

if (process.argv[2] === "--serve") await serve(process.argv[3], JSON.parse(process.argv[4] ?? "{}"));
else await main();

// ───────────────────────────── child: one target ─────────────────────────────

async function serve(kind, options) {
  const send = (message) => process.send?.(message);
  if (kind === "bare") {
    const { default: Fastify } = await import("fastify");
    const app = Fastify({ logger: false });
    app.post("/bare", async (request) => ({ ok: true, taps: request.body?.taps ?? 0 }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    send({ ready: true, port: app.server.address().port, users: [] });
    process.on("message", async (message) => {
      if (message.cmd === "stop") {
        await app.close();
        process.exit(0);
      }
    });
    return;
  }

  const { buildApp } = await import("../server/app.ts");
  const { loadConfig } = await import("../server/config.ts");
  const { openPglite, openPostgres } = await import("../server/db/database.ts");
  const { migrateToLatest } = await import("../server/db/migrate.ts");
  const { startSession } = await import("../server/domain/auth/sessions.ts");

  const handle =
    kind === "pglite"
      ? await openPglite(path.join(options.dataDir, "pglite"))
      : await openPostgres({ url: options.url, maxConnections: options.pool });
  await migrateToLatest(handle.db);
  const config = loadConfig({
    DATA_DIR: options.dataDir ?? tmpdir(),
    LOG_LEVEL: "silent",
    PORT: "3000",
    SIGNUP_LIMIT_PER_IP_HOUR: "0",
  });
  const app = await buildApp({ config, db: handle, logger: false });

  const now = new Date();
  const rows = Array.from({ length: options.users }, (_, i) => ({
    id: randomUUID(),
    email: `bench-${i}-${randomBytes(3).toString("hex")}@bench.local`,
    name: "Bench",
    password_hash: "not-a-hash:bench-users-never-log-in",
    role: "user",
    created_at: now,
    email_verified_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await handle.db
      .insertInto("users")
      .values(rows.slice(i, i + 500))
      .execute();
    // Players who have tapped before: their rewards row exists (bucket full) and `first-tap` is unlocked (bit 0
    // of the mask), and today's streak claim is noted. A user's very first sync, which creates the row and unlocks it, happens once in a lifetime
    // and is not what a busy server spends its time on. Their taps still start at 0 for the totals check.
    await handle.db
      .insertInto("user_rewards")
      .values(
        rows.slice(i, i + 500).map((row) => ({
          user_id: row.id,
          bucket_milli_taps: 1_800_000,
          bucket_updated_at: now,
          achievements_mask: 1,
          // Today's streak is noted as claimed: the day's first sync, which auto-claims on the locking path,
          // happens once a day per player (docs/decisions/039), not what a busy server spends its time on.
          streak_claimed_day: Math.floor(now.getTime() / 86_400_000),
        })),
      )
      .execute();
  }
  const users = [];
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50);
    const tokens = await Promise.all(chunk.map((row) => startSession(app.ctx, row.id)));
    for (const [j, row] of chunk.entries()) users.push({ id: row.id, token: tokens[j].access_token });
  }

  await app.listen({ host: "127.0.0.1", port: 0 });
  send({ ready: true, port: app.server.address().port, users });
  process.on("message", async (message) => {
    if (message.cmd === "totals") {
      const row = await handle.db
        .selectFrom("user_rewards")
        .select((eb) => eb.fn.coalesce(eb.fn.sum("total_taps"), eb.lit(0)).as("taps"))
        .executeTakeFirst();
      send({ totals: Number(row?.taps ?? 0) });
    }
    if (message.cmd === "emit") send({ emitted: await emitEvents(app.ctx, users, message) });
    if (message.cmd === "memory") {
      globalThis.gc?.();
      send({ memory: process.memoryUsage() });
    }
    if (message.cmd === "stop") {
      await app.close();
      await handle.close();
      process.exit(0);
    }
  });
}

/**
 * Commits `points` events through the app's own path (a transaction with live events, then the announcement)
 * at `rate` a second for `seconds`, users in turn, without HTTP in front: what the delivery budget is about.
 * Answers, per event, [user index, its totalTaps (the user's k-th event), started, done] in epoch ms.
 */
async function emitEvents(ctx, users, { rate, seconds }) {
  const { transactionWithLiveEvents } = await import("../server/domain/live/live-transaction.ts");
  const { pointsChanged } = await import("../server/domain/live/screen-events.ts");
  const epochNow = () => performance.timeOrigin + performance.now();
  const counts = users.map(() => 0);
  const emitted = [];
  const running = [];
  let sent = 0;
  let errors = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      while (sent < due) {
        const index = sent % users.length;
        const k = ++counts[index];
        sent += 1;
        const begun = epochNow();
        running.push(
          transactionWithLiveEvents(ctx, async (trx) =>
            pointsChanged(trx, users[index].id, {
              pointsMicro: k * 1000,
              totalTaps: k,
              multiplierMicro: 1000,
            }),
          ).then(
            () => emitted.push([index, k, begun, epochNow()]),
            () => {
              errors += 1;
            },
          ),
        );
      }
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  await Promise.all(running);
  return { events: emitted, errors, elapsed: (performance.now() - started) / 1000 };
}

// ───────────────────────────── parent: measure and report ─────────────────────────────

async function main() {
  if (process.env.BENCH_ONLY === "live") {
    const serverUrl = await reachablePostgres();
    if (serverUrl) await runLive(serverUrl);
    else console.log("Live events need PostgreSQL (set DATABASE_URL or start it on 127.0.0.1:5432).");
    return;
  }
  const { default: autocannon } = await import("autocannon");
  const results = [];
  console.log(
    `Server benchmark: ${SECONDS} s per run, ${CONNECTIONS} connections, loopback, ${TAPS_PER_REQUEST} taps per sync\n`,
  );

  const postgresOnly = process.env.BENCH_ONLY === "postgres";
  if (!postgresOnly) {
    const bare = await startTarget("bare", {}, 0);
    results.push({ name: "bare Fastify route (POST, JSON)", ...(await measureBare(autocannon, bare)) });
    await bare.stop();

    const dataDir = mkdtempSync(path.join(tmpdir(), "taprewards-bench-"));
    try {
      const pglite = await startTarget("pglite", { dataDir, users: 1500 }, 1500);
      results.push({ name: "tap sync, PGlite", ...(await measureTaps(autocannon, pglite)) });
      await pglite.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const serverUrl = await reachablePostgres();
  let pgbench = null;
  if (!serverUrl) {
    console.log("PostgreSQL: not reachable (set DATABASE_URL or start it on 127.0.0.1:5432): skipped.");
  } else {
    const database = await createDatabase(serverUrl, "tr_bench");
    try {
      const target = await startTarget("postgres", { url: database.url, pool: PG_POOL, users: 4000 }, 4000);
      results.push({
        name: `tap sync, PostgreSQL (pool ${PG_POOL})`,
        ...(await measureTaps(autocannon, target)),
      });
      await target.stop();
    } finally {
      await database.drop();
    }
    if (!postgresOnly || process.env.BENCH_CLUSTER) {
      const clusterDatabase = await createDatabase(serverUrl, "tr_bench_cluster");
      try {
        const cluster = await startClusterTarget(clusterDatabase.url, 4000);
        if (cluster) {
          results.push({
            name: "tap sync, 2 instances behind HAProxy",
            ...(await measureTaps(autocannon, cluster)),
          });
          await cluster.stop();
        }
      } finally {
        await clusterDatabase.drop();
      }
    }
    pgbench = await runPgbench(serverUrl);
    if (pgbench) results.push(pgbench);
  }
  printTable(results, pgbench);
  if (serverUrl && !postgresOnly) await runLive(serverUrl);
}

/** Two instances over one fresh database: idle streams on B, then syncs through A read on B. */
async function runLive(serverUrl) {
  const database = await createDatabase(serverUrl, "tr_bench_live");
  const targets = [];
  try {
    // 10 000 idle streams at most 8 per user (the server ends a user's oldest beyond that: docs/decisions/035).
    const a = await startTarget("postgres", { url: database.url, pool: PG_POOL, users: 1250 }, 1250);
    targets.push(a);
    const b = await startTarget("postgres", { url: database.url, pool: PG_POOL, users: 0 }, 0);
    targets.push(b);
    const idle = await measureIdleStreams({ ...b, users: a.users });
    const commits = await measureCommitDelivery(a, b, SECONDS);
    const delivery = await measureDelivery(a, b, SECONDS);
    printLive(idle, commits, delivery);
  } catch (err) {
    console.log(`Live events: failed (${err instanceof Error ? err.message : err}): skipped.`);
  } finally {
    for (const target of targets) await target.stop();
    await database.drop();
  }
}

async function startTarget(kind, options, users) {
  const child = fork(SELF, ["--serve", kind, JSON.stringify({ ...options, users })], {
    execArgv: [
      ...(kind === "bare" ? [] : ["--import", "tsx", "--expose-gc"]),
      // BENCH_PROFILE=dir writes a V8 CPU profile of each server process there (open it in Chrome DevTools).
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`${kind} target exited with ${code} before it was ready`)));
  });
  const ask = (cmd, key) =>
    new Promise((resolve) => {
      const onMessage = (message) => {
        if (key in message) {
          child.off("message", onMessage);
          resolve(message[key]);
        }
      };
      child.on("message", onMessage);
      child.send({ cmd });
    });
  return {
    url: `http://127.0.0.1:${ready.port}`,
    users: ready.users,
    totals: () => ask("totals", "totals"),
    memory: () => ask("memory", "memory"),
    emit: (rate, seconds) =>
      new Promise((resolve) => {
        const onMessage = (message) => {
          if ("emitted" in message) {
            child.off("message", onMessage);
            resolve(message.emitted);
          }
        };
        child.on("message", onMessage);
        child.send({ cmd: "emit", rate, seconds });
      }),
    stop: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ cmd: "stop" });
      }),
  };
}

function summarise(result) {
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    total: result.requests.total,
    ok: result["2xx"],
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function measureBare(autocannon, target) {
  const body = JSON.stringify({ batchId: randomUUID(), taps: TAPS_PER_REQUEST });
  const options = {
    url: `${target.url}/bare`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: 1 }); // warm-up
  return summarise(await autocannon({ ...options, duration: SECONDS }));
}

async function measureTaps(autocannon, target) {
  const { users } = target;
  let next = 0;
  const request = {
    method: "POST",
    setupRequest: (req) => {
      const user = users[next % users.length];
      next += 1;
      return {
        ...req,
        path: `/api/user/${user.id}/points`,
        headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ batchId: randomUUID(), taps: TAPS_PER_REQUEST }),
      };
    },
  };
  const budget = users.length * SYNCS_PER_USER;
  // Every player syncs once before the measure, as players in the middle of a session have (a sync every few
  // seconds): the instance then holds their row's hint (docs/decisions/028), as it does for a real crowd.
  const warmup = Math.min(users.length, Math.floor(budget / 10));
  await autocannon({ url: target.url, connections: CONNECTIONS, requests: [request], amount: warmup });
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    requests: [request],
    duration: SECONDS,
    maxOverallRequests: budget - warmup - CONNECTIONS,
  });
  const summary = summarise(result);
  const taps = await target.totals();
  const expected = (summary.ok + warmup) * TAPS_PER_REQUEST;
  // Requests in flight when autocannon stops are credited but not counted: at most one per connection.
  const inFlight = (taps - expected) / TAPS_PER_REQUEST;
  summary.check =
    inFlight >= 0 && inFlight <= CONNECTIONS
      ? `server total taps = answered syncs × ${TAPS_PER_REQUEST} (+${inFlight} in flight at the stop)`
      : `TAPS MISMATCH: server ${taps}, answered ${expected}`;
  if (summary.total >= budget - warmup - CONNECTIONS)
    summary.check += " (stopped at the users' sync budget: add users for a longer run)";
  return summary;
}

/**
 * `npm run cluster`'s cluster (two compiled instances behind HAProxy) on its own database, with players seeded
 * as for the single instance (scripts/lib/seed-crowd.ts); null when HAProxy cannot be had here.
 */
async function startClusterTarget(databaseUrl, users) {
  const { buildServerIfStale, buildWebIfStale } = await import("./lib/build-if-stale.mjs");
  const { startCluster } = await import("./lib/cluster.mjs");
  buildWebIfStale();
  buildServerIfStale();
  let cluster;
  try {
    cluster = await startCluster({
      instances: 2,
      port: 3188,
      databaseUrl,
      log: () => {},
      env: { LOG_LEVEL: "error" },
    });
  } catch (err) {
    console.log(`Cluster: did not start (${err instanceof Error ? err.message : err}): skipped.`);
    return null;
  }
  const root = path.resolve(path.dirname(SELF), "..");
  const players = JSON.parse(
    execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/lib/seed-crowd.ts", databaseUrl, String(users)],
      {
        cwd: root,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    ),
  );
  const { default: pg } = await import("pg");
  return {
    url: cluster.url,
    users: players,
    totals: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          "SELECT COALESCE(sum(total_taps), 0)::bigint AS taps FROM user_rewards",
        );
        return Number(rows[0].taps);
      } finally {
        await client.end();
      }
    },
    stop: () => cluster.stop(),
  };
}

async function reachablePostgres() {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(serverUrl, text) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function createDatabase(serverUrl, prefix) {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function findPgbench() {
  const onPath = (() => {
    try {
      return execFileSync("sh", ["-c", "command -v pgbench"], { encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  })();
  if (onPath) return onPath;
  if (!existsSync("/usr/lib/postgresql")) return null;
  for (const version of readdirSync("/usr/lib/postgresql").sort().reverse()) {
    const candidate = `/usr/lib/postgresql/${version}/bin/pgbench`;
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The same kind of write as a tap sync (update a user's totals, insert a batch row), 16 clients. */
async function runPgbench(serverUrl) {
  const binary = findPgbench();
  if (!binary) {
    console.log("pgbench: not found (Debian: it comes with the postgresql package): skipped.");
    return null;
  }
  const database = await createDatabase(serverUrl, "tr_pgbench");
  const workDir = mkdtempSync(path.join(tmpdir(), "taprewards-pgbench-"));
  try {
    await adminQuery(
      database.url,
      `CREATE TABLE accounts (id int PRIMARY KEY, points bigint NOT NULL DEFAULT 0, taps bigint NOT NULL DEFAULT 0);
       INSERT INTO accounts (id) SELECT generate_series(1, 4000);
       CREATE TABLE batches (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, account_id int NOT NULL,
         batch_id uuid NOT NULL, taps int NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`,
    );
    const script = path.join(workDir, "tap.sql");
    writeFileSync(
      script,
      [
        "\\set uid random(1, 4000)",
        "BEGIN;",
        "UPDATE accounts SET points = points + 5000, taps = taps + 5 WHERE id = :uid;",
        "INSERT INTO batches (account_id, batch_id, taps) VALUES (:uid, gen_random_uuid(), 5);",
        "END;",
        "",
      ].join("\n"),
    );
    const url = new URL(database.url);
    const output = execFileSync(
      binary,
      [
        "-n",
        "-c",
        String(PGBENCH_CLIENTS),
        "-j",
        "2",
        "-T",
        String(SECONDS),
        "-f",
        script,
        "-l",
        "--log-prefix",
        path.join(workDir, "log"),
        "-h",
        url.hostname,
        "-p",
        url.port || "5432",
        "-U",
        decodeURIComponent(url.username || "postgres"),
        database.name,
      ],
      { encoding: "utf8", env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    const latencies = readdirSync(workDir)
      .filter((file) => file.startsWith("log"))
      .flatMap((file) =>
        readFileSync(path.join(workDir, file), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => Number(line.split(" ")[2]) / 1000),
      )
      .sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN;
    return {
      name: `pgbench UPDATE+INSERT (${PGBENCH_CLIENTS} clients)`,
      rps: tps,
      p99,
      p50: latencies[Math.floor(latencies.length * 0.5)] ?? Number.NaN,
      total: latencies.length,
      errors: failed,
      isPgbench: true,
    };
  } catch (err) {
    console.log(`pgbench: failed (${err instanceof Error ? err.message.split("\n")[0] : err}): skipped.`);
    return null;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    await database.drop();
  }
}

function printTable(results, pgbench) {
  const bare = results.find((r) => r.name.startsWith("bare"));
  const pad = (text, width) => String(text).padEnd(width);
  const padStart = (text, width) => String(text).padStart(width);
  const percent = (a, b) => (a && b ? `${((a / b) * 100).toFixed(1)} %` : "-");
  console.log("");
  console.log(
    `${pad("target", 40)}${padStart("req/s", 10)}${padStart("p50 ms", 9)}${padStart("p99 ms", 9)}${padStart("total", 9)}${padStart("errors", 8)}${padStart("vs bare", 10)}${padStart("vs pgbench", 12)}`,
  );
  for (const r of results) {
    console.log(
      `${pad(r.name, 40)}${padStart(Math.round(r.rps), 10)}${padStart(r.p50.toFixed(1), 9)}${padStart(r.p99.toFixed(1), 9)}${padStart(r.total, 9)}${padStart(r.errors, 8)}${padStart(r.isPgbench ? "-" : percent(r.rps, bare?.rps), 10)}${padStart(r.isPgbench ? "-" : percent(r.rps, pgbench?.rps), 12)}`,
    );
  }
  for (const r of results) if (r.check) console.log(`  ${r.name}: ${r.check}`);
  const postgres = results.find((r) => r.name.includes("PostgreSQL"));
  if (postgres && pgbench) {
    const ratio = postgres.rps / pgbench.rps;
    console.log(
      `\nBudget (docs/quality.md): tap sync on PostgreSQL >= 40 % of pgbench, p99 < 50 ms, no errors → ` +
        `${(ratio * 100).toFixed(1)} %, p99 ${postgres.p99.toFixed(1)} ms, ${postgres.errors} errors: ` +
        `${ratio >= 0.4 && postgres.p99 < 50 && postgres.errors === 0 ? "met" : "NOT met"} (reported, not enforced).`,
    );
  }
}
