/**
 * Reconciliation (docs/decisions/030, docs/ops/runbook.md): the books against themselves, then against the
 * chain. Read-only; every difference becomes one line of `problems`.
 *
 * - Ledger: every balance recomputed from its transfers (no drift), the sum zero, nothing negative but
 *   `external`; the points side and the economy's books as the money suites check them (invariants.ts).
 * - Deposit addresses: deposits stay where they arrived (sweeping is not built, docs/decisions/012), so each
 *   address holds exactly what was credited to it, plus incoming transfers the watcher has not settled yet
 *   ("in doubt"). One seen on the chain and still not settled after DEPOSIT_GRACE_MS is a difference.
 * - Hot wallet: what enters the system comes from `external` and stays either at a deposit address or in
 *   the hot wallet, and only the hot wallet sends, so
 *     hot wallet = treasury + user wallets + withdrawals in flight − deposits credited − sent, not yet posted
 *   where "sent, not yet posted" are withdrawals the chain already confirmed while their ledger row still
 *   waits for the worker. A withdrawal whose transaction is pending may or may not show in the balance yet:
 *   its amount is in doubt, and the hot wallet may be that much below the figure.
 * A purchase (wallet → treasury) or a funding (treasury → wallet) moves nothing on chain and changes neither
 * side, which is why the treasury alone is not compared with the hot wallet.
 */
import type { Kysely } from "kysely";
import type { ChainGateway } from "../../chain/gateway.ts";
import type { Clock } from "../../clock.ts";
import {
  balanceSumsByKind,
  type DepositAddressCredits,
  depositAddressCredits,
  settledTransactions,
  withdrawalsOnTheirWay,
} from "../../db/read-models/reconciliation.read-model.ts";
import { findHotWalletAddress } from "../../db/repos/chain.repo.ts";
import { auditAccounts } from "../../db/repos/ledger.repo.ts";
import type { Database } from "../../db/schema.ts";
import { economyProblems, ledgerProblems, pointsProblems } from "../ledger/invariants.ts";
import { SCAN_DEPTH } from "../wallet/deposits.ts";

/** An incoming transfer the watcher has not credited this long after the chain listed it is a difference. */
export const DEPOSIT_GRACE_MS = 15 * 60_000;
/** Chain calls at once: the deposit watcher's own pace (deposits.ts). */
const CHAIN_CONCURRENCY = 4;

export interface ReconcileDeps {
  db: Kysely<Database>;
  chain: ChainGateway;
  clock: Clock;
}

export interface ChainSection {
  hotWalletAddress: string;
  hotWalletMicro: number;
  /** What the ledger says the hot wallet holds (the formula above). */
  hotWalletExpectedMicro: number;
  /** How far below that the hot wallet may be while withdrawals are pending on chain. */
  hotWalletInDoubtMicro: number;
  treasuryMicro: number;
  walletsMicro: number;
  withdrawalsInFlightMicro: number;
  sentNotPostedMicro: number;
  depositAddresses: number;
  depositAddressesMicro: number;
  depositsCreditedMicro: number;
  depositsInDoubtMicro: number;
}

export interface ReconcileReport {
  finishedAt: string;
  chainKind: "local" | "tron";
  ledger: { accounts: number; problems: string[] };
  points: { problems: string[] };
  /** Null when the chain could not be asked (its problem says why). */
  chain: ChainSection | null;
  chainProblems: string[];
  differences: number;
}

