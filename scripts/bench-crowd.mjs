// Benchmark: a crowd against the cluster (docs/decisions/024). Starts `npm run cluster`'s cluster (N instances
// behind HAProxy) on a fresh PostgreSQL database, seeds 5 000 players who have tapped before, and has each tap
// 8 times a second and sync every 6 s for 60 s (about 830 syncs/s), as the app does: each batch carries the ms
// between its taps, a person's uneven rhythm (docs/fair-play.md). Prints the syncs answered,
// refused and failed with their latency (overall and per 10 s window, by when the sync was sent), then checks
// the books: every answered batch credited exactly once and every player's points equal to what their batches
// earned (taps and combo bonuses) plus the day's reward their first sync claimed (auto-claim, decision 039).
// Figures only, never a failure (docs/quality.md).
//
//   node scripts/bench-crowd.mjs        (npm run bench:crowd)
//   BENCH_CROWD=2000 BENCH_CROWD_SECONDS=30 BENCH_INSTANCES=3 node scripts/bench-crowd.mjs
//   BENCH_CROWD_UNTIMED=1 node scripts/bench-crowd.mjs   (a farm of scripts: batches without timing, so every
//   account earns fair play's no-timing signal on its 10th batch, all within the same few seconds)
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { buildServerIfStale, buildWebIfStale } from "./lib/build-if-stale.mjs";
import { startCluster } from "./lib/cluster.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PLAYERS = Number(process.env.BENCH_CROWD ?? 5_000);
const SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 60);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3198);
const SYNC_EVERY_MS = 6_000;
/** The latency is also reported per window of this length, by when the sync was sent: a stall shows. */
const WINDOW_MS = 10_000;
/** docs/quality.md: a crowd's syncs answered within this at p99. */
const P99_BUDGET_MS = 100;
const TAPS_PER_SYNC = 48; // 8 taps a second for 6 s
const UNTIMED = process.env.BENCH_CROWD_UNTIMED === "1";
/** 125 ms between taps, give or take 40: a person's rhythm, far from the metronome fair play looks for. */
const intervals = () => Array.from({ length: TAPS_PER_SYNC }, () => Math.round(85 + Math.random() * 80));
const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(query) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

const name = `tr_bench_crowd_${randomBytes(4).toString("hex")}`;
try {
  await admin(`CREATE DATABASE ${name}`);
} catch (err) {
  console.log(`Crowd against the cluster: SKIPPED (no PostgreSQL at ${serverUrl}: ${err.message})`);
  process.exit(0);
}
const url = new URL(serverUrl);
url.pathname = `/${name}`;

buildWebIfStale();
buildServerIfStale();
let cluster;
try {
  cluster = await startCluster({
    instances: INSTANCES,
    port: PORT,
    databaseUrl: url.toString(),
    log: () => {},
    env: { LOG_LEVEL: "error" },
  });
} catch (err) {
  console.log(`Crowd against the cluster: SKIPPED (the cluster did not start: ${err.message})`);
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  process.exit(0);
}

