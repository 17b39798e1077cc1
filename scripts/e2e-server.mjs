// Starts the real server for the e2e suite on a fresh PGlite folder (.tmp/e2e-data), so every run begins
// from an empty database. The SPA must already be built (scripts/test.mjs does that).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const dataDir = ".tmp/e2e-data";
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
