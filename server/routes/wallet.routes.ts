/** /wallet/…: the caller's wallet balance and history, the multiplier catalogue, purchases and rewards withdrawal. */
import type { FastifyInstance } from "fastify";
import { RECENT_CHAIN_TRANSACTIONS } from "#contracts/limits.ts";
import * as contract from "#contracts/wallet.ts";
import { walletBalanceMicro } from "../domain/ledger/accounts.ts";
import { generateDepositAddress } from "../domain/wallet/deposit-address.ts";
import {
  depositAddressBalanceMicro,
  depositAddressTransfers,
} from "../domain/wallet/deposit-address-on-chain.ts";
import { multiplierCatalogue } from "../domain/wallet/multiplier-catalogue.ts";
import { purchaseMultiplier } from "../domain/wallet/purchase-multiplier.ts";
import { requestUsdtWithdrawal } from "../domain/wallet/usdt-withdrawal.ts";
import { walletHistory } from "../domain/wallet/wallet-history.ts";
import { withdrawRewards } from "../domain/wallet/withdraw-rewards.ts";
import { ownWithdrawal } from "../domain/wallet/withdrawal-status.ts";
import { idempotencyKeyOf } from "./idempotency-key.ts";
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

  registerEndpoint(app, contract.generateWallet, async ({ auth }) => ({
    success: true as const,
    address: await generateDepositAddress(ctx, auth.user.id),
    message: "Your USDT TRC20 deposit address is ready. Only send USDT on the TRON network to it.",
  }));

  registerEndpoint(app, contract.tokenInfo, async () => ({
    success: true as const,
    symbol: "USDT" as const,
    decimals: 6 as const,
    network: "TRC20" as const,
    contract: ctx.chain.contract,
    explorer: ctx.chain.explorer,
  }));

  registerEndpoint(app, contract.tokenBalance, async ({ auth }) => {
    const balanceMicro = await depositAddressBalanceMicro(ctx, auth.user.id);
    return { success: true as const, balance: balanceMicro === null ? null : microToWire(balanceMicro) };
  });

  registerEndpoint(app, contract.chainTransactions, async ({ auth, query }) => {
    const limit = query.limit ?? RECENT_CHAIN_TRANSACTIONS;
    const transfers = await depositAddressTransfers(ctx, auth.user.id, limit);
    return {
      success: true as const,
      transactions: transfers.map((t) => ({
        type: t.direction,
        value: microToWire(t.amountMicro),
        timestamp: t.at.toISOString(),
        txId: t.txId,
        status: t.status,
      })),
    };
  });

  registerEndpoint(app, contract.withdrawalStatus, async ({ auth, params }) => {
    const withdrawal = await ownWithdrawal(ctx.db, auth.user.id, params.id);
    return {
      id: withdrawal.id,
      status: withdrawal.status,
      amount: microToWire(withdrawal.amountMicro),
      to: withdrawal.to,
      txId: withdrawal.txId,
      reason: withdrawal.reason,
    };
  });

  registerEndpoint(app, contract.tokenTransfer, async ({ auth, body, request }) => {
    const withdrawal = await requestUsdtWithdrawal(ctx, {
      userId: auth.user.id,
      idempotencyKey: idempotencyKeyOf(request.headers),
      to: body.to.trim(),
      amountMicro: microFromWire(body.amount, "body/amount"),
    });
    return {
      success: true as const,
      withdrawal: {
        id: withdrawal.id,
        status: withdrawal.status,
        amount: microToWire(withdrawal.amountMicro),
        to: withdrawal.to,
      },
    };
  });
}
