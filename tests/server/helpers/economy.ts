/** Calls of the economy routes (docs/api.md, Economy) and what the suites need around them: moving the clock. */
import type { FastifyInstance } from "fastify";
import { type Caller, getJson, keyedPost, sessionCaller, snapshot } from "./rewards.ts";
import { logIn, type TestClock } from "./test-app.ts";

export const DAY_MS = 86_400_000;
const PASSWORD = "correct horse battery";

export const claimStreak = (app: FastifyInstance, caller: Caller, key?: string | null) =>
  keyedPost(app, caller, "/rewards/streak/claim", undefined, key);

export const buyBooster = (app: FastifyInstance, caller: Caller, body: unknown, key?: string | null) =>
  keyedPost(app, caller, "/rewards/boosters/purchase", body, key);

export interface StreakView {
  current: number;
  best: number;
  claimedToday: boolean;
  nextReward: number;
  freezes: number;
  resetsAt: string;
}

export const streakOf = (app: FastifyInstance, caller: Caller) =>
  getJson<StreakView>(app, caller, "/api/rewards/streak");

export interface AchievementView {
  id: string;
  name: string;
  description: string;
  progress: number;
  goal: number;
  rewardPoints: number;
  unlockedAt: string | null;
}

export async function achievementsOf(app: FastifyInstance, caller: Caller) {
  const { achievements } = await getJson<{ achievements: AchievementView[] }>(
    app,
    caller,
    "/api/rewards/achievements",
  );
  return Object.fromEntries(achievements.map((a) => [a.id, a]));
}

export const boostersOf = (app: FastifyInstance, caller: Caller) =>
  getJson<{ catalogue: unknown[]; active: { id: string; factor: number; endsAt: string } | null }>(
    app,
    caller,
    "/api/rewards/boosters",
  );

export const pointsOf = (app: FastifyInstance, caller: Caller) =>
  getJson<{ points: number; totalTaps: number }>(app, caller, `/api/user/${caller.id}/points`);

/** Everything an economy request could change for this caller, on top of the money snapshot. */
export async function economySnapshot(app: FastifyInstance, caller: Caller) {
  return {
    money: await snapshot(app, caller),
    streak: await streakOf(app, caller),
    boosters: await boostersOf(app, caller),
    achievements: await achievementsOf(app, caller),
  };
}

/** Moves the suite's clock forward to `at` exactly (never back). */
export function moveTo(clock: TestClock, at: Date | number): void {
  const target = typeof at === "number" ? at : at.getTime();
  const delta = target - clock().getTime();
  if (delta < 0) throw new Error(`the clock cannot go back ${-delta} ms`);
  clock.advance(delta);
}

/** Access tokens live an hour on the suite's clock: after a jump the caller signs in again (a new session). */
export async function signInAgain(app: FastifyInstance, caller: Caller): Promise<Caller> {
  const res = await logIn(app, { email: caller.email, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return sessionCaller(res.json());
}

/** Midnight (UTC) starting the day `days` after the clock's current day. */
export const midnightAfter = (clock: TestClock, days = 1) =>
  (Math.floor(clock().getTime() / DAY_MS) + days) * DAY_MS;
