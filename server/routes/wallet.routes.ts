/** /wallet/…: the caller's wallet balance and history, the multiplier catalogue, purchases and rewards withdrawal. */
import type { FastifyInstance } from "fastify";
import { RECENT_CHAIN_TRANSACTIONS } from "#src/api/contracts/limits.ts";
import * as contract from "#src/api/contracts/wallet.ts";
import { ChainUnavailable } from "../chain/gateway.ts";
import { findWithdrawal } from "../db/repos/withdrawals.repo.ts";
import { walletBalanceMicro } from "../domain/ledger/accounts.ts";
import { depositAddressOf, generateDepositAddress } from "../domain/wallet/deposit-address.ts";
import { scanDeposits } from "../domain/wallet/deposits.ts";
import { chainUnavailable } from "../domain/wallet/errors.ts";
import { multiplierCatalogue } from "../domain/wallet/multiplier-catalogue.ts";
import { purchaseMultiplier } from "../domain/wallet/purchase-multiplier.ts";
import { requestUsdtWithdrawal } from "../domain/wallet/usdt-withdrawal.ts";
import { walletHistory } from "../domain/wallet/wallet-history.ts";
import { withdrawRewards } from "../domain/wallet/withdraw-rewards.ts";
import { AppError } from "../errors.ts";
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
    const address = await depositAddressOf(ctx, auth.user.id);
    if (address === null) return { success: true as const, balance: null };
    const balanceMicro = await onChain(() => ctx.chain.tokenBalanceMicro(address));
    return { success: true as const, balance: microToWire(balanceMicro) };
  });

  registerEndpoint(app, contract.chainTransactions, async ({ auth, query }) => {
    const address = await depositAddressOf(ctx, auth.user.id);
    if (address === null) return { success: true as const, transactions: [] };
    const scanned = await onChain(() => scanDeposits(ctx, { userId: auth.user.id, address }));
    return {
      success: true as const,
      transactions: scanned.slice(0, query.limit ?? RECENT_CHAIN_TRANSACTIONS).map((t) => ({
        type: t.direction,
        value: microToWire(t.amountMicro),
        timestamp: t.at.toISOString(),
        txId: t.txId,
        status: t.status,
      })),
    };
  });

  registerEndpoint(app, contract.withdrawalStatus, async ({ auth, params }) => {
    const row = await findWithdrawal(ctx.db, params.id);
    // Someone else's withdrawal is as unknown as a missing one.
    if (!row || row.user_id !== auth.user.id)
      throw new AppError(404, "NOT_FOUND", "No withdrawal of yours has this id.");
    return {
      id: row.id,
      status: publicStatus(row.status),
      amount: microToWire(row.amount_micro),
      to: row.to_address,
      txId: row.status === "reserved" ? null : row.tx_id,
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

/** A withdrawal's status as its owner sees it: the chain's steps before confirmation are all "pending". */
const publicStatus = (status: string) =>
  status === "confirmed"
    ? ("confirmed" as const)
    : status === "failed"
      ? ("failed" as const)
      : ("pending" as const);

/** Chain calls that fail for network reasons answer 503 with a message saying to try again. */
async function onChain<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw err instanceof ChainUnavailable ? chainUnavailable() : err;
  }
}

/** The header schema (IdempotencyHeaders) has already required and checked it. */
function idempotencyKeyOf(headers: Record<string, unknown>): string {
  return String(headers["idempotency-key"]);
}
