/**
 * An admin's decision on an account (docs/fair-play.md, "Standing, appeals and decisions"): `clear` sets `ok`
 * and forgets the signals raised before it; `freeze` stops its taps and money; `unfreeze` gives back the status
 * its score leads to; `ban` closes it: every session ends at once and sign-ins answer ACCOUNT_BANNED. Each
 * decision answers the account's open appeal, is audited with its reason and pushed to the admins, in one
 * transaction; with an Idempotency-Key it is taken once and replayed after.
 *
 * A freeze or ban also moves the account's rewards row to a new version (staleRewardsRow), so no tap sync priced
 * before it can write after it, on any instance. Lock order: the standing row, then the rewards row, as every
 * money route takes them (refuseIfFrozen first).
 */
import type { Transaction } from "kysely";
import { accountLabel } from "#contracts/account-label.ts";
import type { RiskActionName } from "#contracts/fair-play-rules.ts";
import { answerOpenAppeal } from "../../db/repos/appeals.repo.ts";
import { lockStanding, staleRewardsRow, writeStanding } from "../../db/repos/risk-standing.repo.ts";
import { revokeAllSessionsOfUser } from "../../db/repos/sessions.repo.ts";
import { findUserById } from "../../db/repos/users.repo.ts";
import type { AccountStatus, Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { type Actor, recordAudit } from "../admin/audit.ts";
import type { Settings, Uses } from "../deps.ts";
import { runIdempotent } from "../idempotency.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { rejectHeldWithdrawalsOf } from "./held-withdrawals.ts";
import { statusFor } from "./score.ts";
import { riskChanged, sessionsBanned, standingChanged } from "./standing-events.ts";

export type DecisionDeps = LiveTransactionDeps & Uses<"sessions"> & Settings<"fairPlay">;

export interface RiskDecision {
  userId: string;
  action: RiskActionName;
  reason: string;
  idempotencyKey?: string;
}

const unknownUser = () =>
  new AppError("NOT_FOUND", "No user has this id. Reload the list and pick one from it.");

const AUDITED = {
  clear: "risk-clear",
  freeze: "risk-freeze",
  unfreeze: "risk-unfreeze",
  ban: "risk-ban",
} as const;

/** Decides on the account; answers its status afterwards. */
export async function decideOnAccount(
  deps: DecisionDeps,
  actor: Actor,
  decision: RiskDecision,
): Promise<AccountStatus> {
  const user = await findUserById(deps.db, decision.userId);
  if (user?.role !== "user") throw unknownUser();
  const reason = decision.reason.trim();
  const target = accountLabel({ ...user, telegramUsername: user.telegram_username });
  const operation = async (trx: Transaction<Database>) => {
    const status = await decideIn(deps, trx, { ...decision, reason }, actor);
    await recordAudit(trx, {
      actor,
      action: AUDITED[decision.action],
      target,
      amountMicro: null,
      at: deps.clock(),
      reason,
    });
    return { status };
  };
  const { key, body } = {
    key: decision.idempotencyKey,
    body: { userId: user.id, action: decision.action, reason },
  };
  const { status } = key
    ? await runIdempotent(deps, { callerId: actor.id, key, scope: "admin-risk-decision", body }, operation)
    : await transactionWithLiveEvents(deps, operation);
  // Other instances hear the ended sessions from the commit's NOTIFY; this one forgets them at once.
  if (status === "banned") deps.sessions.forgetUser(user.id);
  return status;
}

async function decideIn(
  deps: Settings<"fairPlay"> & Uses<"clock">,
  trx: Transaction<Database>,
  decision: RiskDecision,
  actor: Actor,
): Promise<AccountStatus> {
  const { userId, action } = decision;
  const at = deps.clock();
  const before = await lockStanding(trx, userId, at);
  let status: AccountStatus;
  let score = before.score;
  if (action === "clear") {
    status = "ok";
    score = 0;
    await writeStanding(trx, userId, { status, score, clearedAt: at, at });
  } else if (action === "unfreeze") {
    const current = before.status === "frozen" ? "ok" : before.status;
    // Unfrozen, an account goes back to review or ok by its score, never to frozen again by the same score.
    status = statusFor(score, { reviewScore: deps.config.fairPlay.reviewScore, freezeScore: 0, current });
    await writeStanding(trx, userId, { status, score, at });
  } else {
    status = action === "freeze" ? "frozen" : "banned";
    await writeStanding(trx, userId, { status, score, at });
    await staleRewardsRow(trx, userId);
  }
  if (action === "ban") {
    await revokeAllSessionsOfUser(trx, userId, at);
    sessionsBanned(trx, userId);
    // A closed account's USDT never leaves: what waits for review goes back to its wallet (docs/fair-play.md).
    await rejectHeldWithdrawalsOf(trx, deps, userId, decision.reason.trim(), actor.id);
  }
  await answerOpenAppeal(trx, userId, { by: actor.id, at });
  if (status !== before.status) standingChanged(trx, userId, status);
  riskChanged(trx, { userId, status, score });
  return status;
}
