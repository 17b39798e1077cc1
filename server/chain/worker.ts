/**
 * The chain worker: every poll interval, one round of the deposit watcher and of the open withdrawals. A
 * round never overlaps the previous one; failures are logged and the next round tries again.
 */
import type { AppContext } from "../context.ts";
import { scanAllDeposits } from "../domain/wallet/deposits.ts";
import { advanceOpenWithdrawals } from "../domain/wallet/usdt-withdrawal.ts";

export interface ChainWorker {
  stop(): Promise<void>;
}

export function startChainWorker(ctx: AppContext): ChainWorker {
  let round: Promise<void> | null = null;
  const tick = () => {
    if (round) return;
    round = (async () => {
      await scanAllDeposits(ctx);
      await advanceOpenWithdrawals(ctx);
    })()
      .catch((err: unknown) => ctx.log.error({ err }, "chain worker round failed"))
      .finally(() => {
        round = null;
      });
  };
  const timer = setInterval(tick, ctx.chain.pollIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