try {
  const players = JSON.parse(
    execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/lib/seed-crowd.ts", url.toString(), String(PLAYERS)],
      {
        cwd: root,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    ),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const balancer = new URL(cluster.url);
  const latencies = [];
  /** [when the sync was sent (ms from the start), its latency] */
  const timed = [];
  const startedAt = performance.now();
  const counts = { answered: 0, refused: 0, failed: 0 };
  const answeredTaps = new Map();

  const sync = (player) =>
    new Promise((resolve) => {
      const started = performance.now();
      const body = JSON.stringify({
        batchId: randomUUID(),
        taps: TAPS_PER_SYNC,
        ...(UNTIMED ? {} : { intervals: intervals() }),
      });
      const request = http.request(
        {
          agent,
          host: balancer.hostname,
          port: balancer.port,
          method: "POST",
          path: `/api/user/${player.id}/points`,
          headers: {
            authorization: `Bearer ${player.token}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            latencies.push(performance.now() - started);
            timed.push([started - startedAt, performance.now() - started]);
            if (response.statusCode === 200) {
              counts.answered += 1;
              answeredTaps.set(player.id, (answeredTaps.get(player.id) ?? 0) + TAPS_PER_SYNC);
            } else if (response.statusCode === 429) counts.refused += 1;
            else counts.failed += 1;
            resolve();
          });
        },
      );
      request.on("error", () => {
        counts.failed += 1;
        resolve();
      });
      request.end(body);
    });

  const endAt = Date.now() + SECONDS * 1000;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  // Each player starts at a random moment of the first 6 s, as a crowd arriving does, then syncs every 6 s.
  await Promise.all(
    players.map(async (player) => {
      await sleep(Math.random() * SYNC_EVERY_MS);
      while (Date.now() < endAt) {
        const next = Date.now() + SYNC_EVERY_MS;
        await sync(player);
        await sleep(Math.max(0, next - Date.now()));
      }
    }),
  );
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const at = (q) => quantile(latencies, q).toFixed(0);
  const windows = [];
  for (const [sentAt, latency] of timed) {
    const index = Math.floor(sentAt / WINDOW_MS);
    windows[index] ??= [];
    windows[index].push(latency);
  }
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const { rows: books } = await db.query(`
    SELECT
      (SELECT count(*)::int FROM tap_batches) AS batches,
      (SELECT COALESCE(sum(total_taps), 0)::bigint FROM user_rewards) AS taps,
      (SELECT count(*)::int FROM user_rewards r WHERE r.points_micro <>
        COALESCE((SELECT sum(b.points_micro + b.combo_bonus_micro) FROM tap_batches b WHERE b.user_id = r.user_id), 0)
        + COALESCE((SELECT sum(c.reward_micro) FROM streak_claims c WHERE c.user_id = r.user_id), 0)) AS points_off,
      (SELECT count(*)::int FROM streak_claims) AS claims`);
  await db.end();
  const expectedTaps = [...answeredTaps.values()].reduce((sum, taps) => sum + taps, 0);
  const total = counts.answered + counts.refused + counts.failed;
  console.log(
    `Crowd against the cluster (${INSTANCES} instances behind HAProxy, PostgreSQL; ${PLAYERS.toLocaleString("en")} players syncing ${TAPS_PER_SYNC} ${UNTIMED ? "untimed " : ""}taps every 6 s for ${SECONDS} s):`,
  );
  console.log(
    `  ${total.toLocaleString("en")} syncs (${(total / SECONDS).toFixed(0)}/s): ${counts.answered} answered, ${counts.refused} refused (429), ${counts.failed} failed; p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (budget ${P99_BUDGET_MS} ms: ${Number(at(0.99)) < P99_BUDGET_MS ? "within" : "OVER"}), max ${at(1)} ms`,
  );
  for (const [index, window] of windows.entries()) {
    if (!window) continue;
    window.sort((a, b) => a - b);
    const from = (index * WINDOW_MS) / 1000;
    console.log(
      `    ${String(from).padStart(3)}-${String(from + WINDOW_MS / 1000).padEnd(3)} s: ${String(window.length).padStart(6)} syncs, p50 ${quantile(window, 0.5).toFixed(0).padStart(5)} ms, p99 ${quantile(window, 0.99).toFixed(0).padStart(5)} ms, max ${quantile(window, 1).toFixed(0).padStart(5)} ms`,
    );
  }
  const exact =
    Number(books[0].batches) === counts.answered &&
    Number(books[0].taps) === expectedTaps &&
    books[0].points_off === 0;
  console.log(
    `  books: ${books[0].batches} batches stored for ${counts.answered} answered, ${Number(books[0].taps).toLocaleString("en")} taps credited for ${expectedTaps.toLocaleString("en")} answered, ${books[0].points_off} players whose points differ from their batches' points, combo bonuses and ${books[0].claims} auto-claimed day rewards → ${exact ? "exact" : "NOT EXACT"}`,
  );
} finally {
  await cluster.stop();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
