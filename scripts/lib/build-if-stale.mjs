// Builds the web app (dist/) and the compiled server (dist-server/) when missing or older than their sources;
// `npm start` and `npm run cluster` call both, so a fresh clone runs the current code without a build step.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
// The build also runs scripts/precompress.ts and scripts/prerender*, and the pages it renders read contracts/.
const WEB_INPUTS = [
  "src",
  "public",
  "index.html",
  "vite.config.ts",
  "contracts",
  "scripts/prerender.ts",
  "scripts/prerender",
  "scripts/precompress.ts",
];
// The server imports the API contracts from src/api and contracts/.
const SERVER_INPUTS = ["server", "src/api", "contracts", "package.json", "scripts/build-server.mjs"];
export const SERVER_ENTRY = path.join(root, "dist-server", "server.mjs");
/**
 * How plain node runs it. V8 lets the young generation grow to 16 MiB per semi-space, which an idle server
 * keeps after start-up; 4 MiB brings an idle instance on PostgreSQL from about 133 MB to about 113 MB of memory,
 * at the cost of more frequent (cheap) young-generation collections under load (docs/decisions/025).
 */
export const SERVER_NODE_ARGS = ["--max-semi-space-size=4", SERVER_ENTRY];

/** Newest modification time under `target` (a file or a folder), 0 if it does not exist. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sourcesAt = (inputs) => Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));

/** Exits the process with vite's status when the build fails: nothing can be served without it. */
export function buildWebIfStale() {
  // The built landing page is written last (docs/decisions/043): a build that failed on it is not complete.
  const built = Math.min(
    builtAt(path.join(root, "dist", "index.html")),
    builtAt(path.join(root, "dist", "prerendered", "index.html")),
  );
  if (built >= sourcesAt(WEB_INPUTS)) return;
  console.log(
    built === 0
      ? "Building the web app (dist/ is missing)…"
      : "Building the web app (the sources changed since the last build)…",
  );
  const vite = path.join(root, "node_modules", "vite", "bin", "vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error("The web app failed to build; see the messages above.");
    process.exit(build.status ?? 1);
  }
}

/** The same for the server, whose compiled entry `SERVER_ENTRY` plain node runs. */
export function buildServerIfStale() {
  const built = builtAt(SERVER_ENTRY);
  if (built >= sourcesAt(SERVER_INPUTS)) return;
  console.log(
    built === 0
      ? "Compiling the server (dist-server/ is missing)…"
      : "Compiling the server (its sources changed)…",
  );
  const compile = spawnSync(process.execPath, [path.join(root, "scripts", "build-server.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  if (compile.status !== 0) {
    console.error("The server failed to compile; see the messages above.");
    process.exit(compile.status ?? 1);
  }
}
