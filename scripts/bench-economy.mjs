// Benchmark: GET /leaderboard and GET /user/{id}/stats at scale on PostgreSQL. Seeds 1 000 000 players with one
// credited tap batch each, spread over the last 30 UTC days (1 000 000 batches, and their day, week and
// all-time rollups, as the tap sync writes them), then times each route through HTTP against the compiled server
// for a player near the bottom of every board (the slowest place to count from), once the server's background
// round has marked the boards (a rank below the top 10 000 counts from the nearest mark: docs/decisions/022).
// Figures only, never a failure (docs/quality.md). BENCH_PLAYERS changes the count.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { buildServerIfStale, buildWebIfStale, SERVER_NODE_ARGS } from "./lib/build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 3194);
const BASE = `http://127.0.0.1:${PORT}`;
const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const REQUESTS = 60;

async function admin(query) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const name = `tr_bench_economy_${randomBytes(4).toString("hex")}`;
try {
  await admin(`CREATE DATABASE ${name}`);
} catch (err) {
  console.log(`Leaderboard and stats at scale: SKIPPED (no PostgreSQL at ${serverUrl}: ${err.message})`);
  process.exit(0);
}
const url = new URL(serverUrl);
url.pathname = `/${name}`;

buildWebIfStale();
buildServerIfStale();
const dataDir = path.join(root, ".tmp", "bench-economy-data");
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SIGNUP_LIMIT_PER_IP_HOUR: "0",
    // Mark the boards soon after seeding rather than within the default minute.
    LEADERBOARD_MARKS_SECONDS: "2",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const cleanUp = async () => {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
};

for (let i = 0; i < 240; i += 1) {
  try {
    if ((await fetch(`${BASE}/api/health`)).ok) break;
  } catch {
    // Not listening yet (migrating).
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const seedStarted = Date.now();
// Players n = 1..PLAYERS; player n tapped (n % 997) + 1 taps at 0.001, (n % 30) days ago.
await db.query(`
  INSERT INTO users (email, name, password_hash, created_at)
  SELECT 'bench' || n || '@bench.invalid', 'Player ' || n, 'not-a-hash', now() - interval '40 days'
  FROM generate_series(1, ${PLAYERS}) AS n`);
await db.query("SET synchronous_commit = off");
await db.query(`
  INSERT INTO tap_batches (user_id, batch_id, taps_claimed, taps_credited, points_micro, multiplier_micro,
    points_after_micro, total_taps_after, suspicious, created_at)
  SELECT id, gen_random_uuid(), taps, taps, taps * 1000, 1000, taps * 1000, taps, false,
    now() - make_interval(days => n % 30)
  FROM (SELECT id, split_part(substring(email FROM 6), '@', 1)::int AS n, (split_part(substring(email FROM 6), '@', 1)::int % 997) + 1 AS taps
    FROM users WHERE email LIKE 'bench%') AS players`);
for (const [period, start] of [
  ["d", "floor(extract(epoch FROM created_at) / 86400)::int"],
  [
    "w",
    "floor(extract(epoch FROM created_at) / 86400)::int - ((floor(extract(epoch FROM created_at) / 86400)::int + 3) % 7)",
  ],
  ["a", "0"],
]) {
  await db.query(`
    INSERT INTO tap_rollups (user_id, period, period_start, taps, points_micro, reached_at)
    SELECT user_id, '${period}', ${start} AS start, sum(taps_credited), sum(points_micro), max(created_at)
    FROM tap_batches GROUP BY user_id, start`);
}
await db.query("VACUUM ANALYZE tap_rollups");
await db.query("VACUUM ANALYZE users");
const seededIn = ((Date.now() - seedStarted) / 1000).toFixed(0);

// Wait for a marks round: the all-time rollups were written in one statement, so any round that sees them
// sees the whole board.
const markWaitStarted = Date.now();
let allTimeMarks = 0;
for (let i = 0; i < 600 && allTimeMarks === 0; i += 1) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { rows } = await db.query("SELECT count(*)::int AS marks FROM board_marks WHERE period = 'a'");
  allTimeMarks = rows[0].marks;
}
const markedIn = ((Date.now() - markWaitStarted) / 1000).toFixed(1);

// The caller: a real account with one tap today, so it sits near the bottom of every board.
const email = `caller-${randomBytes(4).toString("hex")}@bench.test`;
const password = "bench caller passphrase";
await fetch(`${BASE}/api/auth/signup`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email, password, name: "Caller" }),
});
const login = await (
  await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  })
).json();
const headers = { authorization: `Bearer ${login.session.access_token}` };
const userId = login.user.id;
await fetch(`${BASE}/api/user/${userId}/points`, {
  method: "POST",
  headers: { ...headers, "content-type": "application/json" },
  body: JSON.stringify({ batchId: crypto.randomUUID(), taps: 1 }),
});

