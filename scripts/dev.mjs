// `npm run dev`: Vite with hot reload on :5173 (it proxies /api to the server) and the server in tsx watch
// mode on :3000, side by side. Ctrl-C (or SIGTERM) stops both; if either dies, the other is stopped too.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const fromRoot = (...parts) => path.join(root, ...parts);

const children = [
  {
    name: "vite",
    args: [fromRoot("node_modules", "vite", "bin", "vite.js"), "--port", "5173", "--strictPort"],
  },
  {
    name: "server",
    args: [
      fromRoot("node_modules", "tsx", "dist", "cli.mjs"),
      "watch",
      "--clear-screen=false",
      "server/server.ts",
    ],
  },
].map(({ name, args }) => {
  // Own process groups: the terminal's Ctrl-C reaches them once, through us.
  const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit", detached: true });
  return { name, child, exited: new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1))) };
});

let stopping = false;
let failure = null;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null) child.kill(signal);
  // tsx watch and vite exit promptly; do not hang forever if one does not.
  setTimeout(() => {
    for (const { child } of children) if (child.exitCode === null) child.kill("SIGKILL");
  }, 5_000).unref();
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));
for (const { name, exited } of children) {
  exited.then((code) => {
    if (!stopping) {
      console.error(`${name} exited (code ${code}); stopping the rest.`);
      failure = code === 0 ? 1 : code;
    }
    stopAll("SIGTERM");
  });
}

await Promise.all(children.map(({ exited }) => exited));
// Stopped on request: success. One of them died on its own: fail with its code.
process.exit(failure ?? 0);
