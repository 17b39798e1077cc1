/**
 * Rewards withdrawal (docs/design.md §4): points leave the rewards balance and the treasury pays
 * amount / POINTS_PER_USDT USDT into the wallet (rounded down to the micro-USDT), in one transaction. The
 * treasury's conditional debit means the pool is never overdrawn, however many withdrawals run at once. The
 * first withdrawal unlocks `first-withdrawal` (docs/decisions/019), whose reward is in the answer's points.
 */

import { MICRO_PER_UNIT, microFromNumber, mulDivFloor } from "#contracts/micro.ts";
import type { Settings } from "../deps.ts";
import { unlockAchievements } from "../economy/achievements.ts";
import { refuseIfFrozen } from "../fair-play/money-gate.ts";
import { runIdempotent } from "../idempotency.ts";
import { ensureWalletAccount, TREASURY, walletBalanceMicro } from "../ledger/accounts.ts";
import { InsufficientBalance, transfer } from "../ledger/transfer.ts";
import type { LiveTransactionDeps } from "../live/live-transaction.ts";
import { lockRewardsAccount, movePoints } from "../taps/rewards-account.ts";
import { belowMinimumPayout, insufficientPointsBalance, insufficientPoolBalance } from "./errors.ts";

export interface WithdrawRewardsResult {
  pointsMicro: number;
  /** Taps credited so far: tells a client how recent these points are against a tap sync's answer. */
  totalTaps: number;
  walletBalanceMicro: number;
}

/** micro-USDT paid for an amount of micro-points at the configured rate. */
export function payoutMicro(pointsMicro: number, pointsPerUsdt: number): number {
  const rateMicro = microFromNumber(pointsPerUsdt);
  if (rateMicro === null || rateMicro === 0) throw new RangeError(`bad POINTS_PER_USDT ${pointsPerUsdt}`);
  return mulDivFloor(pointsMicro, MICRO_PER_UNIT, rateMicro);
}

export async function withdrawRewards(
  deps: LiveTransactionDeps & Settings<"economy" | "pointsPerUsdt">,
  request: { userId: string; idempotencyKey: string; amountMicro: number },
): Promise<WithdrawRewardsResult> {
  const { userId, amountMicro } = request;
  const usdtMicro = payoutMicro(amountMicro, deps.config.pointsPerUsdt);
  if (usdtMicro <= 0) throw belowMinimumPayout();
  const walletAccount = await ensureWalletAccount(deps.db, userId);
  return runIdempotent(
    deps,
    { callerId: userId, key: request.idempotencyKey, scope: "withdraw-rewards", body: { amountMicro } },
    async (trx) => {
      const now = deps.clock();
      // A frozen or banned account moves nothing (docs/fair-play.md); the standing before the rewards row.
      await refuseIfFrozen(trx, userId);
      const rewards = await lockRewardsAccount(trx, userId, now);
      if (rewards.pointsMicro < amountMicro) throw insufficientPointsBalance();
      await transfer(trx, {
        from: TREASURY,
        to: walletAccount,
        amountMicro: usdtMicro,
        kind: "rewards",
        description: "Rewards withdrawal",
        reference: userId,
        at: now,
      }).catch((err: unknown) => {
        throw err instanceof InsufficientBalance ? insufficientPoolBalance() : err;
      });
      const pointsMicro = await movePoints(trx, userId, rewards, {
        deltaMicro: -amountMicro,
        kind: "rewards",
        at: now,
      });
      const after = await unlockAchievements(
        trx,
        deps.config.economy.achievementRewardPoints,
        { userId, ...rewards, pointsMicro },
        ["first-withdrawal"],
        now,
      );
      return {
        pointsMicro: after.pointsMicro,
        totalTaps: rewards.totalTaps,
        walletBalanceMicro: await walletBalanceMicro(trx, userId),
      };
    },
  );
}
