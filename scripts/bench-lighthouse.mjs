// Benchmark: Lighthouse mobile performance of `/` and `/auth` against the compiled server on this machine, five
// runs each, the median printed (one run on a noisy box can be a slow day). Figures only, never a failure
// (docs/quality.md: the budget is a score of 95).
// Lighthouse (12.8.2, the last line that supports Node 20) is installed into .tmp/tools on first use rather
// than as a dependency: it is large, and only this benchmark needs it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { buildServerIfStale, buildWebIfStale, SERVER_NODE_ARGS } from "./lib/build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3193);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 5;
const TOOLS = path.join(root, ".tmp", "tools");
const LIGHTHOUSE = path.join(TOOLS, "node_modules", "lighthouse", "cli", "index.js");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(LIGHTHOUSE)) {
  console.log("Installing Lighthouse 12.8.2 into .tmp/tools (once)…");
  const install = spawnSync(
    "npm",
    [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      "--prefix",
      TOOLS,
      "lighthouse@12.8.2",
    ],
    { stdio: "inherit" },
  );
  if (install.status !== 0 || !existsSync(LIGHTHOUSE)) {
    console.log("Lighthouse: SKIPPED (it could not be installed; see above)");
    process.exit(0);
  }
}

buildWebIfStale();
buildServerIfStale();
const dataDir = path.join(root, ".tmp", "bench-lighthouse-data");
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => server.kill("SIGTERM"));

for (let i = 0; i < 240; i += 1) {
  try {
    if ((await fetch(`${BASE}/api/health`)).ok) break;
  } catch {
    // Not listening yet.
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}

/** One Lighthouse run (mobile emulation and throttling are its defaults). */
function audit(url) {
  const run = spawnSync(
    process.execPath,
    [
      LIGHTHOUSE,
      url,
      "--only-categories=performance",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      "--chrome-flags=--headless=new --no-sandbox",
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
  );
  if (run.status !== 0) return null;
  const report = JSON.parse(run.stdout);
  const ms = (id) => report.audits[id].numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: ms("first-contentful-paint"),
    lcp: ms("largest-contentful-paint"),
    tbt: ms("total-blocking-time"),
    cls: ms("cumulative-layout-shift"),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`Lighthouse mobile performance (median of ${RUNS} runs; budget 95):`);
for (const page of ["/", "/auth"]) {
  const runs = Array.from({ length: RUNS }, () => audit(`${BASE}${page}`)).filter(Boolean);
  if (runs.length === 0) {
    console.log(`  ${page.padEnd(6)} no result (Lighthouse failed to run)`);
    continue;
  }
  const pick = (key) => median(runs.map((run) => run[key]));
  console.log(
    `  ${page.padEnd(6)} score ${pick("score")} (budget 95: ${pick("score") >= 95 ? "within" : "UNDER"}; runs: ${runs.map((run) => run.score).join(", ")})  ` +
      `FCP ${(pick("fcp") / 1000).toFixed(1)} s  LCP ${(pick("lcp") / 1000).toFixed(1)} s  ` +
      `TBT ${Math.round(pick("tbt"))} ms  CLS ${pick("cls").toFixed(3)}`,
  );
}
server.kill("SIGTERM");
