/**
 * The hourly reconciliation (RECONCILE_MINUTES): one instance at a time, under a lease of its own so a long
 * run never holds up the chain worker's rounds. Each run is recorded, and every instance's /api/metrics
 * shows the latest (taprewards_reconcile_differences); differences are also logged as an error.
 */
import type { AppContext } from "../../context.ts";
import { insertReconciliationRun } from "../../db/read-models/reconciliation.read-model.ts";
import type { PeriodicJob } from "../../periodic.ts";
import type { Uses } from "../deps.ts";
import { startLeasedJob } from "../worker-lease.ts";
import { type ReconcileReport, reconcile } from "./reconcile.ts";

export const RECONCILE_LEASE = "reconcile";

/** Runs one reconciliation and records it. */
export async function reconcileAndRecord(
  deps: Uses<"db" | "chain" | "clock">,
  source: "worker" | "command",
): Promise<ReconcileReport> {
  const report = await reconcile(deps);
  await insertReconciliationRun(deps.db, {
    source,
    finishedAt: new Date(report.finishedAt),
    differences: report.differences,
    report,
  });
  return report;
}

export function startReconciliation(ctx: AppContext): PeriodicJob {
  const intervalMs = ctx.config.reconcileIntervalMs;
  return startLeasedJob(ctx, {
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
