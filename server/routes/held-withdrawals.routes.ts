/**
 * /admin/withdrawals/{id}/approve|reject and /admin/economy (docs/fair-play.md): the admins' decisions on held
 * USDT withdrawals, and the operator's economy. The queue itself is GET /admin/withdrawals?status=review.
 */
import type { FastifyInstance } from "fastify";
import * as contract from "#contracts/fair-play.ts";
import { economyReport } from "../domain/admin/economy.ts";
import {
  approveHeldWithdrawal,
  type DecidedWithdrawal,
  rejectHeldWithdrawal,
} from "../domain/fair-play/held-withdrawals.ts";
import { actorOf } from "./admin.routes.ts";
import { idempotencyKeyOf } from "./idempotency-key.ts";
import { registerEndpoint } from "./register-endpoint.ts";
import { microToWire } from "./wire-units.ts";

const decidedOnWire = (withdrawal: DecidedWithdrawal) => ({
  success: true as const,
  withdrawal: {
    id: withdrawal.id,
    userId: withdrawal.userId,
    status: withdrawal.status,
    amount: microToWire(withdrawal.amountMicro),
    to: withdrawal.to,
    reason: withdrawal.reason,
  },
});

export function registerHeldWithdrawalRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  registerEndpoint(app, contract.approveWithdrawal, async ({ auth, params, request }) =>
    decidedOnWire(
      await approveHeldWithdrawal(ctx, actorOf(auth), {
        withdrawalId: params.id,
        idempotencyKey: idempotencyKeyOf(request.headers),
      }),
    ),
  );

  registerEndpoint(app, contract.rejectWithdrawal, async ({ auth, params, body, request }) =>
    decidedOnWire(
      await rejectHeldWithdrawal(ctx, actorOf(auth), {
        withdrawalId: params.id,
        idempotencyKey: idempotencyKeyOf(request.headers),
        reason: body.reason.trim(),
      }),
    ),
  );

  registerEndpoint(app, contract.economy, async ({ query }) => {
    const report = await economyReport(
      { db: ctx.db, clock: ctx.clock, pointsPerUsdt: ctx.config.pointsPerUsdt },
      query.days ?? contract.ECONOMY_DEFAULT_DAYS,
    );
    const l = report.liabilities;
    return {
      days: report.days.map((day) => ({
        date: day.date,
        newUsers: day.newUsers,
        activeUsers: day.activeUsers,
        taps: day.taps,
        pointsMinted: microToWire(day.pointsMintedMicro),
        pointsConverted: microToWire(day.pointsConvertedMicro),
        depositsUsdt: microToWire(day.depositsMicro),
        withdrawalsUsdt: microToWire(day.withdrawalsMicro),
        coverage: day.coverage,
      })),
      liabilities: {
        pointsOutstanding: microToWire(l.pointsOutstandingMicro),
        pointsOutstandingUsdt: microToWire(l.pointsOutstandingUsdtMicro),
        walletsUsdt: microToWire(l.walletsMicro),
        treasuryUsdt: microToWire(l.treasuryMicro),
        hotWalletUsdt: microToWire(l.hotWalletMicro),
        coverage: l.coverage,
      },
    };
  });
}
