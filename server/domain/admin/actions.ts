/**
 * The admin's actions (docs/api.md, Admin). Each one writes its audit row in the same transaction as its
 * effect; the money ones take an optional Idempotency-Key and go through the ledger, whose conditional debit
 * never lets the treasury (pool) go below zero, however many actions run at once.
 */

import type { Transaction } from "kysely";
import { accountLabel } from "#contracts/account-label.ts";
import { isTronAddress } from "#contracts/tron-address.ts";
import { insertMultiplierChange } from "../../db/repos/multipliers.repo.ts";
import { setPointsAndMultiplier } from "../../db/repos/rewards.repo.ts";
import { findUserById } from "../../db/repos/users.repo.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { type SignUpDeps, signUp } from "../auth/signup.ts";
import type { Uses } from "../deps.ts";
import { runIdempotent } from "../idempotency.ts";
import { ensureWalletAccount, TREASURY, walletBalanceMicro } from "../ledger/accounts.ts";
import { InsufficientBalance, transfer } from "../ledger/transfer.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { multiplierChanged, pointsChanged } from "../live/screen-events.ts";
import { lockRewardsAccount } from "../taps/rewards-account.ts";
import { badTronAddress, insufficientPoolBalance } from "../wallet/errors.ts";
import { advanceWithdrawal, reserveWithdrawal, type WithdrawalDeps } from "../wallet/usdt-withdrawal.ts";
import { type Actor, recordAudit } from "./audit.ts";

const unknownUser = () =>
  new AppError("NOT_FOUND", "No user has this id. Reload the list and pick one from it.");

/** With a key: answered once, replayed after. Without: just one transaction. */
function once<T>(
  deps: LiveTransactionDeps,
  actor: Actor,
  key: string | undefined,
  scope: string,
  body: unknown,
  operation: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (key) return runIdempotent(deps, { callerId: actor.id, key, scope, body }, operation);
  return transactionWithLiveEvents(deps, operation);
}

async function requireUser(deps: Uses<"db">, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (user?.role !== "user") throw unknownUser();
  return user;
}

export async function fundUserWallet(
  deps: LiveTransactionDeps,
  actor: Actor,
  request: { userId: string; amountMicro: number; idempotencyKey?: string },
): Promise<number> {
  const { userId, amountMicro } = request;
  const user = await requireUser(deps, userId);
  const walletAccount = await ensureWalletAccount(deps.db, userId);
  return once(
    deps,
    actor,
    request.idempotencyKey,
    "admin-fund-wallet",
    { userId, amountMicro },
    async (trx) => {
      const at = deps.clock();
      await transfer(trx, {
        from: TREASURY,
        to: walletAccount,
        amountMicro,
        kind: "admin-funding",
        description: "Funded by TapRewards",
        reference: actor.id,
        at,
      }).catch((err: unknown) => {
        throw err instanceof InsufficientBalance ? insufficientPoolBalance() : err;
      });
      await recordAudit(trx, {
        actor,
        action: "fund-wallet",
        target: accountLabel({ ...user, telegramUsername: user.telegram_username }),
        amountMicro,
        at,
      });
      return walletBalanceMicro(trx, userId);
    },
  );
}

export async function withdrawTreasury(
  deps: WithdrawalDeps & Uses<"background">,
  actor: Actor,
  request: { to: string; amountMicro: number; idempotencyKey?: string },
) {
  const { to, amountMicro } = request;
  if (!isTronAddress(to)) throw badTronAddress();
  const answer = await once(
    deps,
    actor,
    request.idempotencyKey,
    "admin-withdraw",
    { to, amountMicro },
    async (trx) => {
      const at = deps.clock();
      const reserved = await reserveWithdrawal(trx, at, {
        source: TREASURY,
        userId: null,
        to,
        amountMicro,
      }).catch((err: unknown) => {
        throw err instanceof InsufficientBalance ? insufficientPoolBalance() : err;
      });
      await recordAudit(trx, { actor, action: "treasury-withdrawal", target: to, amountMicro, at });
      return reserved;
    },
  );
  deps.background.run("advance treasury withdrawal", () => advanceWithdrawal(deps, answer.id).then(() => {}));
  return answer;
}

export async function setUserMultiplier(
  deps: LiveTransactionDeps,
  actor: Actor,
  request: { userId: string; multiplierMicro: number },
): Promise<number> {
  const user = await requireUser(deps, request.userId);
  return transactionWithLiveEvents(deps, async (trx) => {
    const at = deps.clock();
    const rewards = await lockRewardsAccount(trx, user.id, at);
    await setPointsAndMultiplier(trx, user.id, {
      pointsMicro: rewards.pointsMicro,
      multiplierMicro: request.multiplierMicro,
    });
    await insertMultiplierChange(trx, {
      userId: user.id,
      oldMicro: rewards.multiplierMicro,
      newMicro: request.multiplierMicro,
      reason: "admin",
      at,
    });
    pointsChanged(trx, user.id, { ...rewards, multiplierMicro: request.multiplierMicro });
    multiplierChanged(trx, user.id, request.multiplierMicro);
    await recordAudit(trx, {
      actor,
      action: "update-multiplier",
      target: accountLabel({ ...user, telegramUsername: user.telegram_username }),
      amountMicro: request.multiplierMicro,
      at,
    });
    return request.multiplierMicro;
  });
}

export async function createAdminAccount(
  deps: SignUpDeps,
  actor: Actor,
  input: { email: string; password: string; name: string },
) {
  const user = await signUp(deps, input, {
    role: "admin",
    audit: (trx, at) =>
      recordAudit(trx, {
        actor,
        action: "create-admin",
        target: input.email.trim().toLowerCase(),
        amountMicro: null,
        at,
      }),
  });
  return { ...user, role: "admin" as const };
}
