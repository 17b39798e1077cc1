// `npm test`: every suite, then one closing line "N passed, N failed" over all of them.
//   1. npm run check (types, lint, format, generated files up to date) → counts as one test
//   2. npm run model -- coverage (every state of every machine reached by the path tests) → one test
//   3. vitest: client (jsdom), server on PGlite, and server on PostgreSQL when one is reachable
//   4. vite build (the landing page's bundle budget printed) and the compiled server
//   5. Playwright e2e in Debian's Chromium against the real server: the hand-written specs, then the machines'
//      exported @core specs
// PostgreSQL: DATABASE_URL, else the local default postgres://postgres@127.0.0.1:5432/postgres if it answers.
// Chromium: CHROMIUM_PATH, else /usr/bin/chromium; installed with apt-get when missing and we are root.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { relative } from "node:path";

const results = [];
/** Every failed test by name, printed again just above the closing lines. */
const failures = [];
const firstLine = (messages) => String(messages?.[0] ?? "").split("\n")[0];
/** The titles of a Playwright JSON report's tests that did not pass as expected (failed or flaky). */
const failedSpecs = (suites, path = []) =>
  suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) =>
        (spec.tests ?? []).some((test) => test.status === "unexpected" || test.status === "flaky"),
      )
      .map((spec) => [...path, suite.title, spec.title].filter(Boolean).join(" › ")),
    ...failedSpecs(suite.suites ?? [], [...path, suite.title]),
  ]);
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
const heading = (text) => console.log(`\n\x1b[1m━━ ${text}\x1b[0m`);
const readJson = (path) => {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
};

mkdirSync(".tmp", { recursive: true });

heading("check: typecheck, lint, format");
const checkStatus = run("npm", ["run", "-s", "check"]);
results.push({ suite: "check", passed: checkStatus === 0 ? 1 : 0, failed: checkStatus === 0 ? 0 : 1 });

heading("model coverage: what the generated path tests reach (docs/decisions/029-model-kit.md)");
const coverageStatus = run("npm", ["run", "-s", "model", "--", "coverage"]);
results.push({
  suite: "coverage",
  passed: coverageStatus === 0 ? 1 : 0,
  failed: coverageStatus === 0 ? 0 : 1,
});

heading("unit, model and server suites (vitest)");
const databaseUrl = process.env.DATABASE_URL || (await defaultPostgres());
if (databaseUrl) console.log(`PostgreSQL suite: on (${databaseUrl.replace(/\/\/[^@]*@/, "//…@")})`);
else
  console.log(
    "PostgreSQL suite: SKIPPED: no DATABASE_URL and nothing answers on 127.0.0.1:5432.\n" +
      "  Install and start PostgreSQL (Debian: apt-get install -y postgresql && pg_ctlcluster 15 main start) or set DATABASE_URL.",
  );
rmSync(".tmp/vitest.json", { force: true });
const vitestStatus = run(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=.tmp/vitest.json"],
  databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" },
);
const vitest = readJson(".tmp/vitest.json");
// Named again at the very end, so a log cut to its last lines (CI's) still says what failed.
for (const file of vitest?.testResults ?? [])
  for (const test of file.assertionResults ?? [])
    if (test.status === "failed")
      failures.push(
        `vitest › ${relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages)}`,
      );
if (vitest && vitestStatus !== 0 && vitest.numFailedTests === 0)
  failures.push(
    `vitest exited ${vitestStatus} with no failed test: an error outside the tests (its output above says which)`,
  );
results.push({
  suite: "vitest",
  passed: vitest?.numPassedTests ?? 0,
  failed: vitest ? vitest.numFailedTests + (vitestStatus !== 0 && vitest.numFailedTests === 0 ? 1 : 0) : 1,
});

heading("build (vite, compiled server) and bundle budget");
// The web app and the compiled server the e2e suite runs (`npm start` runs the same).
const buildStatus =
  run("npx", ["vite", "build", "--logLevel", "warn"]) || run(process.execPath, ["scripts/build-server.mjs"]);
results.push({ suite: "build", passed: buildStatus === 0 ? 1 : 0, failed: buildStatus === 0 ? 0 : 1 });
if (buildStatus === 0) run(process.execPath, ["scripts/bundle-report.mjs"]);

heading("end-to-end (Playwright in Chromium)");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium) && process.getuid?.() === 0) {
  console.log("Chromium is missing: installing Debian's chromium package…");
  run("sh", ["-c", "apt-get update -qq && apt-get install -y -qq chromium >/dev/null"]);
}
if (!existsSync(chromium)) {
  console.log(
    `E2E: FAILED to start: no Chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  results.push({ suite: "e2e", passed: 0, failed: 1 });
} else {
  // The hand-written specs, then the specs exported from the machines (their @core tests), each project with its
  // own time printed. One worker each: on a 2-core machine a second Chromium made every test about twice as slow
  // (141 exported tests: 7.1 min in two workers, 6.8 min in one; docs/decisions/029-model-kit.md, "Time in CI").
  const reports = [
    { project: "e2e", workers: "1" },
    { project: "paths", workers: "1" },
  ].map(({ project, workers }) => {
    const output = `.tmp/playwright-${project}.json`;
    rmSync(output, { force: true });
    heading(`end-to-end: ${project} (${workers} worker${workers === "1" ? "" : "s"})`);
    const status = run("npx", ["playwright", "test", `--project=${project}`, `--workers=${workers}`], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_FILE: output,
    });
    const report = readJson(output);
    for (const name of failedSpecs(report?.suites ?? [])) failures.push(`${project} › ${name}`);
    const passed = report?.stats?.expected ?? 0;
    const failed = (report?.stats?.unexpected ?? 0) + (report?.stats?.flaky ?? 0);
    return { passed, failed: failed + (status !== 0 && failed === 0 ? 1 : 0) };
  });
  results.push({
    suite: "e2e",
    passed: reports.reduce((sum, report) => sum + report.passed, 0),
    failed: reports.reduce((sum, report) => sum + report.failed, 0),
  });
}

console.log("");
if (failures.length > 0) {
  console.log("Failed:");
  for (const failure of failures) console.log(`  ${failure.slice(0, 400)}`);
  console.log("");
}
for (const { suite, passed, failed } of results)
  console.log(`  ${suite.padEnd(8)} ${passed} passed, ${failed} failed`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function defaultPostgres() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: 5432, timeout: 1500 });
    const done = (url) => {
      socket.destroy();
      resolve(url);
    };
    socket.on("connect", () => done("postgres://postgres@127.0.0.1:5432/postgres"));
    socket.on("timeout", () => done(null));
    socket.on("error", () => done(null));
  });
}
