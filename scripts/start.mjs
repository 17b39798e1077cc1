// `npm start`: builds the SPA when dist/ is missing or older than its sources, then runs the server.
// The server runs in its own process group so a terminal's Ctrl-C reaches it once (through us), not twice;
// SIGTERM/SIGINT are forwarded and its exit code becomes ours. package.json runs us with `exec`, so npm's
// signal reaches this process rather than a shell that would die and leave us running; and should whatever
// started us die all the same, we stop the server rather than keep it running re-parented.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const fromRoot = (...parts) => path.join(root, ...parts);
const VITE = fromRoot("node_modules", "vite", "bin", "vite.js");
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

function buildIfStale() {
  const index = fromRoot("dist", "index.html");
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...BUILD_INPUTS.map((input) => newestMtime(fromRoot(input))));
  if (builtAt >= sourcesAt) return;
  console.log(
    builtAt === 0
      ? "Building the web app (dist/ is missing)…"
      : "Building the web app (the sources changed since the last build)…",
  );
  const build = spawnSync(process.execPath, [VITE, "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error("The web app failed to build; see the messages above.");
    process.exit(build.status ?? 1);
  }
}

buildIfStale();

const server = spawn(process.execPath, ["--import", "tsx", fromRoot("server", "server.ts")], {
  cwd: root,
  stdio: "inherit",
  detached: true,
});
const stopServer = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => stopServer(signal));
const parentAtStart = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid !== parentAtStart) stopServer("SIGTERM");
}, 1000);
watchParent.unref();
server.on("exit", (code, signal) => {
  // Killed by a signal: the shell convention 128 + its number.
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
