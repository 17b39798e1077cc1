/**
 * An account's risk score and the status it leads to (docs/fair-play.md, "Score and status"): the score is the
 * sum of the weights of the distinct signals raised since the account's last `clear`; review from
 * RISK_REVIEW_SCORE, frozen automatically only from RISK_FREEZE_SCORE (0 = never), banned only by an admin.
 */
import type { AccountStatusName, SignalId } from "#contracts/fair-play-rules.ts";

export type SignalWeights = Readonly<Record<SignalId, number>>;

/**
 * Each signal's weight. At the default review score (30) each strong signal holds an account on its own; the
 * weak ones (no-timing, fresh-withdrawal) only together or with another.
 */
export const DEFAULT_SIGNAL_WEIGHTS: SignalWeights = {
  "cap-rate": 30,
  "regular-cadence": 40,
  "no-timing": 10,
  "round-the-clock": 30,
  "signup-burst": 30,
  "referral-farm": 40,
  "fresh-withdrawal": 20,
};

/**
 * 30, not the 50 first planned: the farm simulator (`npm run simulate -- farm`, docs/fair-play.md) showed bots
 * that raise one signal only (round-the-clock scripts just under 90 % of the cap, a referral farm's referrer)
 * taking USDT out at 50; at 30 each of the strong signals holds an account on its own, and people still carry
 * none of them.
 */
export const DEFAULT_REVIEW_SCORE = 30;
/** 0: the score never freezes an account by itself; only an admin does. */
export const DEFAULT_FREEZE_SCORE = 0;

/** The sum of the weights of the distinct signal ids: a signal raised twice counts once. */
export function scoreOf(signals: readonly { id: SignalId }[], weights: SignalWeights): number {
  const seen = new Set<SignalId>();
  let score = 0;
  for (const { id } of signals) {
    if (seen.has(id)) continue;
    seen.add(id);
    score += weights[id];
  }
  return score;
}

export interface StatusRules {
  /** RISK_REVIEW_SCORE: from this score on, the account is in review. */
  reviewScore: number;
  /** RISK_FREEZE_SCORE: from this score on, frozen; 0 never freezes automatically. */
  freezeScore: number;
  current: AccountStatusName;
}

/**
 * The status a score leads to. It only ever raises a status: frozen and banned stay as they are, and so does
 * review below the review score (only an admin's `clear` lowers a status); banned is never reached by a score.
 */
export function statusFor(
  score: number,
  { reviewScore, freezeScore, current }: StatusRules,
): AccountStatusName {
  if (!Number.isInteger(reviewScore) || reviewScore < 1) {
    throw new RangeError(`the review score is an integer of at least 1, not ${reviewScore}`);
  }
  if (!Number.isInteger(freezeScore) || freezeScore < 0) {
    throw new RangeError(`the freeze score is an integer of at least 0, not ${freezeScore}`);
  }
  if (current === "banned" || current === "frozen") return current;
  if (freezeScore > 0 && score >= freezeScore) return "frozen";
  if (score >= reviewScore) return "review";
  return current;
}
