// Starts the real server for the e2e suite on a fresh PGlite folder (.tmp/e2e-data), so every run begins
// from an empty database: the compiled server on plain node, as `npm start` runs it. The SPA is built and the
// server compiled first when either is missing or older than its sources.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { buildServerIfStale, buildWebIfStale, SERVER_NODE_ARGS } from "./lib/build-if-stale.mjs";

buildWebIfStale();
buildServerIfStale();

const dataDir = ".tmp/e2e-data";
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, SERVER_NODE_ARGS, {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
