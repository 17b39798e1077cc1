/**
 * A job run every interval. A round never overlaps the previous one; a failure is logged and the next round
 * tries again. stop() waits for the round under way, so a graceful shutdown never cuts one in half.
 */
import type { Logger } from "./logger.ts";

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

/** A lease only one instance holds at a time (server/domain/worker-lease.ts keeps it in the database). */
export interface Lease {
  /** True when this instance holds the lease now (taken or extended). */
  take(): Promise<boolean>;
  release(): Promise<void>;
}

export interface LeasedJob {
  /** Names the job in logs. */
  name: string;
  intervalMs: number;
  round: () => Promise<void>;
  /** Told whether this instance holds the lease after each take, and false once stopped. */
  onHeld?: (held: boolean) => void;
}

/**
 * A periodic round that only the lease holder runs: each tick takes or extends the lease and runs `round` when
 * held; stopping ends the ticks, then lets the lease go so another instance takes over at once.
 */
export function startLeasedJob(lease: Lease, job: LeasedJob, log: Logger): PeriodicJob {
  const periodic = startPeriodic(
    job.name,
    job.intervalMs,
    async () => {
      const held = await lease.take();
      job.onHeld?.(held);
      if (held) await job.round();
    },
    log,
  );
  return {
    async stop() {
      await periodic.stop();
      job.onHeld?.(false);
      await lease.release().catch((err: unknown) => log.warn({ err }, `${job.name} lease not released`));
    },
  };
}
