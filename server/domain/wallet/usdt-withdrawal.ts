/**
 * USDT withdrawals to a TRC20 address (docs/design.md §6; docs/api.md, Wallet: POST /wallet/token/transfer).
 *
 * request: checks, then in one transaction moves the amount from the source account (the user's wallet, or
 *   the treasury for an admin) to the `withdrawals` clearing account and records the withdrawal `reserved`,
 *   or `review` when fair play holds it for an admin (docs/fair-play.md, Held withdrawals: a frozen or
 *   banned account is refused in the same transaction). A `review` row is reserved money nothing here
 *   touches: the worker leases only open statuses, and an admin's approval makes it `reserved`.
 *   Idempotent by key; the conditional debit means one balance can never pay two withdrawals.
 * advance (a background task after the answer, and the worker's rounds): reserved → sign → store the tx id and
 *   signed payload → broadcast → wait for the chain → post (clearing → external) or release (clearing →
 *   source). Every chain call runs outside any database transaction. A crash after the broadcast leaves the
 *   row `signed`; the next round re-sends the *same* signed transaction, which the chain knows already, so
 *   nothing is ever sent twice. Each settlement is one conditional status change plus one ledger transfer
 *   with its own idempotency key, so it happens exactly once.
 * A user's withdrawal is sent to their live streams in the transaction of each change its owner can see:
 *   reserved (pending), signed (pending, now with its tx id), confirmed, failed; `broadcast` shows nothing new.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { MIN_USDT_WITHDRAWAL } from "#contracts/limits.ts";
import { MICRO_PER_UNIT } from "#contracts/micro.ts";
import { isTronAddress, shortTronAddress } from "#contracts/tron-address.ts";
import { ChainUnavailable, type PreparedTransfer, TransferRejected } from "../../chain/gateway.ts";
import {
  findWithdrawal,
  hasWithdrawalLetThrough,
  insertWithdrawal,
  leaseWithdrawal,
  listOpenWithdrawalIds,
  markSigned,
  moveWithdrawal,
  releaseLease,
  type WithdrawalRow,
} from "../../db/repos/withdrawals.repo.ts";
import type { Database } from "../../db/schema.ts";
import type { Settings, Uses } from "../deps.ts";
import { prepareUnlock } from "../economy/achievements.ts";
import { holdReason } from "../fair-play/hold-rules.ts";
import { refuseIfFrozen } from "../fair-play/money-gate.ts";
import { runIdempotent } from "../idempotency.ts";
import { EXTERNAL, ensureWalletAccount } from "../ledger/accounts.ts";
import { InsufficientBalance, transfer } from "../ledger/transfer.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { withdrawalChanged } from "../live/screen-events.ts";
import { badTronAddress, belowMinimumWithdrawal, insufficientWithdrawalBalance } from "./errors.ts";

export const WITHDRAWALS_ACCOUNT = "withdrawals";
const LEASE_MS = 30_000;
/** A transfer still unknown this long after it expired can never land: it is failed and released. */
const EXPIRY_GRACE_MS = 60_000;

export interface WithdrawalAnswer {
  id: string;
  /** `review`: held for an admin (docs/fair-play.md). */
  status: "pending" | "review";
  amountMicro: number;
  to: string;
}

interface ReserveRequest {
  source: string;
  userId: string | null;
  to: string;
  amountMicro: number;
}

/** Test hooks: where a test makes the process "die". */
export interface AdvanceHooks {
  afterBroadcast?: () => void | Promise<void>;
}

/** Moving a withdrawal forward: the chain, the ledger and its live events, the log of each retry. */
export type WithdrawalDeps = LiveTransactionDeps & Uses<"chain" | "log"> & Settings<"economy">;

export async function requestUsdtWithdrawal(
  deps: WithdrawalDeps & Uses<"background"> & Settings<"fairPlay">,
  request: { userId: string; idempotencyKey: string; to: string; amountMicro: number },
): Promise<WithdrawalAnswer> {
  const { userId, to, amountMicro } = request;
  if (!isTronAddress(to)) throw badTronAddress();
  if (amountMicro < MIN_USDT_WITHDRAWAL * MICRO_PER_UNIT) throw belowMinimumWithdrawal(MIN_USDT_WITHDRAWAL);
  // A wallet that never held anything has no ledger account yet: it holds nothing, so the balance check
  // below refuses the withdrawal as any other short balance (the transfer row needs the account to exist).
  const source = await ensureWalletAccount(deps.db, userId);
  const answer = await runIdempotent(
    deps,
    { callerId: userId, key: request.idempotencyKey, scope: "token-transfer", body: { to, amountMicro } },
    async (trx) => {
      // First, so a freeze or ban decided meanwhile is seen or waited for (money-gate.ts).
      const standing = await refuseIfFrozen(trx, userId);
      const hold = holdReason(deps.config.fairPlay, {
        standing,
        amountMicro,
        firstWithdrawal: !(await hasWithdrawalLetThrough(trx, userId)),
      });
      return reserveWithdrawal(trx, deps.clock(), { source, userId, to, amountMicro, hold }).catch(
        (err: unknown) => {
          throw err instanceof InsufficientBalance ? insufficientWithdrawalBalance() : err;
        },
      );
    },
  );
  if (answer.status === "pending")
    deps.background.run("advance withdrawal", () => advanceWithdrawal(deps, answer.id).then(() => {}));
  return answer;
}

