/** The chain worker: every poll interval, one round of the deposit watcher and of the open withdrawals. */
import type { AppContext } from "../context.ts";
import { scanAllDeposits } from "../domain/wallet/deposits.ts";
import { advanceOpenWithdrawals } from "../domain/wallet/usdt-withdrawal.ts";
import { type PeriodicJob, startPeriodic } from "../periodic.ts";

export function startChainWorker(ctx: AppContext): PeriodicJob {
  return startPeriodic(
    "chain worker",
    ctx.chain.pollIntervalMs,
    async () => {
      await scanAllDeposits(ctx);
      await advanceOpenWithdrawals(ctx);
    },
    ctx.log,
  );
}
