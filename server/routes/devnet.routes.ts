/** Local devnet tools (CHAIN=local only, loopback callers only): test and demo helpers, never on a real chain. */
import type { FastifyInstance } from "fastify";
import { fundWallet } from "#src/api/contracts/devnet.ts";
import { fundWalletOnDevnet } from "../domain/devnet/fund-wallet.ts";
import { registerEndpoint } from "./register-endpoint.ts";
import { microFromWire, microToWire, optionalMicroFromWire } from "./wire-units.ts";

export function registerDevnetRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  registerEndpoint(app, fundWallet, async ({ body }) => {
    const result = await fundWalletOnDevnet(ctx, {
      email: body.email,
      amountMicro: microFromWire(body.amount, "body/amount"),
      pointsMicro: optionalMicroFromWire(body.points, "body/points") ?? 0,
    });
    return {
      success: true as const,
      balance: microToWire(result.balanceMicro),
      points: microToWire(result.pointsMicro),
    };
  });
}
