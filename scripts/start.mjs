// `npm start`: builds the SPA and compiles the server when missing or older than their sources, then runs the
// compiled server on plain node.
// The server runs in its own process group so a terminal's Ctrl-C reaches it once (through us), not twice;
// SIGTERM/SIGINT are forwarded and its exit code becomes ours. package.json runs us with `exec`, so npm's
// signal reaches this process rather than a shell that would die and leave us running; and should whatever
// started us die all the same, we stop the server rather than keep it running re-parented.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { buildServerIfStale, buildWebIfStale, SERVER_NODE_ARGS } from "./lib/build-if-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");

buildWebIfStale();
buildServerIfStale();

const server = spawn(process.execPath, SERVER_NODE_ARGS, {
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
