/**
 * Raising signals (docs/fair-play.md, "Score and status"): each raised signal is written on its account with
 * the weight the settings give it, and the account's score and status are worked out again in the same
 * transaction: the score is the sum of the weights of the signals raised since its last `clear`, the status the
 * one `statusFor` gives (review from RISK_REVIEW_SCORE, frozen only from RISK_FREEZE_SCORE > 0). A change of
 * status is pushed live to the player (`standing`) and to the admins (`admin.risk`).
 *
 * Every place that raises signals comes here: the tap sync's follow-up check, sign-up, and the periodic scan.
 * Accounts are written in id order, so two raisers never wait on each other in a cycle.
 */
import type { Transaction } from "kysely";
import type { SignalId } from "#contracts/fair-play-rules.ts";
import { countingSignalIds, signalsSince, upsertSignal } from "../../db/repos/risk-signals.repo.ts";
import { lockStanding, staleRewardsRow, writeStanding } from "../../db/repos/risk-standing.repo.ts";
import type { Database } from "../../db/schema.ts";
import type { Settings, Uses } from "../deps.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { scoreOf, statusFor } from "./score.ts";
import type { RaisedSignal } from "./signals.ts";
import { riskChanged, standingChanged } from "./standing-events.ts";

export type RaiseDeps = LiveTransactionDeps & Settings<"fairPlay">;

/** A signal raised on one account. */
export interface SignalOnAccount {
  userId: string;
  signal: RaisedSignal;
}

/** Raises the signals, each on its account, in one transaction. */
export async function raiseSignals(deps: RaiseDeps, raised: readonly SignalOnAccount[]): Promise<void> {
  if (raised.length === 0) return;
  await transactionWithLiveEvents(deps, (trx) => raiseSignalsIn(deps, trx, raised));
}

/** Raises the signals inside the caller's transaction (one that queues live events). */
export async function raiseSignalsIn(
  deps: Settings<"fairPlay"> & Uses<"clock">,
  trx: Transaction<Database>,
  raised: readonly SignalOnAccount[],
): Promise<void> {
  const at = deps.clock();
  const byUser = new Map<string, RaisedSignal[]>();
  for (const { userId, signal } of raised) byUser.set(userId, [...(byUser.get(userId) ?? []), signal]);
  for (const userId of [...byUser.keys()].sort()) {
    const standing = await lockStanding(trx, userId, at);
    for (const signal of byUser.get(userId) ?? []) {
      const weight = deps.config.fairPlay.weights[signal.id];
      await upsertSignal(trx, { userId, id: signal.id, weight, evidence: signal.evidence, at });
    }
    await rescore(deps, trx, userId, { ...standing, at });
  }
}

/** Works the score and status out again from the signals counting now, and tells the screens of a change. */
async function rescore(
  deps: Settings<"fairPlay">,
  trx: Transaction<Database>,
  userId: string,
  standing: { status: Awaited<ReturnType<typeof lockStanding>>["status"]; clearedAt: Date | null; at: Date },
): Promise<void> {
  const { weights, reviewScore, freezeScore } = deps.config.fairPlay;
  const counting = await signalsSince(trx, userId, standing.clearedAt);
  const score = scoreOf(counting, weights);
  const status = statusFor(score, { reviewScore, freezeScore, current: standing.status });
  await writeStanding(trx, userId, { status, score, at: standing.at });
  if (status !== standing.status) {
    // A frozen account's syncs stop at once, on every instance (decisions.ts).
    if (status === "frozen") await staleRewardsRow(trx, userId);
    standingChanged(trx, userId, status);
    riskChanged(trx, { userId, status, score });
  }
}

/**
 * Keeps only the signals the account does not carry yet since its last clear: raising one again would only
 * move its time, and a check that runs often (the sync's) should not write for nothing.
 */
export async function newSignalsOf(
  deps: Uses<"db">,
  userId: string,
  signals: readonly (RaisedSignal | null)[],
): Promise<RaisedSignal[]> {
  const raised = signals.filter((signal): signal is RaisedSignal => signal !== null);
  if (raised.length === 0) return [];
  const carried = await countingSignalIds(
    deps.db,
    userId,
    raised.map((signal) => signal.id as SignalId),
  );
  return raised.filter((signal) => !carried.has(signal.id));
}