/**
 * In the caller's transaction: the amount leaves `source` for the clearing account and the withdrawal is
 * recorded `reserved`, or `review` with `hold` (why it waits for an admin). Throws InsufficientBalance when
 * the source cannot cover it (nothing is written then). The caller starts advanceWithdrawal once the
 * transaction has committed, unless it is held.
 */
export async function reserveWithdrawal(
  trx: Transaction<Database>,
  at: Date,
  request: ReserveRequest,
): Promise<WithdrawalAnswer & { status: "pending" }>;
export async function reserveWithdrawal(
  trx: Transaction<Database>,
  at: Date,
  request: ReserveRequest & { hold: string | null },
): Promise<WithdrawalAnswer>;
export async function reserveWithdrawal(
  trx: Transaction<Database>,
  at: Date,
  request: ReserveRequest & { hold?: string | null },
): Promise<WithdrawalAnswer> {
  const id = randomUUID();
  const { source, to, amountMicro } = request;
  const held = Boolean(request.hold);
  await transfer(trx, {
    from: source,
    to: WITHDRAWALS_ACCOUNT,
    amountMicro,
    kind: "withdrawal",
    description: `USDT withdrawal to ${shortTronAddress(to)}`,
    reference: id,
    at,
  });
  await insertWithdrawal(trx, {
    id,
    user_id: request.userId,
    source_account: source,
    to_address: to,
    amount_micro: amountMicro,
    status: held ? "review" : "reserved",
    review_reason: request.hold ?? null,
    created_at: at,
    updated_at: at,
  });
  const status = held ? "review" : "pending";
  if (request.userId) withdrawalChanged(trx, request.userId, { id, amountMicro, status, txId: null });
  return { id, status, amountMicro, to };
}

/** Tells the owner's screens (a treasury withdrawal has no owner to tell). */
function announce(
  trx: Transaction<Database>,
  row: WithdrawalRow,
  status: "pending" | "confirmed" | "failed",
  txId: string | null,
): void {
  if (row.user_id)
    withdrawalChanged(trx, row.user_id, { id: row.id, amountMicro: row.amount_micro, status, txId });
}

/** Moves one withdrawal as far as the chain allows now; answers its status afterwards. */
export async function advanceWithdrawal(
  deps: WithdrawalDeps,
  id: string,
  hooks: AdvanceHooks = {},
): Promise<string> {
  const leased = await leaseWithdrawal(deps.db, id, deps.clock(), LEASE_MS);
  if (!leased) return (await findWithdrawal(deps.db, id))?.status ?? "missing";
  let row: WithdrawalRow = leased;
  try {
    if (row.status === "reserved") {
      const signed = await sign(deps, row);
      if (!signed) return (await findWithdrawal(deps.db, id))?.status ?? "missing";
      row = signed;
    }
    if (row.status === "signed") {
      if (!(await send(deps, row))) return (await findWithdrawal(deps.db, id))?.status ?? "missing";
      await hooks.afterBroadcast?.();
      await moveWithdrawal(deps.db, id, { from: ["signed"], to: "broadcast", at: deps.clock() });
      row = { ...row, status: "broadcast" };
    }
    if (row.status === "broadcast") await follow(deps, row);
    return (await findWithdrawal(deps.db, id))?.status ?? "missing";
  } finally {
    await releaseLease(deps.db, id);
  }
}

/** Prepares and stores the signed transfer; null when it cannot be signed now (or was failed). */
async function sign(deps: WithdrawalDeps, row: WithdrawalRow): Promise<WithdrawalRow | null> {
  let prepared: PreparedTransfer;
  try {
    prepared = await deps.chain.prepareTransfer({ to: row.to_address, amountMicro: row.amount_micro });
  } catch (err) {
    if (err instanceof TransferRejected) await failAndRelease(deps, row, err.message);
    else logRetry(deps, row, err);
    return null;
  }
  const stored = await transactionWithLiveEvents(deps, async (trx) => {
    const signed = await markSigned(trx, row.id, { ...prepared, at: deps.clock() });
    if (signed) announce(trx, row, "pending", prepared.txId);
    return signed;
  });
  // Another worker signed first: this transfer was never sent, so dropping it is safe.
  if (!stored) return null;
  return {
    ...row,
    status: "signed",
    tx_id: prepared.txId,
    signed_payload: prepared.payload,
    expires_at: prepared.expiresAt,
  };
}

