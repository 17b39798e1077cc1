/**
 * This instance's Prometheus metrics (docs/decisions/030, docs/ops/runbook.md). One registry per app, not
 * prom-client's global one, so several apps in one process (the test suites) never share counters. Counters
 * and histograms are fed as things happen; the figures read from the database are set just before each scrape
 * (server/domain/operations/metrics-scrape.ts). Every instance exposes its own; Prometheus scrapes each one.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const METRICS_PREFIX = "taprewards_";

export type TapSyncOutcome = "credited" | "clipped" | "replayed" | "refused";

const name = (suffix: string) => `${METRICS_PREFIX}${suffix}`;

export function createAppMetrics() {
  const registry = new Registry();
  // Node's own figures (memory, CPU, event-loop delay, GC) under the same prefix.
  collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });
  const registers = [registry];

  return {
    registry,
    httpRequests: new Counter({
      name: name("http_requests_total"),
      help: "HTTP requests answered, by method, route pattern (never the raw URL) and status.",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: name("http_request_duration_seconds"),
      help: "Time from a request's arrival to its answer, by method and route pattern.",
      labelNames: ["method", "route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    tapSyncs: new Counter({
      name: name("tap_syncs_total"),
      help: "Tap syncs by outcome: credited in full, clipped by the tap budget, replayed (a batch id seen before), refused (429 and other 4xx).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    forwardedForUnusable: new Counter({
      name: name("forwarded_for_unusable_total"),
      help: "Requests whose X-Forwarded-For hop, as TRUST_PROXY picks it, was not an IP address: the socket's address was used for them instead (a proxy that forwards junk, or a caller bypassing it).",
      registers,
    }),
    eventDelivery: new Histogram({
      name: name("event_delivery_seconds"),
      help: "From a live event's commit to its frame written to a stream of this instance.",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    eventStreams: new Gauge({
      name: name("event_streams_open"),
      help: "Live event streams this instance holds open.",
      registers,
    }),
    ledgerBalance: new Gauge({
      name: name("ledger_balance_usdt"),
      help: "Ledger balances in USDT: treasury, user wallets (summed), withdrawals in flight (clearing), external (minus everything inside).",
      labelNames: ["account"] as const,
      registers,
    }),
    pointsOutstanding: new Gauge({
      name: name("points_outstanding"),
      help: "Points held by all players together.",
      registers,
    }),
    withdrawals: new Gauge({
      name: name("withdrawals"),
      help: "Withdrawals (users' and the treasury's) by status.",
      labelNames: ["status"] as const,
      registers,
    }),
    withdrawalsUsdt: new Gauge({
      name: name("withdrawals_usdt"),
      help: "USDT of the withdrawals by status.",
      labelNames: ["status"] as const,
      registers,
    }),
    oldestOpenWithdrawal: new Gauge({
      name: name("withdrawal_oldest_open_age_seconds"),
      help: "Age of the oldest withdrawal not yet confirmed or failed (0 when none is open).",
      registers,
    }),
    chainWorkerLag: new Gauge({
      name: name("chain_worker_lag_seconds"),
      help: "Time since any instance last finished a chain worker round (deposits scanned, withdrawals moved on); absent before the first round.",
      // A label only so the series can be absent: prom-client shows an unlabelled gauge as 0 even when unset.
      labelNames: ["worker"] as const,
      registers,
    }),
    chainWorkerLeaseHeld: new Gauge({
      name: name("chain_worker_lease_held"),
      help: "1 while this instance holds the chain worker's lease (one instance at a time runs its rounds).",
      registers,
    }),
    chainUp: new Gauge({
      name: name("chain_up"),
      help: "1 when the chain gateway answered its last probe (the hot wallet's balance), 0 when it did not.",
      registers,
    }),
    dbPool: new Gauge({
      name: name("db_pool_connections"),
      help: "PostgreSQL connection pool of this instance: total, idle, and requests waiting for a connection.",
      labelNames: ["state"] as const,
      registers,
    }),
    reconcileLastRun: new Gauge({
      name: name("reconcile_last_run_timestamp_seconds"),
      help: "When the last reconciliation finished, as a Unix time, and who ran it (worker: the hourly run; command: npm run reconcile); absent before the first.",
      labelNames: ["source"] as const,
      registers,
    }),
    reconcileDifferences: new Gauge({
      name: name("reconcile_differences"),
      help: "Differences the last reconciliation found (0: the books agree with themselves and with the chain); absent before the first.",
      labelNames: ["source"] as const,
      registers,
    }),
    draining: new Gauge({
      name: name("instance_draining"),
      help: "1 from the moment this instance was told to stop (SIGTERM): /api/ready answers 503.",
      registers,
    }),
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
