/**
 * The chain: the HD wallet and the gateway the configuration asks for (checked against the seed this database
 * was created with, server/chain/setup.ts), or the gateway a test gives; the probe readiness and metrics read;
 * and, on a local trial, the demo treasury and the devnet hot wallet funded once per database. Wrapped with
 * fastify-plugin so `app.chain` decorates the root for the app context. Nothing to close: the gateways hold no
 * connection between calls.
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { microFromNumber } from "#contracts/micro.ts";
import type { ChainGateway } from "../chain/gateway.ts";
import type { HdWallet } from "../chain/keys.ts";
import { type DevnetGateway, seedDevnetHotWallet } from "../chain/local/devnet-gateway.ts";
import { setUpChain } from "../chain/setup.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { seedDemoTreasury } from "../domain/ledger/demo-treasury.ts";
import { type ChainProbe, createChainProbe } from "../domain/operations/chain-probe.ts";

declare module "fastify" {
  interface FastifyInstance {
    chain: { gateway: ChainGateway; wallet: HdWallet; probe: ChainProbe };
  }
}

export interface ChainOptions {
  config: Config;
  clock: Clock;
  /** Replaces the gateway the configuration asks for (tests: TRON against a fake TronGrid). */
  given?: ChainGateway;
}

const chain: FastifyPluginAsync<ChainOptions> = async (app, { config, clock, given }) => {
  const { db } = app.database;
  const configured = await setUpChain({ config, db, clock, log: app.log });
  const gateway = given ?? configured.gateway;
  const { wallet } = configured;
  if (config.chain === "local" && gateway.kind === "local") {
    const demoMicro = microFromNumber(config.demoTreasuryUsdt) ?? 0;
    await seedDemoTreasury(db, demoMicro, clock());
    await seedDevnetHotWallet(gateway as DevnetGateway, demoMicro);
  }
  app.decorate("chain", {
    gateway,
    wallet,
    probe: createChainProbe({ chain: gateway, wallet, log: app.log }),
  });
};

export const chainPlugin = fp(chain, { name: "chain", fastify: "5.x", dependencies: ["database"] });