/** True once the chain has the transaction (now or from an earlier send). */
async function send(deps: WithdrawalDeps, row: WithdrawalRow): Promise<boolean> {
  const txId = row.tx_id as string;
  const prepared = { txId, payload: row.signed_payload as string, expiresAt: row.expires_at as Date };
  try {
    await deps.chain.broadcast(prepared);
    return true;
  } catch (err) {
    if (!(err instanceof TransferRejected) && !(err instanceof ChainUnavailable)) throw err;
    // Refused now, but an earlier send (before a crash) may have landed: only an unknown id is a failure.
    const outcome = await deps.chain.transactionOutcome(txId).catch(() => null);
    if (outcome && outcome.status !== "unknown") return true;
    if (err instanceof TransferRejected && outcome?.status === "unknown") {
      await failAndRelease(deps, row, err.message);
    } else if (outcome?.status === "unknown" && expiredLongAgo(deps, row)) {
      await failAndRelease(deps, row, "the transfer expired before the network accepted it");
    } else logRetry(deps, row, err);
    return false;
  }
}

async function follow(deps: WithdrawalDeps, row: WithdrawalRow): Promise<void> {
  const txId = row.tx_id as string;
  const outcome = await deps.chain.transactionOutcome(txId).catch((err: unknown) => {
    logRetry(deps, row, err);
    return null;
  });
  if (!outcome) return;
  if (outcome.status === "confirmed") await post(deps, row);
  else if (outcome.status === "failed") await failAndRelease(deps, row, outcome.reason);
  else if (outcome.status === "unknown" && expiredLongAgo(deps, row)) {
    await failAndRelease(deps, row, "the network dropped the transfer");
  }
}

const expiredLongAgo = (deps: Uses<"clock">, row: WithdrawalRow) =>
  row.expires_at !== null && deps.clock().getTime() > row.expires_at.getTime() + EXPIRY_GRACE_MS;

/**
 * The money left for good: clearing → external (the chain). A user's first confirmed withdrawal unlocks
 * `first-withdrawal` (docs/decisions/019): their rewards row is locked first, before any ledger account.
 */
async function post(deps: WithdrawalDeps, row: WithdrawalRow): Promise<void> {
  await transactionWithLiveEvents(deps, async (trx) => {
    const at = deps.clock();
    const unlock = row.user_id
      ? await prepareUnlock(trx, deps.config.economy.achievementRewardPoints, row.user_id, at)
      : null;
    if (!(await moveWithdrawal(trx, row.id, { from: ["broadcast"], to: "confirmed", at }))) return;
    announce(trx, row, "confirmed", row.tx_id);
    await transfer(trx, {
      from: WITHDRAWALS_ACCOUNT,
      to: EXTERNAL,
      amountMicro: row.amount_micro,
      kind: "withdrawal-sent",
      description: `USDT sent to ${shortTronAddress(row.to_address)}`,
      reference: row.id,
      idempotencyKey: `withdrawal-sent:${row.id}`,
      at,
    });
    await unlock?.(["first-withdrawal"]);
  });
}

/** It did not happen: clearing → back to where it came from. */
async function failAndRelease(deps: WithdrawalDeps, row: WithdrawalRow, reason: string): Promise<void> {
  await transactionWithLiveEvents(deps, async (trx) => {
    const at = deps.clock();
    const moved = await moveWithdrawal(trx, row.id, {
      from: ["reserved", "signed", "broadcast"],
      to: "failed",
      at,
      reason: reason.slice(0, 500),
    });
    if (!moved) return;
    announce(trx, row, "failed", row.tx_id);
    await releaseReserved(trx, row, at);
  });
  deps.log.warn({ withdrawal: row.id, reason }, "withdrawal failed; the amount was released");
}

/**
 * Gives a failed or rejected withdrawal's reserved amount back to where it came from: clearing → wallet (or
 * treasury), exactly the reserved micro amount, once per withdrawal (the transfer's idempotency key).
 */
export async function releaseReserved(
  trx: Transaction<Database>,
  row: WithdrawalRow,
  at: Date,
): Promise<void> {
  await transfer(trx, {
    from: WITHDRAWALS_ACCOUNT,
    to: row.source_account,
    amountMicro: row.amount_micro,
    kind: "withdrawal-refund",
    description: "Withdrawal refund",
    reference: row.id,
    idempotencyKey: `withdrawal-refund:${row.id}`,
    at,
  });
}

function logRetry(deps: Uses<"log">, row: WithdrawalRow, err: unknown): void {
  deps.log.warn({ err, withdrawal: row.id }, "withdrawal waits for the chain; trying again next round");
}

/** The worker's round: every open withdrawal nobody is working on. */
export async function advanceOpenWithdrawals(deps: WithdrawalDeps, limit = 50): Promise<number> {
  const open = await listOpenWithdrawalIds(deps.db, deps.clock(), limit);
  for (const { id } of open) {
    await advanceWithdrawal(deps, id).catch((err: unknown) =>
      deps.log.error({ err, withdrawal: id }, "withdrawal round failed"),
    );
  }
  return open.length;
}