async function time(label, pathname, as = headers) {
  const samples = [];
  let last = null;
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    const res = await fetch(`${BASE}/api${pathname}`, { headers: as });
    if (!res.ok) throw new Error(`GET ${pathname}: ${res.status} ${await res.text()}`);
    last = await res.json();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(1);
  const rank = last?.me?.rank ? `, caller ranked ${last.me.rank.toLocaleString("en")}` : "";
  console.log(`  ${label.padEnd(34)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms${rank}`);
}

console.log(
  `Leaderboard and stats at scale (PostgreSQL, ${PLAYERS.toLocaleString("en")} players and batches, seeded in ${seededIn} s, ${allTimeMarks.toLocaleString("en")} all-time marks after ${markedIn} s; budget 50 ms):`,
);
for (const period of ["day", "week", "all"])
  await time(`GET /leaderboard?period=${period}`, `/leaderboard?period=${period}`);
await time("GET /user/{id}/stats?days=30", `/user/${userId}/stats?days=30`);
await time("GET /user/{id}/stats?days=90", `/user/${userId}/stats?days=90`);

// The operator's economy (GET /admin/economy, docs/fair-play.md): every player gets the rewards row the tap sync
// would have made and one in ten a funded wallet account, so the liabilities sum what a million players hold.
await db.query(`
  INSERT INTO user_rewards (user_id, points_micro, total_taps, bucket_milli_taps, bucket_updated_at)
  SELECT user_id, points_micro, taps, 0, now() FROM tap_rollups WHERE period = 'a'
  ON CONFLICT (user_id) DO NOTHING`);
await db.query(`
  INSERT INTO ledger_accounts (id, kind, user_id, balance_micro)
  SELECT 'wallet:' || id, 'wallet', id, 1000000 FROM users WHERE email LIKE 'bench%' AND random() < 0.1
  ON CONFLICT DO NOTHING`);
await db.query("VACUUM ANALYZE user_rewards");
await db.query("VACUUM ANALYZE ledger_accounts");
const operator = { email: `operator-${randomBytes(4).toString("hex")}@bench.test`, password };
await fetch(`${BASE}/api/auth/signup`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ ...operator, name: "Operator" }),
});
await db.query("UPDATE users SET role = 'admin' WHERE email = $1", [operator.email]);
const operatorLogin = await (
  await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(operator),
  })
).json();
const operatorHeaders = { authorization: `Bearer ${operatorLogin.session.access_token}` };
// The first answer counts the finished days and keeps them (economy_days); later ones count only today.
const firstStarted = performance.now();
const first = await fetch(`${BASE}/api/admin/economy?days=90`, { headers: operatorHeaders });
if (!first.ok) throw new Error(`GET /admin/economy: ${first.status} ${await first.text()}`);
console.log(
  `  GET /admin/economy?days=90, first   ${(performance.now() - firstStarted).toFixed(1)} ms (counts 89 finished days)`,
);
await time("GET /admin/economy?days=30", "/admin/economy?days=30", operatorHeaders);
await time("GET /admin/economy?days=90", "/admin/economy?days=90", operatorHeaders);

const plans = [];
for (const [label, query] of [
  [
    "top 50 of all time",
    `SELECT r.user_id, r.points_micro, u.name FROM tap_rollups r JOIN users u ON u.id = r.user_id
     WHERE r.period = 'a' AND r.period_start = 0 AND r.points_micro > 0
     ORDER BY r.points_micro DESC, r.reached_at, r.user_id LIMIT 50`,
  ],
  [
    "a marks round's count of the all-time board (in the background, once a minute)",
    `SELECT points_micro, above FROM (
       SELECT points_micro, rank() OVER (ORDER BY points_micro DESC) - 1 AS above,
         row_number() OVER (ORDER BY points_micro DESC) AS place
       FROM tap_rollups WHERE period = 'a' AND period_start = 0 AND points_micro > 0) ranked
     WHERE place > 10000 AND place % 1000 = 0`,
  ],
  [
    "players above the caller, all time, counted from the nearest mark",
    `WITH mark AS (SELECT points_micro, above FROM board_marks WHERE period = 'a' AND period_start = 0
       AND points_micro > 1000 ORDER BY points_micro LIMIT 1)
     SELECT (SELECT above FROM mark) + count(*) FROM tap_rollups WHERE period = 'a' AND period_start = 0
       AND points_micro > 1000 AND points_micro <= (SELECT points_micro FROM mark)`,
  ],
]) {
  const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${query}`);
  plans.push(`-- ${label}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
}
if (process.env.BENCH_PLANS) console.log(plans.join("\n\n"));
await db.end();
await cleanUp();
