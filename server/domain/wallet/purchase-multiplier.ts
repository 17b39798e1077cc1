/**
 * Buying a higher multiplier (docs/design.md §4): 100 points and the option's price (wallet → treasury) in
 * one transaction with the new multiplier and its history entry. Checks, in the contract's order: the option
 * exists, it is higher than the current one, the points (before the funds), then the funds. The first
 * purchase unlocks `first-multiplier` (docs/decisions/019), whose reward is in the answer's points.
 */
import { MULTIPLIER_PURCHASE_POINTS } from "#contracts/limits.ts";
import { MICRO_PER_UNIT, microToNumber } from "#contracts/micro.ts";
import { findMultiplierOption, insertMultiplierChange } from "../../db/repos/multipliers.repo.ts";
import { insertPointsMovement, setPointsAndMultiplier } from "../../db/repos/rewards.repo.ts";
import type { Settings } from "../deps.ts";
import { unlockAchievements } from "../economy/achievements.ts";
import { refuseIfFrozen } from "../fair-play/money-gate.ts";
import { runIdempotent } from "../idempotency.ts";
import { ensureWalletAccount, TREASURY, walletBalanceMicro } from "../ledger/accounts.ts";
import { InsufficientBalance, transfer } from "../ledger/transfer.ts";
import type { LiveTransactionDeps } from "../live/live-transaction.ts";
import { multiplierChanged, pointsChanged } from "../live/screen-events.ts";
import { lockRewardsAccount } from "../taps/rewards-account.ts";
import { multiplierNotHigher, notEnoughFunds, notEnoughPoints, unknownMultiplier } from "./errors.ts";

const PURCHASE_POINTS_MICRO = MULTIPLIER_PURCHASE_POINTS * MICRO_PER_UNIT;

export interface PurchaseResult {
  multiplierMicro: number;
  pointsMicro: number;
  /** Taps credited so far: tells a client how recent these points are against a tap sync's answer. */
  totalTaps: number;
  walletBalanceMicro: number;
}

export async function purchaseMultiplier(
  deps: LiveTransactionDeps & Settings<"economy">,
  request: { userId: string; idempotencyKey: string; multiplierMicro: number },
): Promise<PurchaseResult> {
  const { userId, multiplierMicro } = request;
  // Committed on its own, before the transaction: a wallet account existing is harmless either way.
  const walletAccount = await ensureWalletAccount(deps.db, userId);
  return runIdempotent(
    deps,
    {
      callerId: userId,
      key: request.idempotencyKey,
      scope: "multiplier-purchase",
      body: { multiplierMicro },
    },
    async (trx) => {
      const now = deps.clock();
      const option = await findMultiplierOption(trx, multiplierMicro);
      if (!option) throw unknownMultiplier();
      // A frozen or banned account moves nothing (docs/fair-play.md); the standing before the rewards row.
      await refuseIfFrozen(trx, userId);
      const rewards = await lockRewardsAccount(trx, userId, now);
      if (option.multiplierMicro <= rewards.multiplierMicro) throw multiplierNotHigher();
      if (rewards.pointsMicro < PURCHASE_POINTS_MICRO) throw notEnoughPoints();

      if (option.priceMicro > 0) {
        await transfer(trx, {
          from: walletAccount,
          to: TREASURY,
          amountMicro: option.priceMicro,
          kind: "purchase",
          description: `Multiplier ${microToNumber(option.multiplierMicro)}x`,
          reference: userId,
          at: now,
        }).catch((err: unknown) => {
          throw err instanceof InsufficientBalance ? notEnoughFunds() : err;
        });
      }
      const pointsMicro = rewards.pointsMicro - PURCHASE_POINTS_MICRO;
      await setPointsAndMultiplier(trx, userId, { pointsMicro, multiplierMicro: option.multiplierMicro });
      await insertPointsMovement(trx, {
        userId,
        deltaMicro: -PURCHASE_POINTS_MICRO,
        kind: "purchase",
        at: now,
      });
      await insertMultiplierChange(trx, {
        userId,
        oldMicro: rewards.multiplierMicro,
        newMicro: option.multiplierMicro,
        reason: "purchase",
        at: now,
      });
      const figures = { pointsMicro, totalTaps: rewards.totalTaps, multiplierMicro: option.multiplierMicro };
      pointsChanged(trx, userId, figures);
      multiplierChanged(trx, userId, option.multiplierMicro);
      const after = await unlockAchievements(
        trx,
        deps.config.economy.achievementRewardPoints,
        { userId, achievementsMask: rewards.achievementsMask, ...figures },
        ["first-multiplier"],
        now,
      );
      return {
        multiplierMicro: option.multiplierMicro,
        pointsMicro: after.pointsMicro,
        totalTaps: rewards.totalTaps,
        walletBalanceMicro: await walletBalanceMicro(trx, userId),
      };
    },
  );
}
