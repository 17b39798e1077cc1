/**
 * Achievements (docs/api.md, Economy; docs/decisions/019). Each unlocks once, in the transaction of the change
 * that reaches its goal, and pays its reward once: the unlock is a row per (user, achievement), the payment a
 * points movement keyed `achievement:<id>`, and the user's rewards row keeps a bit per unlocked achievement so
 * the tap sync can tell a new goal from one already reached without reading anything more. Every caller holds
 * the user's rewards row lock, which serialises the unlocks of one user.
 */
import type { Kysely, Transaction } from "kysely";
import { MICRO_PER_UNIT, microToNumber } from "#contracts/micro.ts";
import { insertUnlocks, listUnlocked } from "../../db/repos/achievements.repo.ts";
import { addAchievementRewards, findRewards } from "../../db/repos/rewards.repo.ts";
import { findLatestStreakClaim } from "../../db/repos/streaks.repo.ts";
import type { Database } from "../../db/schema.ts";
import type { AchievementId } from "../../settings.ts";
import { achievementUnlocked, pointsChanged } from "../live/screen-events.ts";
import { lockRewardsAccount } from "../taps/rewards-account.ts";

export type { AchievementId };

/** What counts towards the goal: credited taps, the best streak, or the fact itself (goal 1). */
type Measure = "taps" | "streak" | "once";

interface AchievementDefinition {
  id: AchievementId;
  /** Its bit in user_rewards.achievements_mask. Never reuse or renumber one. */
  bit: number;
  name: string;
  description: string;
  goal: number;
  measure: Measure;
}

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    id: "first-tap",
    bit: 0,
    name: "First Tap",
    description: "Tap the coin for the first time.",
    goal: 1,
    measure: "taps",
  },
  {
    id: "taps-1k",
    bit: 1,
    name: "Warming Up",
    description: "Reach 1,000 taps.",
    goal: 1_000,
    measure: "taps",
  },
  {
    id: "taps-10k",
    bit: 2,
    name: "Dedicated Tapper",
    description: "Reach 10,000 taps.",
    goal: 10_000,
    measure: "taps",
  },
  {
    id: "taps-100k",
    bit: 3,
    name: "Tap Legend",
    description: "Reach 100,000 taps.",
    goal: 100_000,
    measure: "taps",
  },
  {
    id: "first-multiplier",
    bit: 4,
    name: "Upgraded",
    description: "Buy your first multiplier.",
    goal: 1,
    measure: "once",
  },
  {
    id: "streak-7",
    bit: 5,
    name: "Week Streak",
    description: "Claim your daily reward 7 days in a row.",
    goal: 7,
    measure: "streak",
  },
  {
    id: "first-deposit",
    bit: 6,
    name: "First Deposit",
    description: "Receive your first USDT deposit.",
    goal: 1,
    measure: "once",
  },
  {
    id: "first-withdrawal",
    bit: 7,
    name: "First Withdrawal",
    description: "Withdraw rewards to your wallet, or USDT to a TRON address, for the first time.",
    goal: 1,
    measure: "once",
  },
  {
    id: "first-referral",
    bit: 8,
    name: "First Referral",
    description: "Invite a friend who signs up with your link.",
    goal: 1,
    measure: "once",
  },
];

const byId = new Map(ACHIEVEMENTS.map((achievement) => [achievement.id, achievement]));

function definitionOf(id: AchievementId): AchievementDefinition {
  const definition = byId.get(id);
  if (!definition) throw new Error(`unknown achievement ${id}`);
  return definition;
}

const bitOf = (id: AchievementId) => 2 ** definitionOf(id).bit;

export const isUnlocked = (mask: number, id: AchievementId) => (mask & bitOf(id)) !== 0;

/** An achievement about to unlock, with what it pays. */
export interface Unlock {
  id: AchievementId;
  name: string;
  rewardMicro: number;
}

export type RewardPoints = Readonly<Record<AchievementId, number>>;

/** Which of `ids` are not unlocked yet, with their rewards. */
export function pendingUnlocks(ids: readonly AchievementId[], mask: number, rewards: RewardPoints): Unlock[] {
  return [...new Set(ids)]
    .filter((id) => !isUnlocked(mask, id))
    .map((id) => ({ id, name: definitionOf(id).name, rewardMicro: rewards[id] * MICRO_PER_UNIT }));
}

export const maskOf = (unlocks: readonly Unlock[]) => unlocks.reduce((mask, u) => mask | bitOf(u.id), 0);

export const rewardOf = (unlocks: readonly Unlock[]) => unlocks.reduce((sum, u) => sum + u.rewardMicro, 0);

const reachedBy = (measure: Measure, value: number): AchievementId[] =>
  ACHIEVEMENTS.filter((a) => a.measure === measure && a.goal <= value).map((a) => a.id);

