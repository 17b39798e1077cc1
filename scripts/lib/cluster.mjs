// N server instances on one PostgreSQL behind HAProxy on one port (docs/decisions/024). Used by
// `npm run cluster` and by the fail-over test, which kills an instance mid-run.
//
// Instances start one after the other up to the first healthy one (it migrates the database and, in local
// chain mode, creates the shared wallet seed file), then the rest together. An instance that dies is started
// again after a second; HAProxy routes around it meanwhile. Stopping sends SIGTERM to every instance: each
// fails its readiness check (/api/ready) for SHUTDOWN_DRAIN_SECONDS while still serving, then finishes
// in-flight requests.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { SERVER_NODE_ARGS } from "./build-if-stale.mjs";
import { haproxyBinary, haproxyConfig } from "./haproxy.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const DRAIN_SECONDS = 2;
const RESTART_DELAY_MS = 1_000;
const STOP_TIMEOUT_MS = 20_000;

/** Prefixes each line a child prints with its name, so N interleaved logs stay readable. */
function relay(child, name, log) {
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => log(`[${name}] ${line}`));
  }
}

async function waitHealthy(url, timeoutMs, isGone = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isGone()) throw new Error(`${url} exited before it was healthy`);
    try {
      const response = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not healthy within ${timeoutMs / 1000} s`);
}

const exitOf = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

/**
 * @param {{ instances: number, port: number, host?: string, databaseUrl: string, env?: Record<string, string>,
 *   basePort?: number, log?: (line: string) => void, workDir?: string, startTimeoutMs?: number,
 *   serverTimeoutSeconds?: number }} options
 */
export async function startCluster(options) {
  const { instances: count, port, databaseUrl } = options;
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? ((line) => console.log(line));
  const basePort = options.basePort ?? port + 1;
  const workDir = options.workDir ?? path.join(root, ".tmp", `cluster-${port}`);
  const startTimeoutMs = options.startTimeoutMs ?? 90_000;
  mkdirSync(workDir, { recursive: true });
  let stopping = false;

  const instances = Array.from({ length: count }, (_, index) => ({
    name: `app${index + 1}`,
    port: basePort + index,
    url: `http://127.0.0.1:${basePort + index}`,
    child: null,
    restarts: 0,
  }));

  function launch(instance) {
    // The compiled server (the caller builds it: buildServerIfStale).
    const child = spawn(process.execPath, SERVER_NODE_ARGS, {
      cwd: root,
      env: {
        // Readiness checks every 500 ms would fill the log at `info`; LOG_LEVEL still wins when set.
        LOG_LEVEL: "warn",
        ...process.env,
        ...options.env,
        PORT: String(instance.port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        // HAProxy on this machine adds X-Forwarded-For: trust it, so rate limits see the visitor's address.
        TRUST_PROXY: "127.0.0.1",
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: a terminal's Ctrl-C reaches the cluster once, which then drains each instance.
      detached: true,
    });
    instance.child = child;
    relay(child, instance.name, log);
    child.once("exit", (code, signal) => {
      if (stopping || instance.child !== child) return;
      log(`[cluster] ${instance.name} exited (${signal ?? `code ${code}`}); starting it again in 1 s`);
      setTimeout(() => {
        if (stopping) return;
        instance.restarts += 1;
        launch(instance);
      }, RESTART_DELAY_MS);
    });
    return child;
  }

  async function launchHealthy(instance) {
    const child = launch(instance);
    await waitHealthy(
      instance.url,
      startTimeoutMs,
      () => child.exitCode !== null || child.signalCode !== null,
    );
  }

  const balancer = { child: null };
  // Should this process end without stop() (an uncaught error), take the detached children with it.
  process.once("exit", () => {
    for (const child of [...instances.map((instance) => instance.child), balancer.child]) {
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
  async function stop() {
    if (stopping) return;
    stopping = true;
    const running = instances.filter((instance) => instance.child).map((instance) => instance.child);
    for (const child of running) child.kill("SIGTERM");
    const timer = setTimeout(() => {
      for (const child of running) child.kill("SIGKILL");
    }, STOP_TIMEOUT_MS);
    await Promise.all(running.map(exitOf));
    clearTimeout(timer);
    if (balancer.child) {
      balancer.child.kill("SIGTERM");
      await exitOf(balancer.child);
    }
  }

  try {
    const binary = haproxyBinary();
    await launchHealthy(instances[0]);
    await Promise.all(instances.slice(1).map(launchHealthy));
    const configPath = path.join(workDir, "haproxy.cfg");
    const socketPath = path.join(workDir, "haproxy.sock");
    writeFileSync(
      configPath,
      haproxyConfig({
        host,
        port,
        servers: instances,
        socketPath,
        serverTimeoutSeconds: options.serverTimeoutSeconds,
      }),
    );
    balancer.child = spawn(binary, ["-f", configPath, "-db"], {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    relay(balancer.child, "haproxy", log);
    await waitHealthy(`http://127.0.0.1:${port}`, 15_000, () => balancer.child.exitCode !== null);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    instances,
    /** HAProxy's admin socket (`show stat`: each server's state and counters). */
    statsSocket: path.join(workDir, "haproxy.sock"),
    /** Kills one instance as a crash would (the supervisor starts it again). */
    kill: (name, signal = "SIGKILL") =>
      instances.find((instance) => instance.name === name)?.child?.kill(signal),
    stop,
  };
}
