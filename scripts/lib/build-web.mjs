// Builds the web app (dist/) when it is missing or older than its sources; `npm start` and `npm run cluster`
// both call it, so a fresh clone serves the current front end without a separate build step.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const BUILD_INPUTS = ["src", "public", "index.html", "vite.config.ts"];

/** Newest modification time under `target` (a file or a folder), 0 if it does not exist. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Exits the process with vite's status when the build fails: nothing can be served without it. */
export function buildWebIfStale() {
  const index = path.join(root, "dist", "index.html");
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...BUILD_INPUTS.map((input) => newestMtime(path.join(root, input))));
  if (builtAt >= sourcesAt) return;
  console.log(
    builtAt === 0
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
