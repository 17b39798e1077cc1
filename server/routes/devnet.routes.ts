/** Local devnet tools (CHAIN=local only, loopback callers only): test and demo helpers, never on a real chain. */
import type { FastifyInstance } from "fastify";
import { accountLabel } from "#contracts/account-label.ts";
import { deposit, devnetTransaction, fundWallet, localMailbox } from "#contracts/devnet.ts";
import { isTronAddress } from "#contracts/tron-address.ts";
import { depositOnDevnet, lookUpDevnetTransaction } from "../domain/devnet/devnet-chain.ts";
import { fundWalletOnDevnet } from "../domain/devnet/fund-wallet.ts";
import { localMailFor } from "../domain/devnet/local-mailbox.ts";
import { badTronAddress } from "../domain/wallet/errors.ts";
import { registerEndpoint } from "./register-endpoint.ts";
import { microFromWire, microToWire, optionalMicroFromWire } from "./wire-units.ts";

export function registerDevnetRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  registerEndpoint(app, fundWallet, async ({ auth, body }) => {
    const result = await fundWalletOnDevnet(
      ctx,
      {
        id: auth.user.id,
        email: accountLabel({ ...auth.user, telegramUsername: auth.user.telegram?.username }),
      },
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
    // Checked here, before the amount, so a request wrong in both ways hears about the address first.
    if (!isTronAddress(body.address)) throw badTronAddress();
    const txId = await depositOnDevnet(ctx, {
      to: body.address,
      amountMicro: microFromWire(body.amount, "body/amount"),
      failed: body.failed ?? false,
    });
    return { success: true as const, txId };
  });

  registerEndpoint(app, devnetTransaction, async ({ params }) => {
    const transaction = await lookUpDevnetTransaction(ctx, params.txId);
    return {
      txId: transaction.txId,
      blockNumber: transaction.blockNumber,
      from: transaction.from,
      to: transaction.to,
      amount: microToWire(transaction.amountMicro),
      token: "USDT" as const,
      status: transaction.status,
      timestamp: transaction.at.toISOString(),
    };
  });

  registerEndpoint(app, localMailbox, async ({ query }) => ({
    mails: (await localMailFor(ctx, query.to)).map((mail) => ({
      ...mail,
      createdAt: mail.createdAt.toISOString(),
    })),
  }));
}