/** Tap goals a total of credited taps has reached (unlocked or not). */
export const tapGoalsReached = (totalTaps: number) => reachedBy("taps", totalTaps);

/** Streak goals a streak of `days` has reached. */
export const streakGoalsReached = (days: number) => reachedBy("streak", days);

/**
 * Records the unlocks and their payments; the caller has written the figures of its own change and the bits.
 * For a tap batch, whose one statement writes points and bits together (the hot path).
 */
export const recordUnlocks = (
  trx: Transaction<Database>,
  userId: string,
  unlocks: readonly Unlock[],
  at: Date,
) =>
  insertUnlocks(
    trx,
    userId,
    unlocks.map((u) => ({ achievementId: u.id, rewardMicro: u.rewardMicro })),
    at,
  );

/** Tells the user's screens: the `points` event (final figures) must be queued before these. */
export function announceUnlocks(
  trx: Transaction<Database>,
  userId: string,
  unlocks: readonly Unlock[],
): void {
  for (const unlock of unlocks) achievementUnlocked(trx, userId, unlock);
}

/** The user's figures after the caller's own change, under the user's rewards row lock. */
export interface LockedFigures {
  userId: string;
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
  achievementsMask: number;
}

/**
 * Unlocks whichever of `ids` the user has not unlocked yet, after the caller's own change (which it has
 * written, and whose `points` event, if any, it has queued): records them, adds their rewards and bits to the
 * rewards row, and queues the new `points` figure and one `achievement` event each. Answers the points after.
 */
export async function unlockAchievements(
  trx: Transaction<Database>,
  rewards: RewardPoints,
  user: LockedFigures,
  ids: readonly AchievementId[],
  at: Date,
): Promise<{ pointsMicro: number; unlocked: Unlock[] }> {
  const unlocks = pendingUnlocks(ids, user.achievementsMask, rewards);
  if (unlocks.length === 0) return { pointsMicro: user.pointsMicro, unlocked: [] };
  await recordUnlocks(trx, user.userId, unlocks, at);
  const rewardMicro = rewardOf(unlocks);
  await addAchievementRewards(trx, user.userId, { rewardMicro, mask: maskOf(unlocks) });
  const pointsMicro = user.pointsMicro + rewardMicro;
  pointsChanged(trx, user.userId, {
    pointsMicro,
    totalTaps: user.totalTaps,
    multiplierMicro: user.multiplierMicro,
  });
  announceUnlocks(trx, user.userId, unlocks);
  return { pointsMicro, unlocked: unlocks };
}

/**
 * A change that touches no points itself (a credited deposit, a confirmed USDT withdrawal) and may reach a
 * "first" goal: locks the user's rewards row, which must be the transaction's first lock (before any ledger
 * account: docs/decisions/006), and answers a function to call once the change is written.
 */
export async function prepareUnlock(
  trx: Transaction<Database>,
  rewards: RewardPoints,
  userId: string,
  at: Date,
): Promise<(ids: readonly AchievementId[]) => Promise<void>> {
  const row = await lockRewardsAccount(trx, userId, at);
  return async (ids) => {
    await unlockAchievements(trx, rewards, { userId, ...row }, ids, at);
  };
}

/**
 * A friend signed up with `referrerId`'s code: called in the transaction that binds them (sign-up), before
 * any ledger account is touched; the first friend unlocks `first-referral`.
 */
export async function referralJoined(
  trx: Transaction<Database>,
  rewards: RewardPoints,
  referrerId: string,
  at: Date,
): Promise<void> {
  const unlock = await prepareUnlock(trx, rewards, referrerId, at);
  await unlock(["first-referral"]);
}

export interface AchievementProgress {
  id: AchievementId;
  name: string;
  description: string;
  progress: number;
  goal: number;
  rewardPoints: number;
  unlockedAt: Date | null;
}

/** GET /rewards/achievements: every achievement with the user's progress; an unlocked one shows what it paid. */
export async function achievementsOf(
  db: Kysely<Database>,
  rewards: RewardPoints,
  userId: string,
): Promise<AchievementProgress[]> {
  const [figures, unlockedRows, streak] = await Promise.all([
    findRewards(db, userId),
    listUnlocked(db, userId),
    findLatestStreakClaim(db, userId),
  ]);
  const unlocked = new Map(unlockedRows.map((row) => [row.achievement_id, row]));
  const measured: Record<Measure, number> = {
    taps: figures?.totalTaps ?? 0,
    streak: streak?.best ?? 0,
    once: 0,
  };
  return ACHIEVEMENTS.map((a) => {
    const row = unlocked.get(a.id);
    return {
      id: a.id,
      name: a.name,
      description: a.description,
      progress: row ? a.goal : Math.min(a.goal, measured[a.measure]),
      goal: a.goal,
      rewardPoints: row ? microToNumber(row.reward_micro) : rewards[a.id],
      unlockedAt: row?.unlocked_at ?? null,
    };
  });
}
