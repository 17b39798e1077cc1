/** Names of the ledger's accounts (docs/design.md §4). */
import type { Kysely } from "kysely";
import { ensureWalletAccountRow, findBalanceMicro } from "../../db/repos/ledger.repo.ts";
import type { Database } from "../../db/schema.ts";

/** The reward pool: pays rewards withdrawals and admin funding, receives multiplier purchases. */
export const TREASURY = "treasury";
/** The chain: the only account allowed below zero (it mirrors everything held inside). */
export const EXTERNAL = "external";

const WALLET_PREFIX = "wallet:";
export const walletAccountId = (userId: string) => `${WALLET_PREFIX}${userId}`;

/** The user whose wallet this account is, or null for the treasury, the chain and clearing accounts. */
export const walletOwner = (accountId: string): string | null =>
  accountId.startsWith(WALLET_PREFIX) ? accountId.slice(WALLET_PREFIX.length) : null;

/** The user's wallet account, created on first use (outside any transaction: it commits on its own). */
export async function ensureWalletAccount(db: Kysely<Database>, userId: string): Promise<string> {
  const id = walletAccountId(userId);
  await ensureWalletAccountRow(db, id, userId);
  return id;
}

/** A user's wallet balance in micro-USDT; 0 before the wallet's first movement. */
export async function walletBalanceMicro(db: Kysely<Database>, userId: string): Promise<number> {
  return (await findBalanceMicro(db, walletAccountId(userId))) ?? 0;
}

/** The reward pool's balance in micro-USDT. */
export async function treasuryBalanceMicro(db: Kysely<Database>): Promise<number> {
  return (await findBalanceMicro(db, TREASURY)) ?? 0;
}
