/**
 * Builds the HD wallet and the chain gateway the configuration asks for, and checks the seed belongs to this
 * database: the hot wallet's address is recorded on first start and compared on every later one, so a lost
 * or swapped mnemonic stops the server before it hands out addresses nobody can spend from.
 */
import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { findHotWalletAddress, recordHotWalletAddress } from "../db/repos/chain.repo.ts";
import type { Database } from "../db/schema.ts";
import type { ChainGateway } from "./gateway.ts";
import { createHdWallet, type HdWallet, HOT_WALLET_INDEX } from "./keys.ts";
import { createDevnetGateway } from "./local/devnet-gateway.ts";
import { loadWalletMnemonic } from "./mnemonic.ts";

export interface Chain {
  wallet: HdWallet;
  gateway: ChainGateway;
}

export async function setUpChain(options: {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  log: { warn(object: unknown, message?: string): void };
}): Promise<Chain> {
  const { config, db, clock } = options;
  const wallet = createHdWallet(loadWalletMnemonic(config, options.log));
  await checkSeed(db, wallet, clock);
  return { wallet, gateway: await createChainGateway({ config, db, clock, wallet }) };
}

/** The gateway the configuration asks for, over any wallet (a watch-only one for read-only tools). */
export async function createChainGateway(options: {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  wallet: HdWallet;
}): Promise<ChainGateway> {
  const { config, db, clock, wallet } = options;
  if (config.chain === "local") {
    return createDevnetGateway({
      db,
      wallet,
      clock,
      publicUrl: config.publicUrl,
      pollIntervalMs: config.chainPollIntervalMs,
    });
  }
  // Loaded only on TRON, so local mode never reads the TronGrid code.
  const { createTronGateway } = await import("./tron/tron-gateway.ts");
  return createTronGateway({
    apiUrl: config.tron.apiUrl,
    apiKey: config.tron.apiKey,
    contract: config.tron.usdtContract,
    explorer: config.tron.explorer,
    feeLimitSun: config.tron.feeLimitSun,
    pollIntervalMs: config.chainPollIntervalMs,
    wallet,
  });
}

async function checkSeed(db: Kysely<Database>, wallet: HdWallet, clock: Clock): Promise<void> {
  const hotWallet = wallet.addressAt(HOT_WALLET_INDEX);
  await recordHotWalletAddress(db, hotWallet, clock());
  const recorded = await findHotWalletAddress(db);
  if (recorded !== hotWallet) {
    throw new Error(
      `this database belongs to another wallet seed (its hot wallet is ${recorded}, the configured seed gives ` +
        `${hotWallet}). Restore the WALLET_MNEMONIC (or DATA_DIR/wallet-mnemonic.txt) this database was created with.`,
    );
  }
}
