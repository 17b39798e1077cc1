/**
 * Fair play's fixed words and figures both sides share (docs/fair-play.md). No TypeBox here, so the browser can
 * import them without the schema library.
 */

export const ACCOUNT_STATUSES = ["ok", "review", "frozen", "banned"] as const;
export type AccountStatusName = (typeof ACCOUNT_STATUSES)[number];

/** The risk list's filters: a status, accounts with an open appeal, or every account with a score. */
export const RISK_FILTERS = ["review", "frozen", "banned", "appealed", "all"] as const;
export const RISK_ACTIONS = ["clear", "freeze", "unfreeze", "ban"] as const;
export type RiskActionName = (typeof RISK_ACTIONS)[number];

export const SIGNAL_IDS = [
  "cap-rate",
  "regular-cadence",
  "no-timing",
  "round-the-clock",
  "signup-burst",
  "referral-farm",
  "fresh-withdrawal",
] as const;
export type SignalId = (typeof SIGNAL_IDS)[number];

/** A batch may carry one interval per tap (ms since the tap before it), each within these bounds. */
export const MAX_TAP_INTERVAL_MS = 60_000;
/** A batch with intervals carries at most this many taps: the client sends at 1 000 without waiting. */
export const MAX_TAPS_WITH_INTERVALS = 1_000;

export const APPEAL_MIN_LENGTH = 3;
export const APPEAL_MAX_LENGTH = 1_000;

export const ECONOMY_DEFAULT_DAYS = 30;
export const ECONOMY_MAX_DAYS = 90;

/** What the player reads about their standing (GET /user/{id}/standing, the Home card, the tap screen). */
export const STANDING_MESSAGES = {
  ok: "Your account is in good standing.",
  review:
    "Your account is being reviewed. You can keep tapping; USDT withdrawals wait for a person to approve them.",
  frozen: "Your account is under review. Taps are paused.",
} as const;

/** The answers of a frozen or closed account (403), and of a second appeal (409). */
export const ACCOUNT_FROZEN_MESSAGE = "Your account is under review. Taps are paused.";
export const ACCOUNT_BANNED_MESSAGE = "This account has been closed.";
export const APPEAL_OPEN_MESSAGE =
  "You already asked for a review. We will answer it before you can ask again.";
/** How a held withdrawal is described in the wallet history. */
export const AWAITING_REVIEW = "Awaiting review";
