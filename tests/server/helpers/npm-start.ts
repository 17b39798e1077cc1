/**
 * `npm start` as a service manager or a terminal runs it: npm → scripts/start.mjs → the server, npm leading a
 * process group of its own, so a test can signal the whole group the way systemd's control-group stop or a
 * terminal's Ctrl-C does.
 */
import { spawn } from "node:child_process";
import { type RunningServer, watchProcess } from "./server-process.ts";

export interface NpmStart extends RunningServer {
  /** The signal to every process of npm's group, as `kill -TERM -<pgid>` sends it. */
  signalGroup: (signal: NodeJS.Signals) => void;
  /** The signal to every process of the tree, server included, as systemd's default control-group stop sends it. */
  signalControlGroup: (signal: NodeJS.Signals) => void;
  /** Kills npm's group and the server (which start.mjs runs in a group of its own). */
  killAll: () => void;
}

const ignoreGone = (kill: () => void) => {
  try {
    kill();
  } catch {
    // Already gone.
  }
};

export function startNpmStart(env: Record<string, string>): NpmStart {
  const child = spawn("npm", ["start"], { env: { ...process.env, ...env }, detached: true });
  const running = watchProcess(child);
  const pid = child.pid ?? 0;
  // Every line of the server's JSON log carries its pid.
  const serverPid = () => Number(/"pid":(\d+)/.exec(running.output())?.[1] ?? 0);
  return {
    ...running,
    signalGroup: (signal) => process.kill(-pid, signal),
    signalControlGroup: (signal) => {
      const server = serverPid();
      // process.kill(0, …) would signal the test runner's own group.
      if (!server) throw new Error(`the server's pid is not in its log yet:\n${running.output()}`);
      process.kill(-pid, signal);
      process.kill(server, signal);
    },
    killAll: () => {
      ignoreGone(() => process.kill(-pid, "SIGKILL"));
      const server = serverPid();
      if (server) ignoreGone(() => process.kill(server, "SIGKILL"));
    },
  };
}
