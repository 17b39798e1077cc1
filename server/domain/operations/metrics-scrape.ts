/**
 * GET /api/metrics: sets the figures that are read, not counted (the ledger, withdrawals, the chain worker's
 * lag, the last reconciliation, the pool, open streams), then renders this instance's registry in
 * Prometheus's text format. The database figures are one statement (operations.read-model.ts).
 */

import { microToNumber } from "#contracts/micro.ts";
import { CHAIN_WORKER_LEASE } from "../../chain/worker.ts";
import { readOperationsFigures } from "../../db/read-models/operations.read-model.ts";
import type { Uses } from "../deps.ts";

const WITHDRAWAL_STATUSES = ["reserved", "signed", "broadcast", "confirmed", "failed"] as const;
/** Ledger account kinds as the metric names them. */
const ACCOUNT_LABELS: Record<string, string> = {
  treasury: "treasury",
  wallet: "wallets",
  clearing: "withdrawals_in_flight",
  external: "external",
};

const seconds = (ms: number) => ms / 1000;

export interface ScrapedMetrics {
  contentType: string;
  text: string;
}

export async function scrapeMetrics(
  deps: Uses<"db" | "clock" | "metrics" | "chainProbe" | "live" | "lifecycle" | "poolUse">,
): Promise<ScrapedMetrics> {
  const { metrics } = deps;
  const now = deps.clock();
  const [figures, chain] = await Promise.all([
    readOperationsFigures(deps.db, CHAIN_WORKER_LEASE),
    deps.chainProbe.fresh(),
  ]);

  for (const [kind, label] of Object.entries(ACCOUNT_LABELS)) {
    metrics.ledgerBalance.set({ account: label }, microToNumber(figures.ledgerByKindMicro[kind] ?? 0));
  }
  metrics.pointsOutstanding.set(microToNumber(figures.pointsOutstandingMicro));
  for (const status of WITHDRAWAL_STATUSES) {
    const row = figures.withdrawals.find((entry) => entry.status === status);
    metrics.withdrawals.set({ status }, row?.count ?? 0);
    metrics.withdrawalsUsdt.set({ status }, microToNumber(row?.amountMicro ?? 0));
  }
  const oldestOpen = figures.oldestOpenWithdrawalAt;
  metrics.oldestOpenWithdrawal.set(
    oldestOpen ? Math.max(0, seconds(now.getTime() - oldestOpen.getTime())) : 0,
  );
  // Absent rather than 0 before the first round: 0 would read as "perfectly up to date".
  metrics.chainWorkerLag.reset();
  if (figures.workerRoundFinishedAt) {
    const lag = Math.max(0, seconds(now.getTime() - figures.workerRoundFinishedAt.getTime()));
    metrics.chainWorkerLag.set({ worker: "chain" }, lag);
  }
  metrics.reconcileLastRun.reset();
  metrics.reconcileDifferences.reset();
  const run = figures.lastReconciliation;
  if (run) {
    metrics.reconcileLastRun.set({ source: run.source }, seconds(run.finishedAt.getTime()));
    metrics.reconcileDifferences.set({ source: run.source }, run.differences);
  }
  metrics.chainUp.set(chain === "ok" ? 1 : 0);
  metrics.eventStreams.set(deps.live.openStreams);
  metrics.draining.set(deps.lifecycle.draining ? 1 : 0);
  const pool = deps.poolUse?.();
  if (pool) {
    metrics.dbPool.set({ state: "total" }, pool.total);
    metrics.dbPool.set({ state: "idle" }, pool.idle);
    metrics.dbPool.set({ state: "waiting" }, pool.waiting);
  }
  return { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() };
}
