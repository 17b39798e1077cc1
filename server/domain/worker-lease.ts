/**
 * A round that one instance at a time should run (the chain worker: docs/design.md §14). Each round first
 * takes or extends a lease row; another instance's unexpired lease means "not this time". The lease outlives
 * a few rounds, so a holder that died is replaced within a few intervals, and a stopping one lets go at once.
 */
import { randomUUID } from "node:crypto";
import type { AppContext } from "../context.ts";
import { releaseLease, takeLease } from "../db/repos/worker-leases.repo.ts";
import { type PeriodicJob, startPeriodic } from "../periodic.ts";
import type { Uses } from "./deps.ts";

export interface WorkerLease {
  /** True when this instance holds the lease for the next `ms`. */
  take(): Promise<boolean>;
  release(): Promise<void>;
}

export function workerLease(deps: Uses<"db" | "clock">, name: string, ms: number): WorkerLease {
  const holder = randomUUID();
  return {
    take() {
      const now = deps.clock();
      return takeLease(deps.db, { name, holder, now, until: new Date(now.getTime() + ms) });
    },
    release: () => releaseLease(deps.db, name, holder),
  };
}

/**
 * A periodic round that only the lease holder runs: each tick takes or extends the lease and runs `round` when
 * held; stopping ends the ticks, then lets the lease go so another instance takes over at once.
 */
export function startLeasedJob(
  ctx: AppContext,
  job: {
    /** Names the job in logs; `lease` names its lease row. */
    name: string;
    lease: string;
    intervalMs: number;
    leaseMs: number;
    round: () => Promise<void>;
    /** Told whether this instance holds the lease after each take, and false once stopped. */
    onHeld?: (held: boolean) => void;
  },
): PeriodicJob {
  const lease = workerLease(ctx, job.lease, job.leaseMs);
  const periodic = startPeriodic(
    job.name,
    job.intervalMs,
    async () => {
      const held = await lease.take();
      job.onHeld?.(held);
      if (held) await job.round();
    },
    ctx.log,
  );
  return {
    async stop() {
      await periodic.stop();
      job.onHeld?.(false);
      await lease.release().catch((err: unknown) => ctx.log.warn({ err }, `${job.name} lease not released`));
    },
  };
}
