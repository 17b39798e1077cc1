/**
 * The only way money moves: one transfer row and both balance updates in the caller's transaction. The debit
 * is conditional (never below zero, checked by the row count, backed by a CHECK constraint), and the two rows
 * are updated in a fixed order (by account id) so concurrent transfers never deadlock on each other. A wallet's
 * new balance is queued as its owner's live `wallet` event here, so no path that moves money can forget it
 * (in a transaction that cannot carry live events, moving a wallet's money fails).
 */
import type { Transaction } from "kysely";
import { creditAccount, debitAccount, insertTransfer } from "../../db/repos/ledger.repo.ts";
import type { Database, TransferKind } from "../../db/schema.ts";
import { walletChanged } from "../live/screen-events.ts";
import { walletOwner } from "./accounts.ts";

export interface TransferRequest {
  from: string;
  to: string;
  amountMicro: number;
  kind: TransferKind;
  /** What the wallet history shows, e.g. "Rewards withdrawal". */
  description: string;
  reference?: string;
  /** A transfer with a key already used is skipped (applied: false), so a replay moves nothing. */
  idempotencyKey?: string;
  at: Date;
}

/** The debited account does not hold the amount; the transaction must roll back. */
export class InsufficientBalance extends Error {
  constructor(readonly accountId: string) {
    super(`account ${accountId} cannot cover the transfer`);
    this.name = "InsufficientBalance";
  }
}

export async function transfer(
  trx: Transaction<Database>,
  request: TransferRequest,
): Promise<{ applied: boolean }> {
  const { from, to, amountMicro } = request;
  if (!Number.isSafeInteger(amountMicro) || amountMicro <= 0) {
    throw new RangeError(`transfer amount must be a positive integer of micro units, got ${amountMicro}`);
  }
  const transferId = await insertTransfer(trx, {
    debit_account: from,
    credit_account: to,
    amount_micro: amountMicro,
    kind: request.kind,
    description: request.description,
    reference: request.reference ?? null,
    idempotency_key: request.idempotencyKey ?? null,
    created_at: request.at,
  });
  if (transferId === undefined) return { applied: false };

  const steps = [
    { account: from, apply: () => debitAccount(trx, from, amountMicro) },
    { account: to, apply: () => creditAccount(trx, to, amountMicro) },
  ].sort((a, b) => (a.account < b.account ? -1 : 1));
  for (const step of steps) {
    const balanceMicro = await step.apply();
    if (balanceMicro === undefined) {
      if (step.account === from) throw new InsufficientBalance(from);
      throw new Error(`ledger account ${step.account} does not exist`);
    }
    const owner = walletOwner(step.account);
    if (owner) walletChanged(trx, owner, balanceMicro);
  }
  return { applied: true };
}
