/**
 * A job run every interval. A round never overlaps the previous one; a failure is logged and the next round
 * tries again. stop() waits for the round under way, so a graceful shutdown never cuts one in half.
 */
import type { Logger } from "./context.ts";

export interface PeriodicJob {
  stop(): Promise<void>;
}

export function startPeriodic(
  name: string,
  intervalMs: number,
  round: () => Promise<void>,
  log: Logger,
): PeriodicJob {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .catch((err: unknown) => log.error({ err }, `${name} round failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
