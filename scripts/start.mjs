// `npm start`: builds the SPA and compiles the server when missing or older than their sources, then runs the
// compiled server on plain node.
// The server runs in its own process group; every SIGTERM/SIGINT we get is forwarded to it and its exit code
// becomes ours. One stop often reaches us twice (a terminal's Ctrl-C or systemd's stop signals npm and us, and
// npm forwards its copy to us too) and may reach the server directly as well: the server counts signals within
// a second of the first as one request (server/stop-requests.ts, docs/decisions/034), so forwarding each is
// safe, and a request repeated later still reaches it. A hangup (the terminal closed) is a stop like the others.
// package.json runs us with `exec`, so npm's signal reaches this process rather than a shell that would die and
// leave us running; and should whatever started us die all the same, we stop the server rather than keep it
// running re-parented, unless it is stopping already (a second signal from us would force its exit).
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
let stopForwarded = false;
const stopServer = (signal) => {
  stopForwarded = true;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
process.on("SIGTERM", () => stopServer("SIGTERM"));
process.on("SIGINT", () => stopServer("SIGINT"));
process.on("SIGHUP", () => stopServer("SIGTERM"));
const parentAtStart = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid !== parentAtStart && !stopForwarded) stopServer("SIGTERM");
}, 1000);
watchParent.unref();
server.on("exit", (code, signal) => {
  // Killed by a signal: the shell convention 128 + its number.
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
