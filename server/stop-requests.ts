/**
 * Stop signals turned into stop requests (docs/decisions/034). One stop can reach the server several times
 * within moments: systemd's default stop signals every process of the service's control group, a terminal's
 * Ctrl-C the whole foreground process group, and npm and scripts/start.mjs each forward the signal they got to
 * their child. So signals arriving within SAME_REQUEST_WITHIN_MS of the first are that same request and change
 * nothing; a signal later than that is someone asking again, which forces the exit.
 */
export const SAME_REQUEST_WITHIN_MS = 1_000;

export interface StopRequestHandlers {
  /** The first request: the graceful stop. */
  stop: (signal: string) => void;
  /** A request after the window: exit without waiting. */
  force: (signal: string) => void;
  /** Monotonic milliseconds; tests pass their own. */
  now?: () => number;
}

/** Returns the function to call with each stop signal received. */
export function stopRequests(handlers: StopRequestHandlers): (signal: string) => void {
  const now = handlers.now ?? (() => performance.now());
  let firstAt: number | null = null;
  return (signal) => {
    const at = now();
    if (firstAt === null) {
      firstAt = at;
      handlers.stop(signal);
    } else if (at - firstAt >= SAME_REQUEST_WITHIN_MS) {
      handlers.force(signal);
    }
  };
}
