/** /wallet/…: the caller's wallet balance and history, the multiplier catalogue, purchases and rewards withdrawal. */
import type { FastifyInstance } from "fastify";
import * as contract from "#src/api/contracts/wallet.ts";
import { walletBalanceMicro } from "../domain/ledger/accounts.ts";
import { multiplierCatalogue } from "../domain/wallet/multiplier-catalogue.ts";
import { purchaseMultiplier } from "../domain/wallet/purchase-multiplier.ts";
import { walletHistory } from "../domain/wallet/wallet-history.ts";
import { withdrawRewards } from "../domain/wallet/withdraw-rewards.ts";
import { encodeCursor, pageRequest, SERIAL_ID } from "./list-cursor.ts";
import { registerEndpoint } from "./register-endpoint.ts";
import { microFromWire, microToWire } from "./wire-units.ts";

export function registerWalletRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  registerEndpoint(app, contract.walletBalance, async ({ auth }) => ({
    success: true as const,
    balance: microToWire(await walletBalanceMicro(ctx.db, auth.user.id)),
  }));

  registerEndpoint(app, contract.multipliers, async () =>
    (await multiplierCatalogue(ctx.db)).map((option) => ({
      multiplier_value: microToWire(option.multiplierMicro),
      price_usdt: microToWire(option.priceMicro),
    })),
  );

  registerEndpoint(app, contract.purchaseMultiplier, async ({ auth, body, request }) => {
    const result = await purchaseMultiplier(ctx, {
      userId: auth.user.id,
      idempotencyKey: idempotencyKeyOf(request.headers),
      multiplierMicro: microFromWire(body.multiplier_value, "body/multiplier_value"),
    });
    return {
      success: true as const,
      multiplier: microToWire(result.multiplierMicro),
      points: microToWire(result.pointsMicro),
      totalTaps: result.totalTaps,
      walletBalance: microToWire(result.walletBalanceMicro),
    };
  });

  registerEndpoint(app, contract.withdrawRewards, async ({ auth, body, request }) => {
    const result = await withdrawRewards(ctx, {
      userId: auth.user.id,
      idempotencyKey: idempotencyKeyOf(request.headers),
      amountMicro: microFromWire(body.amount, "body/amount"),
    });
    return {
      success: true as const,
      points: microToWire(result.pointsMicro),
      totalTaps: result.totalTaps,
      walletBalance: microToWire(result.walletBalanceMicro),
    };
  });

  registerEndpoint(app, contract.walletHistory, async ({ auth, query }) => {
    const page = await walletHistory(ctx.db, auth.user.id, pageRequest(query, SERIAL_ID));
    return {
      transactions: page.items.map((entry) => ({
        id: entry.id,
        type: entry.type,
        amount: microToWire(entry.amountMicro),
        description: entry.description,
        timestamp: entry.at.toISOString(),
        status: entry.status,
      })),
      nextCursor: encodeCursor(page.next),
    };
  });
}

/** The header schema (IdempotencyHeaders) has already required and checked it. */
function idempotencyKeyOf(headers: Record<string, unknown>): string {
  return String(headers["idempotency-key"]);
}
