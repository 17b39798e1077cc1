/**
 * The caller's deposit address as the chain sees it (the Wallet page's Deposit tab): the USDT it holds and its
 * latest transfers. A user without an address has nothing on chain, and the chain is not asked. The chain is
 * reached over the network: when it cannot be, the answer is a 503 saying to try again (docs/api.md), not a 500.
 */
import { ChainUnavailable } from "../../chain/gateway.ts";
import type { Uses } from "../deps.ts";
import { depositAddressOf } from "./deposit-address.ts";
import { type DepositScanDeps, type ScannedTransfer, scanDeposits } from "./deposits.ts";
import { chainUnavailable } from "./errors.ts";

/** Null when the user has no deposit address yet. */
export async function depositAddressBalanceMicro(
  deps: Uses<"db" | "chain">,
  userId: string,
): Promise<number | null> {
  const address = await depositAddressOf(deps, userId);
  if (address === null) return null;
  return onChain(() => deps.chain.tokenBalanceMicro(address));
}

/** The latest `limit` transfers, newest first; scanning also credits deposits that have become final. */
export async function depositAddressTransfers(
  deps: DepositScanDeps,
  userId: string,
  limit: number,
): Promise<ScannedTransfer[]> {
  const address = await depositAddressOf(deps, userId);
  if (address === null) return [];
  const scanned = await onChain(() => scanDeposits(deps, { userId, address }));
  return scanned.slice(0, limit);
}

async function onChain<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw err instanceof ChainUnavailable ? chainUnavailable() : err;
  }
}