export async function reconcile(deps: ReconcileDeps): Promise<ReconcileReport> {
  const accounts = await auditAccounts(deps.db);
  const ledger = { accounts: accounts.length, problems: ledgerProblems(accounts) };
  const points = {
    problems: [...(await pointsProblems(deps.db)), ...(await economyProblems(deps.db))],
  };
  const chainProblems: string[] = [];
  let chain: ChainSection | null = null;
  try {
    chain = await compareWithChain(deps, chainProblems);
  } catch (err) {
    chainProblems.push(`the chain could not be asked: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    finishedAt: deps.clock().toISOString(),
    chainKind: deps.chain.kind,
    ledger,
    points,
    chain,
    chainProblems,
    differences: ledger.problems.length + points.problems.length + chainProblems.length,
  };
}

async function compareWithChain(deps: ReconcileDeps, problems: string[]): Promise<ChainSection | null> {
  const hotWalletAddress = await findHotWalletAddress(deps.db);
  if (!hotWalletAddress) {
    problems.push("no hot wallet is recorded: this database was never started by a server");
    return null;
  }
  const sums = await balanceSumsByKind(deps.db);
  const [treasuryMicro, walletsMicro, withdrawalsInFlightMicro] = [
    sums.treasury ?? 0,
    sums.wallet ?? 0,
    sums.clearing ?? 0,
  ];
  const deposits = await compareDepositAddresses(deps, problems);
  const { sentNotPostedMicro, inDoubtMicro } = await withdrawalsLeaving(deps);
  const hotWalletMicro = await deps.chain.tokenBalanceMicro(hotWalletAddress);
  const hotWalletExpectedMicro =
    treasuryMicro + walletsMicro + withdrawalsInFlightMicro - deposits.creditedMicro - sentNotPostedMicro;
  if (hotWalletMicro > hotWalletExpectedMicro || hotWalletMicro < hotWalletExpectedMicro - inDoubtMicro) {
    const difference = hotWalletMicro - hotWalletExpectedMicro;
    problems.push(
      `the hot wallet ${hotWalletAddress} holds ${usdt(hotWalletMicro)} USDT, the ledger says ` +
        `${usdt(hotWalletExpectedMicro)} (${difference > 0 ? "+" : ""}${usdt(difference)})` +
        (inDoubtMicro > 0 ? `, of which up to ${usdt(inDoubtMicro)} may still be leaving` : ""),
    );
  }
  return {
    hotWalletAddress,
    hotWalletMicro,
    hotWalletExpectedMicro,
    hotWalletInDoubtMicro: inDoubtMicro,
    treasuryMicro,
    walletsMicro,
    withdrawalsInFlightMicro,
    sentNotPostedMicro,
    depositAddresses: deposits.addresses,
    depositAddressesMicro: deposits.heldMicro,
    depositsCreditedMicro: deposits.creditedMicro,
    depositsInDoubtMicro: deposits.inDoubtMicro,
  };
}

/** Withdrawals already gone from the hot wallet (confirmed) or perhaps gone (pending) while unposted. */
async function withdrawalsLeaving(deps: ReconcileDeps) {
  let sentNotPostedMicro = 0;
  let inDoubtMicro = 0;
  for (const withdrawal of await withdrawalsOnTheirWay(deps.db)) {
    const outcome = await deps.chain.transactionOutcome(withdrawal.tx_id as string);
    if (outcome.status === "confirmed") sentNotPostedMicro += withdrawal.amount_micro;
    else if (outcome.status === "pending") inDoubtMicro += withdrawal.amount_micro;
  }
  return { sentNotPostedMicro, inDoubtMicro };
}

async function compareDepositAddresses(deps: ReconcileDeps, problems: string[]) {
  const addresses = await depositAddressCredits(deps.db);
  const totals = { addresses: addresses.length, heldMicro: 0, creditedMicro: 0, inDoubtMicro: 0 };
  let next = 0;
  const worker = async () => {
    for (let owner = addresses[next++]; owner; owner = addresses[next++]) {
      const result = await compareDepositAddress(deps, owner);
      totals.heldMicro += result.heldMicro;
      totals.creditedMicro += owner.creditedMicro;
      totals.inDoubtMicro += result.inDoubtMicro;
      problems.push(...result.problems);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHAIN_CONCURRENCY, addresses.length) }, worker));
  return totals;
}

async function compareDepositAddress(deps: ReconcileDeps, owner: DepositAddressCredits) {
  const { address, creditedMicro } = owner;
  const problems: string[] = [];
  const [heldMicro, listed] = await Promise.all([
    deps.chain.tokenBalanceMicro(address),
    deps.chain.listTransfers(address, { limit: SCAN_DEPTH }),
  ]);
  const incoming = listed.filter((transfer) => transfer.to === address && transfer.amountMicro > 0);
  const settled = await settledTransactions(
    deps.db,
    address,
    incoming.map((transfer) => transfer.txId),
  );
  const now = deps.clock().getTime();
  let inDoubtMicro = 0;
  for (const transfer of incoming) {
    if (settled.has(transfer.txId)) continue;
    inDoubtMicro += transfer.amountMicro;
    if (transfer.confirmed && now - transfer.at.getTime() > DEPOSIT_GRACE_MS) {
      problems.push(
        `deposit ${transfer.txId} of ${usdt(transfer.amountMicro)} USDT to ${address} (user ${owner.userId}) ` +
          `was confirmed on chain at ${transfer.at.toISOString()} and is still not credited`,
      );
    }
  }
  if (heldMicro < creditedMicro || heldMicro > creditedMicro + inDoubtMicro) {
    problems.push(
      `deposit address ${address} (user ${owner.userId}) holds ${usdt(heldMicro)} USDT on chain, ` +
        `${usdt(creditedMicro)} was credited` +
        (inDoubtMicro > 0 ? ` and ${usdt(inDoubtMicro)} is still being settled` : ""),
    );
  }
  return { heldMicro, inDoubtMicro, problems };
}

/** Micro-USDT as a decimal with its six places, exact (no float arithmetic). */
export function usdt(micro: number): string {
  const sign = micro < 0 ? "-" : "";
  const digits = String(Math.abs(micro)).padStart(7, "0");
  return `${sign}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}
