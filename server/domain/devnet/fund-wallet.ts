/**
 * Local devnet only (tests and demos): an admin moves USDT from the treasury into a user's wallet, found by
 * email, and optionally grants points, so the e2e suite can buy a multiplier without a chain or 100 000 taps.
 * Audited in the same transaction, like every admin action.
 */
import { insertPointsMovement, setPointsAndMultiplier } from "../../db/repos/rewards.repo.ts";
import { findUserByEmail } from "../../db/repos/users.repo.ts";
import { AppError } from "../../errors.ts";
import { type Actor, recordAudit } from "../admin/audit.ts";
import { normalizeEmail } from "../auth/email.ts";
import { ensureWalletAccount, TREASURY, walletBalanceMicro } from "../ledger/accounts.ts";
import { InsufficientBalance, transfer } from "../ledger/transfer.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { pointsChanged } from "../live/screen-events.ts";
import { lockRewardsAccount } from "../taps/rewards-account.ts";
import { insufficientPoolBalance } from "../wallet/errors.ts";

export async function fundWalletOnDevnet(
  deps: LiveTransactionDeps,
  actor: Actor,
  request: { email: string; amountMicro: number; pointsMicro: number },
): Promise<{ balanceMicro: number; pointsMicro: number }> {
  const user = await findUserByEmail(deps.db, normalizeEmail(request.email));
  if (!user) throw new AppError("NOT_FOUND", "No account uses this email.");
  const walletAccount = await ensureWalletAccount(deps.db, user.id);
  return transactionWithLiveEvents(deps, async (trx) => {
    const now = deps.clock();
    const rewards = await lockRewardsAccount(trx, user.id, now);
    const pointsMicro = rewards.pointsMicro + request.pointsMicro;
    if (request.pointsMicro > 0) {
      await setPointsAndMultiplier(trx, user.id, { pointsMicro, multiplierMicro: rewards.multiplierMicro });
      await insertPointsMovement(trx, {
        userId: user.id,
        deltaMicro: request.pointsMicro,
        kind: "devnet",
        at: now,
      });
      pointsChanged(trx, user.id, {
        pointsMicro,
        totalTaps: rewards.totalTaps,
        multiplierMicro: rewards.multiplierMicro,
      });
    }
    if (request.amountMicro > 0) {
      await transfer(trx, {
        from: TREASURY,
        to: walletAccount,
        amountMicro: request.amountMicro,
        kind: "devnet",
        description: "Devnet funding",
        reference: user.id,
        at: now,
      }).catch((err: unknown) => {
        throw err instanceof InsufficientBalance ? insufficientPoolBalance() : err;
      });
    }
    await recordAudit(trx, {
      actor,
      action: "devnet-fund",
      target: user.email,
      amountMicro: request.amountMicro,
      at: now,
    });
    return { balanceMicro: await walletBalanceMicro(trx, user.id), pointsMicro };
  });
}
