/**
 * Every periodic job of the server, wired in one place: the domain keeps the rule of one round
 * (scanAllDeposits, announceEndedBoosters, …), this file decides how often it runs and under which lease.
 * Rounds that one instance at a time should run take a worker lease (server/domain/worker-lease.ts), so a
 * cluster does the work once; the maintenance may run everywhere (its deletes are idempotent).
 *
 * The plugin is encapsulated (no fastify-plugin): it decorates nothing, and the application hooks it adds
 * (onReady, onClose) run for the whole app all the same. Registered last, so Fastify, which runs onClose hooks
 * in the reverse order of registration, stops the jobs before anything they use closes.
 */
import type { FastifyPluginAsync } from "fastify";
import { CHAIN_WORKER_LEASE } from "../chain/worker.ts";
import type { AppContext } from "../context.ts";
import { recordWorkerRound } from "../db/repos/worker-leases.repo.ts";
import { BOARD_MARKS_LEASE, remarkBoards } from "../domain/economy/board-marks.ts";
import { announceEndedBoosters, BOOSTER_SWEEP_LEASE } from "../domain/economy/booster-sweep.ts";
import { RISK_SCAN_LEASE, scanRisk } from "../domain/fair-play/risk-scan.ts";
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from "../domain/maintenance.ts";
import { RECONCILE_LEASE, reconcileAndRecord } from "../domain/operations/reconcile-worker.ts";
import { scanAllDeposits } from "../domain/wallet/deposits.ts";
import { advanceOpenWithdrawals } from "../domain/wallet/usdt-withdrawal.ts";
import { workerLease } from "../domain/worker-lease.ts";
import { type LeasedJob, type PeriodicJob, startLeasedJob, startPeriodic } from "../periodic.ts";

/** Rounds a lease holder may miss before another instance takes over. */
const LEASE_ROUNDS = 3;

function startLeased(ctx: AppContext, job: LeasedJob & { lease: string; leaseMs: number }): PeriodicJob {
  return startLeasedJob(workerLease(ctx, job.lease, job.leaseMs), job, ctx.log);
}

/**
 * The chain worker: every poll interval, one round of the deposit watcher and of the open withdrawals, on one
 * instance at a time. Both would be safe to run on every instance at once, but that only multiplies the calls
 * to the chain.
 */
export function startChainWorker(ctx: AppContext): PeriodicJob {
  return startLeased(ctx, {
    name: "chain worker",
    lease: CHAIN_WORKER_LEASE,
    intervalMs: ctx.chain.pollIntervalMs,
    leaseMs: ctx.chain.pollIntervalMs * LEASE_ROUNDS,
    onHeld: (held) => ctx.metrics.chainWorkerLeaseHeld.set(held ? 1 : 0),
    round: async () => {
      await scanAllDeposits(ctx);
      await advanceOpenWithdrawals(ctx);
      // Every instance's /api/metrics shows the time since this as the chain worker's lag.
      await recordWorkerRound(ctx.db, CHAIN_WORKER_LEASE, ctx.clock());
    },
  });
}

/** Tells owners their booster ended (docs/decisions/019). */
export function startBoosterSweep(ctx: AppContext): PeriodicJob {
  const intervalMs = ctx.config.economy.boosters.sweepIntervalMs;
  return startLeased(ctx, {
    name: "booster sweep",
    lease: BOOSTER_SWEEP_LEASE,
    intervalMs,
    leaseMs: intervalMs * LEASE_ROUNDS,
    round: async () => {
      await announceEndedBoosters(ctx);
    },
  });
}

/** Recounts the current leaderboards' marks (docs/decisions/022). */
export function startBoardMarks(ctx: AppContext): PeriodicJob {
  const intervalMs = ctx.config.economy.leaderboard.marksIntervalMs;
  return startLeased(ctx, {
    name: "board marks",
    lease: BOARD_MARKS_LEASE,
    intervalMs,
    leaseMs: intervalMs * LEASE_ROUNDS,
    round: async () => {
      await remarkBoards(ctx);
    },
  });
}

/** Fair play's periodic signals (docs/fair-play.md): round-the-clock, referral-farm, fresh-withdrawal. */
export function startRiskScan(ctx: AppContext): PeriodicJob {
  const intervalMs = ctx.config.fairPlay.scanIntervalMs;
  return startLeased(ctx, {
    name: "risk scan",
    lease: RISK_SCAN_LEASE,
    intervalMs,
    leaseMs: intervalMs * LEASE_ROUNDS,
    round: async () => {
      await scanRisk(ctx);
    },
  });
}

/**
 * The reconciliation (RECONCILE_MINUTES), under a lease of its own so a long run never holds up the chain
 * worker's rounds; differences are logged as an error (docs/ops/runbook.md).
 */
export function startReconciliation(ctx: AppContext): PeriodicJob {
  const intervalMs = ctx.config.reconcileIntervalMs;
  return startLeased(ctx, {
    name: "reconciliation",
    lease: RECONCILE_LEASE,
    intervalMs,
    // Outlives one interval, so the holder keeps it from run to run; a holder that died is replaced within half
    // an interval more.
    leaseMs: Math.round(intervalMs * 1.5),
    round: async () => {
      const report = await reconcileAndRecord(ctx, "worker");
      if (report.differences > 0) {
        ctx.log.error(
          {
            differences: report.differences,
            problems: [...report.ledger.problems, ...report.points.problems, ...report.chainProblems],
          },
          "reconciliation found differences (docs/ops/runbook.md)",
        );
      } else ctx.log.info({ differences: 0 }, "reconciliation: the books agree");
    },
  });
}

/** Housekeeping (docs/decisions/035): every instance, no lease. */
export function startMaintenance(ctx: AppContext): PeriodicJob {
  return startPeriodic(
    "maintenance",
    MAINTENANCE_INTERVAL_MS,
    () => runMaintenance(ctx).then(() => {}),
    ctx.log,
  );
}

/** Starts every job; a reconciliation interval of 0 turns the reconciliation off. */
export function startBackgroundJobs(ctx: AppContext): PeriodicJob[] {
  return [
    startChainWorker(ctx),
    startBoosterSweep(ctx),
    startBoardMarks(ctx),
    startRiskScan(ctx),
    ...(ctx.config.reconcileIntervalMs > 0 ? [startReconciliation(ctx)] : []),
    startMaintenance(ctx),
  ];
}

export interface JobsOptions {
  /** The server runs the jobs; tests drive rounds themselves and leave this false. */
  runBackgroundJobs: boolean;
}

export const jobsPlugin: FastifyPluginAsync<JobsOptions> = async (app, { runBackgroundJobs }) => {
  if (!runBackgroundJobs) return;
  const { ctx } = app;
  const running: PeriodicJob[] = [];
  // Once every plugin has loaded: a job never runs against an app that failed to start.
  app.addHook("onReady", async () => {
    running.push(...startBackgroundJobs(ctx));
  });
  // stop() waits for the round under way and lets the lease go.
  app.addHook("onClose", async () => {
    for (const job of running) await job.stop();
  });
};
