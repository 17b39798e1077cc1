/**
 * The hourly reconciliation (RECONCILE_MINUTES): one instance at a time, under a lease of its own so a long
 * run never holds up the chain worker's rounds. Each run is recorded, and every instance's /api/metrics
 * shows the latest (taprewards_reconcile_differences); differences are also logged as an error.
 */
import { insertReconciliationRun } from "../../db/read-models/reconciliation.read-model.ts";
import type { Uses } from "../deps.ts";
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
