/**
 * The chain worker: every poll interval, one round of the deposit watcher and of the open withdrawals, on one
 * instance at a time (a lease; the others skip their rounds while it is held). Both would be safe to run on
 * every instance at once, but that only multiplies the calls to the chain.
 */
import type { AppContext } from "../context.ts";
import { recordWorkerRound } from "../db/repos/worker-leases.repo.ts";
import { scanAllDeposits } from "../domain/wallet/deposits.ts";
import { advanceOpenWithdrawals } from "../domain/wallet/usdt-withdrawal.ts";
import { startLeasedJob } from "../domain/worker-lease.ts";
import type { PeriodicJob } from "../periodic.ts";

export const CHAIN_WORKER_LEASE = "chain-worker";
/** Rounds a holder may miss before another instance takes over. */
const LEASE_ROUNDS = 3;

export function startChainWorker(ctx: AppContext): PeriodicJob {
  return startLeasedJob(ctx, {
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
