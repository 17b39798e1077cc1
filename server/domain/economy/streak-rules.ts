/**
 * The daily streak's arithmetic (docs/product.md, Economy; docs/decisions/019), pure so every day boundary
 * can be tested without a database. Days are UTC day numbers (utc-days.ts).
 *
 * - A claim on the day after the last claim adds one; a later claim restarts at 1, unless freezes cover the
 *   gap. Day n pays min(n, cap) × points per day.
 * - Every `freezeEveryDays`-th day of a run earns a freeze, up to `maxFreezes` held.
 * - Missed days are settled one by one, oldest first, as if the server looked at midnight: each uses a freeze;
 *   the first missed day with none left ends the streak (the freezes used before it are gone). A day is
 *   missed once it is over, so on the day after the last claim nothing is missed yet.
 * - Frozen days keep the streak alive but do not lengthen it: the streak counts claimed days.
 */
export interface StreakRules {
  pointsPerDay: number;
  rewardCapDays: number;
  freezeEveryDays: number;
  maxFreezes: number;
}

/** The streak as the last claim left it. */
export interface LastClaim {
  day: number;
  streak: number;
  best: number;
  freezes: number;
}

export interface StreakToday {
  /** The run still alive today (0 once broken or before any claim). */
  current: number;
  best: number;
  /** Freezes still held after today's missed days have used theirs. */
  freezes: number;
  /** Freezes the missed days since the last claim have used up. */
  freezesUsed: number;
  claimedToday: boolean;
}

/** Whole points the n-th day of a run pays. */
export const streakRewardPoints = (day: number, rules: StreakRules) =>
  Math.min(day, rules.rewardCapDays) * rules.pointsPerDay;

export function streakOn(last: LastClaim | null, today: number): StreakToday {
  if (!last) return { current: 0, best: 0, freezes: 0, freezesUsed: 0, claimedToday: false };
  // A claim dated after today (another instance's clock ran ahead) counts as today's: no second claim.
  if (today <= last.day) {
    return {
      current: last.streak,
      best: last.best,
      freezes: last.freezes,
      freezesUsed: 0,
      claimedToday: true,
    };
  }
  const missed = today - last.day - 1;
  if (missed <= last.freezes) {
    return {
      current: last.streak,
      best: last.best,
      freezes: last.freezes - missed,
      freezesUsed: missed,
      claimedToday: false,
    };
  }
  return { current: 0, best: last.best, freezes: 0, freezesUsed: last.freezes, claimedToday: false };
}

/** What the next claim pays: today's if not claimed yet, else tomorrow's (if claimed tomorrow). */
export const nextStreakReward = (today: StreakToday, rules: StreakRules) =>
  streakRewardPoints(today.current + 1, rules);

export interface StreakClaimOutcome extends LastClaim {
  freezesUsed: number;
  rewardPoints: number;
}

/** Today's claim, or null when today is already claimed. */
export function claimStreakOn(
  last: LastClaim | null,
  today: number,
  rules: StreakRules,
): StreakClaimOutcome | null {
  const now = streakOn(last, today);
  if (now.claimedToday) return null;
  const streak = now.current + 1;
  const earned = streak % rules.freezeEveryDays === 0 ? 1 : 0;
  return {
    day: today,
    streak,
    best: Math.max(now.best, streak),
    freezes: Math.min(now.freezes + earned, rules.maxFreezes),
    freezesUsed: now.freezesUsed,
    rewardPoints: streakRewardPoints(streak, rules),
  };
}
