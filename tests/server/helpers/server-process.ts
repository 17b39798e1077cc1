/** server.ts as a real process for the suites that need one: started through tsx, its output collected. */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createServer } from "node:net";

export interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  return watchProcess(child);
}

/** Collects a child's output and lets a test wait for a line of it or for its exit code. */
export function watchProcess(child: ChildProcessWithoutNullStreams): RunningServer {
  let output = "";
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    // A first start compiles the server through tsx and migrates a fresh PGlite: about 6 s on an idle box, but
    // 20 s or more on two cores busy with other suites, so the wait allows a minute.
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${pattern}:\n${output}`)),
          timeoutMs,
        );
        const check = () => {
          if (pattern.test(output)) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        void exited.then(() => check());
        check();
      }),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
