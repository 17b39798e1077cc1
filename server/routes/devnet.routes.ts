/** Local devnet tools (CHAIN=local only, loopback callers only): test and demo helpers, never on a real chain. */
import type { FastifyInstance } from "fastify";
import { deposit, devnetTransaction, fundWallet } from "#src/api/contracts/devnet.ts";
import { isTronAddress } from "#src/api/contracts/tron-address.ts";
import type { DevnetGateway } from "../chain/local/devnet-gateway.ts";
import { findDevnetTransfer } from "../db/repos/devnet.repo.ts";
import { fundWalletOnDevnet } from "../domain/devnet/fund-wallet.ts";
import { badTronAddress } from "../domain/wallet/errors.ts";
import { AppError } from "../errors.ts";
import { registerEndpoint } from "./register-endpoint.ts";
import { microFromWire, microToWire, optionalMicroFromWire } from "./wire-units.ts";

export function registerDevnetRoutes(app: FastifyInstance, devnet: DevnetGateway): void {
  const ctx = app.ctx;
  registerEndpoint(app, fundWallet, async ({ auth, body }) => {
    const result = await fundWalletOnDevnet(
      ctx,
      { id: auth.user.id, email: auth.user.email },
      {
        email: body.email,
        amountMicro: microFromWire(body.amount, "body/amount"),
        pointsMicro: optionalMicroFromWire(body.points, "body/points") ?? 0,
      },
    );
    return {
      success: true as const,
      balance: microToWire(result.balanceMicro),
      points: microToWire(result.pointsMicro),
    };
  });

  registerEndpoint(app, deposit, async ({ body }) => {
    if (!isTronAddress(body.address)) throw badTronAddress();
    const amountMicro = microFromWire(body.amount, "body/amount");
    const txId = await devnet.deposit({ to: body.address, amountMicro, failed: body.failed ?? false });
    return { success: true as const, txId };
  });

  registerEndpoint(app, devnetTransaction, async ({ params }) => {
    const row = await findDevnetTransfer(ctx.db, params.txId);
    if (!row) throw new AppError(404, "NOT_FOUND", "The devnet has no transaction with this id.");
    const confirmed = row.confirms_at <= ctx.clock();
    return {
      txId: row.tx_id,
      blockNumber: row.block_number,
      from: row.from_address,
      to: row.to_address,
      amount: microToWire(row.amount_micro),
      token: "USDT" as const,
      status: !confirmed
        ? ("pending" as const)
        : row.status === "failed"
          ? ("failed" as const)
          : ("confirmed" as const),
      timestamp: row.created_at.toISOString(),
    };
  });
}
