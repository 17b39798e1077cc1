/**
 * The deposit watcher (docs/design.md §6). Lists the latest USDT transfers of a deposit address and settles
 * every incoming transaction it has not settled yet: once the chain calls it final, each Transfer log of our
 * contract to this address with a value above zero is credited, exactly once (unique on transaction id and
 * log index, and on the ledger's idempotency key); a failed transaction is remembered and never credited.
 * Chain calls happen before the database transaction, never inside it. Listings may overlap and scans may
 * run at the same time (interval and Refresh, or two processes): the unique keys keep the credit single.
 * The owner's screens hear of a deposit twice: `pending` the first time a scan sees it not yet final, and
 * `credited` in the transaction that credits it (docs/api.md, Live events). The first credited deposit unlocks
 * `first-deposit` in that transaction (docs/decisions/019).
 */
import type { AddressTransfer, TransferLog } from "../../chain/gateway.ts";
import {
  checkedOutcomes,
  insertChainDeposit,
  insertDepositSighting,
  listDepositAddresses,
  recordChecked,
} from "../../db/repos/chain.repo.ts";
import type { Settings, Uses } from "../deps.ts";
import { prepareUnlock } from "../economy/achievements.ts";
import { EXTERNAL, ensureWalletAccount } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { depositChanged } from "../live/screen-events.ts";

/** How many of the address's latest transfers each scan reads (the Deposit tab shows 10). */
export const SCAN_DEPTH = 50;

export type ChainTransferStatus = "pending" | "confirmed" | "failed";

export interface ScannedTransfer extends AddressTransfer {
  direction: "receive" | "send";
  status: ChainTransferStatus;
}

/** A scan asks the chain and credits what it finds, unlocking the deposit achievements. */
export type DepositScanDeps = LiveTransactionDeps & Uses<"chain"> & Settings<"economy">;

export async function scanDeposits(
  deps: DepositScanDeps,
  owner: { userId: string; address: string },
): Promise<ScannedTransfer[]> {
  const { address } = owner;
  const transfers = await deps.chain.listTransfers(address, { limit: SCAN_DEPTH });
  const incomingIds = [...new Set(transfers.filter((t) => t.to === address).map((t) => t.txId))];
  const settled = await checkedOutcomes(deps.db, address, incomingIds);
  for (const txId of incomingIds) {
    if (settled.has(txId)) continue;
    const outcome = await deps.chain.transactionOutcome(txId);
    if (outcome.status === "failed") {
      await recordChecked(deps.db, { txId, address, outcome: "failed", at: deps.clock() });
      settled.set(txId, "failed");
    } else if (outcome.status === "confirmed") {
      const ours = outcome.logs.filter((log) => log.to === address && log.amountMicro > 0);
      await creditLogs(deps, owner, txId, outcome.blockNumber, ours);
      settled.set(txId, ours.length > 0 ? "credited" : "nothing");
    } else if (outcome.status === "pending") {
      await announcePending(deps, owner, txId, incomingMicro(transfers, address, txId));
    }
  }
  return (
    transfers
      // Zero-value and other no-credit transfers are left out: they are how "address poisoning" scams try to
      // get a look-alike address into a user's history.
      .filter((t) => t.amountMicro > 0 && settled.get(t.txId) !== "nothing")
      .map((t) => ({
        ...t,
        direction: t.to === address ? ("receive" as const) : ("send" as const),
        status: statusOf(t, settled.get(t.txId), address),
      }))
  );
}

function statusOf(t: AddressTransfer, settled: string | undefined, address: string): ChainTransferStatus {
  if (t.to !== address) return t.confirmed ? "confirmed" : "pending";
  if (settled === "credited") return "confirmed";
  if (settled === "failed") return "failed";
  return "pending";
}

const incomingMicro = (transfers: AddressTransfer[], address: string, txId: string) =>
  transfers.filter((t) => t.txId === txId && t.to === address).reduce((sum, t) => sum + t.amountMicro, 0);

async function announcePending(
  deps: LiveTransactionDeps,
  owner: { userId: string; address: string },
  txId: string,
  amountMicro: number,
): Promise<void> {
  if (amountMicro <= 0) return;
  await transactionWithLiveEvents(deps, async (trx) => {
    const first = await insertDepositSighting(trx, { txId, address: owner.address, at: deps.clock() });
    if (first) depositChanged(trx, owner.userId, { txId, amountMicro, status: "pending" });
  });
}

async function creditLogs(
  deps: DepositScanDeps,
  owner: { userId: string; address: string },
  txId: string,
  blockNumber: number,
  logs: TransferLog[],
): Promise<void> {
  const walletAccount = await ensureWalletAccount(deps.db, owner.userId);
  await transactionWithLiveEvents(deps, async (trx) => {
    const at = deps.clock();
    // The owner's rewards row is locked first, before the ledger accounts, in case this is their first deposit.
    const unlock = await prepareUnlock(trx, deps.config.economy.achievementRewardPoints, owner.userId, at);
    let creditedMicro = 0;
    for (const log of logs) {
      const fresh = await insertChainDeposit(trx, {
        txId,
        logIndex: log.logIndex,
        userId: owner.userId,
        address: owner.address,
        amountMicro: log.amountMicro,
        blockNumber,
        at,
      });
      if (!fresh) continue;
      await transfer(trx, {
        from: EXTERNAL,
        to: walletAccount,
        amountMicro: log.amountMicro,
        kind: "deposit",
        description: "USDT deposit",
        reference: txId,
        idempotencyKey: `deposit:${txId}:${log.logIndex}`,
        at,
      });
      creditedMicro += log.amountMicro;
    }
    if (creditedMicro > 0) {
      depositChanged(trx, owner.userId, { txId, amountMicro: creditedMicro, status: "credited" });
      await unlock(["first-deposit"]);
    }
    await recordChecked(trx, {
      txId,
      address: owner.address,
      outcome: logs.length > 0 ? "credited" : "nothing",
      at,
    });
  });
}

/** One round over every deposit address; one address failing (chain hiccup) does not stop the others. */
export async function scanAllDeposits(
  deps: DepositScanDeps & Uses<"log">,
  concurrency = 4,
): Promise<{ scanned: number; failed: number }> {
  const owners = await listDepositAddresses(deps.db);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < owners.length) {
      const owner = owners[next++];
      if (!owner) break;
      try {
        await scanDeposits(deps, { userId: owner.user_id, address: owner.address });
      } catch (err) {
        failed++;
        deps.log.warn({ err, address: owner.address }, "deposit scan failed; trying again next round");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, owners.length) }, worker));
  return { scanned: owners.length, failed };
}
