/**
 * The economy routes of docs/api.md ("Economy") as a small stateful fake for component tests (msw): the daily
 * streak and its claim, the booster catalogue and purchase (points from the fake rewards account), the
 * achievements, the points history and the referral program (friends bound at sign-up; shares seeded by the
 * test). Claims and purchases are idempotent by key, like the real server.
 * `failNext` makes the next call of a route fail the way a test needs ("hang" never answers). The clock is the
 * test's (`now`), so a walk can place "today" and a booster's end where it needs them.
 */
import { delay, HttpResponse, http } from "msw";
import type { LeaderboardAnswer, LeaderboardPeriod, StatsAnswer } from "#src/api/standings.ts";
import type { FakeRewards } from "./fake-rewards.ts";

export type EconomyRoute =
  | "streak"
  | "claim"
  | "boosters"
  | "purchase"
  | "achievements"
  | "history"
  | "referrals"
  | "leaderboard"
  | "stats";
export type EconomyFailure = { status: number; code: string; message: string } | "network" | "hang";

const MICRO = 1_000_000;
const DAY_MS = 86_400_000;
export const BOOSTER_CATALOGUE = [
  { id: "turbo-2x", name: "Turbo ×2", factor: 2, minutes: 10, pricePoints: 100 },
  { id: "turbo-3x", name: "Turbo ×3", factor: 3, minutes: 5, pricePoints: 100 },
];
export const ACHIEVEMENTS = [
  { id: "first-tap", name: "First tap", description: "Tap the coin once.", goal: 1, rewardPoints: 1 },
  { id: "taps-1k", name: "1,000 taps", description: "Tap 1,000 times.", goal: 1000, rewardPoints: 5 },
  { id: "streak-7", name: "A week in a row", description: "Claim 7 days running.", goal: 7, rewardPoints: 7 },
];

interface Streak {
  current: number;
  best: number;
  freezes: number;
  /** UTC day number of the last claim, or null. */
  lastClaimDay: number | null;
}
type Active = { id: string; factor: number; endsAt: number } | null;
/** One referrer's program as GET /referrals answers it, minus the code and link (derived from the id). */
export interface FakeReferrals {
  invited: number;
  earnedPoints: number;
  earnedToday: number;
  friends: Array<{ name: string; joinedAt: string; earnedForYou: number }>;
}
export const REFERRAL_DAILY_CAP = 1000;
export const REFERRAL_SHARE_PERCENT = 10;
/** The fake's code for a user: the last 8 characters of the id, as the link carries it. */
export const referralCodeOf = (userId: string) => `ref${userId.slice(-8)}`;

interface HistoryRow {
  id: string;
  kind: "taps" | "combo";
  points: number;
  multiplier: number;
  factor: number;
  timestamp: string;
}

const failure = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

export function createFakeEconomy(
  api: string,
  userIdOf: (request: Request) => string | null,
  accountOf: (userId: string) => FakeRewards,
) {
  let now = () => Date.now();
  const streaks = new Map<string, Streak>();
  const boosters = new Map<string, Active>();
  const unlocked = new Map<string, Map<string, string>>();
  const history = new Map<string, HistoryRow[]>();
  const referrals = new Map<string, FakeReferrals>();
  /** What GET /leaderboard answers per period and GET /user/{id}/stats per user: set by the test. */
  // Typed by the contract, so a seeded answer cannot drift from what the server sends.
  const boards = new Map<LeaderboardPeriod, LeaderboardAnswer>();
  const stats = new Map<string, StatsAnswer>();
  /** Every leaderboard period asked for, in order. */
  const boardReads: string[] = [];
  const referralsOf = (userId: string) => {
    if (!referrals.has(userId)) {
      referrals.set(userId, { invited: 0, earnedPoints: 0, earnedToday: 0, friends: [] });
    }
    return referrals.get(userId)!;
  };
  const storedByKey = new Map<string, { status: number; body: unknown }>();
  const failNext = new Map<EconomyRoute, EconomyFailure>();
  /** Every call's Idempotency-Key, by route, in order. */
  const keys: Record<"claim" | "purchase", string[]> = { claim: [], purchase: [] };

  const streakOf = (userId: string) => {
    let streak = streaks.get(userId);
    if (!streak) {
      streak = { current: 0, best: 0, freezes: 0, lastClaimDay: null };
      streaks.set(userId, streak);
    }
    return streak;
  };
  const activeOf = (userId: string): Active => {
    const active = boosters.get(userId) ?? null;
    return active && active.endsAt > now() ? active : null;
  };
  const wireActive = (active: Active) =>
    active && { id: active.id, factor: active.factor, endsAt: new Date(active.endsAt).toISOString() };

  async function guard(request: Request, route: EconomyRoute) {
    const userId = userIdOf(request);
    if (!userId) return { response: failure(401, "UNAUTHORIZED", "Please log in.") };
    const injected = failNext.get(route);
    failNext.delete(route);
    if (injected === "hang") await delay("infinite");
    if (injected === "network" || injected === "hang") return { response: HttpResponse.error() };
    if (injected) return { response: failure(injected.status, injected.code, injected.message) };
    return { userId };
  }

  function idempotent(userId: string, request: Request, operation: () => { status: number; body: unknown }) {
    const key = `${userId}:${request.headers.get("idempotency-key")}`;
    const stored = storedByKey.get(key) ?? operation();
    storedByKey.set(key, stored);
    return HttpResponse.json(stored.body as never, { status: stored.status });
  }
  const refusal = (status: number, code: string, message: string) => ({
    status,
    body: { error: { code, message } },
  });

  const handlers = [
    http.get(`${api}/rewards/streak`, async ({ request }) => {
      const { response, userId } = await guard(request, "streak");
      if (response) return response;
      const streak = streakOf(userId);
      const today = dayOf(now());
      const claimedToday = streak.lastClaimDay === today;
      const alive = streak.lastClaimDay !== null && streak.lastClaimDay >= today - 1;
      const current = alive ? streak.current : 0;
      return HttpResponse.json({
        current,
        best: streak.best,
        claimedToday,
        nextReward: Math.min(claimedToday || alive ? current + 1 : 1, 7),
        freezes: streak.freezes,
        resetsAt: new Date((today + 1) * DAY_MS).toISOString(),
      });
    }),
    http.post(`${api}/rewards/streak/claim`, async ({ request }) => {
      const { response, userId } = await guard(request, "claim");
      if (response) return response;
      keys.claim.push(request.headers.get("idempotency-key") ?? "");
      return idempotent(userId, request, () => {
        const streak = streakOf(userId);
        const today = dayOf(now());
        if (streak.lastClaimDay === today)
          return refusal(409, "STREAK_ALREADY_CLAIMED", "Already claimed today");
        streak.current = streak.lastClaimDay === today - 1 ? streak.current + 1 : 1;
        streak.best = Math.max(streak.best, streak.current);
        streak.lastClaimDay = today;
        const reward = Math.min(streak.current, 7);
        const account = accountOf(userId);
        account.pointsMicro += reward * MICRO;
        return {
          status: 200,
          body: {
            current: streak.current,
            best: streak.best,
            reward,
            points: account.pointsMicro / MICRO,
            totalTaps: account.totalTaps,
          },
        };
      });
    }),
    http.get(`${api}/rewards/boosters`, async ({ request }) => {
      const { response, userId } = await guard(request, "boosters");
      if (response) return response;
      return HttpResponse.json({ catalogue: BOOSTER_CATALOGUE, active: wireActive(activeOf(userId)) });
    }),
    http.post(`${api}/rewards/boosters/purchase`, async ({ request }) => {
      const body = (await request.json()) as { boosterId: string };
      const { response, userId } = await guard(request, "purchase");
      if (response) return response;
      keys.purchase.push(request.headers.get("idempotency-key") ?? "");
      return idempotent(userId, request, () => {
        const booster = BOOSTER_CATALOGUE.find((item) => item.id === body.boosterId);
        if (!booster) return refusal(404, "NOT_FOUND", "There is no such booster.");
        const account = accountOf(userId);
        if (account.pointsMicro < booster.pricePoints * MICRO)
          return refusal(409, "INSUFFICIENT_POINTS", "Insufficient points");
        if (activeOf(userId)) return refusal(409, "BOOSTER_ACTIVE", "A booster is already active.");
        account.pointsMicro -= booster.pricePoints * MICRO;
        const active = { id: booster.id, factor: booster.factor, endsAt: now() + booster.minutes * 60_000 };
        boosters.set(userId, active);
        return {
          status: 200,
          body: {
            active: wireActive(active),
            points: account.pointsMicro / MICRO,
            totalTaps: account.totalTaps,
          },
        };
      });
    }),
    http.get(`${api}/rewards/achievements`, async ({ request }) => {
      const { response, userId } = await guard(request, "achievements");
      if (response) return response;
      const mine = unlocked.get(userId) ?? new Map<string, string>();
      const taps = accountOf(userId).totalTaps;
      return HttpResponse.json({
        achievements: ACHIEVEMENTS.map((item) => ({
          ...item,
          progress: mine.has(item.id)
            ? item.goal
            : item.id.startsWith("taps") || item.id === "first-tap"
              ? Math.min(taps, item.goal)
              : Math.min(streakOf(userId).current, item.goal),
          unlockedAt: mine.get(item.id) ?? null,
        })),
      });
    }),
    http.get(`${api}/user/:id/points/history`, async ({ request }) => {
      const { response, userId } = await guard(request, "history");
      if (response) return response;
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get("limit") ?? 20);
      const start = Number(url.searchParams.get("cursor") ?? 0);
      const rows = history.get(userId) ?? [];
      const page = rows.slice(start, start + limit);
      const next = start + limit < rows.length ? String(start + limit) : null;
      return HttpResponse.json({ history: page, nextCursor: next });
    }),
    http.get(`${api}/leaderboard`, async ({ request }) => {
      const { response } = await guard(request, "leaderboard");
      if (response) return response;
      const asked = new URL(request.url).searchParams.get("period") ?? "day";
      boardReads.push(asked);
      const period = asked === "week" || asked === "all" ? asked : "day";
      return HttpResponse.json(boards.get(period) ?? { period, entries: [], me: { rank: null, points: 0 } });
    }),
    http.get(`${api}/user/:id/stats`, async ({ request, params }) => {
      const { response, userId } = await guard(request, "stats");
      if (response) return response;
      if (params.id !== userId) return failure(403, "FORBIDDEN", "Access denied.");
      const answer = stats.get(userId);
      return answer ? HttpResponse.json(answer) : failure(500, "NO_SEED", "The test seeded no statistics.");
    }),
    http.get(`${api}/referrals`, async ({ request }) => {
      const { response, userId } = await guard(request, "referrals");
      if (response) return response;
      const code = referralCodeOf(userId);
      return HttpResponse.json({
        code,
        link: `http://app.test/auth?mode=signup&ref=${code}`,
        ...referralsOf(userId),
        dailyCap: REFERRAL_DAILY_CAP,
        sharePercent: REFERRAL_SHARE_PERCENT,
      });
    }),
  ];

  return {
    handlers,
    failNext,
    keys,
    streaks,
    boosters,
    /** The booster factor a batch arriving now is credited at (the fake rewards' tap sync asks). */
    factorOf: (userId: string) => activeOf(userId)?.factor ?? 1,
    setClock: (clock: () => number) => {
      now = clock;
    },
    unlock: (userId: string, id: string, at = new Date(now()).toISOString()) => {
      const mine = unlocked.get(userId) ?? new Map<string, string>();
      mine.set(id, at);
      unlocked.set(userId, mine);
    },
    /** A credited batch, newest first. */
    addHistory: (userId: string, row: HistoryRow) =>
      history.set(userId, [row, ...(history.get(userId) ?? [])]),
    boards,
    boardReads,
    stats,
    /** A referrer's program, to seed or change (what the next GET /referrals answers). */
    referralsOf,
    seedStreak: (userId: string, streak: Partial<Streak>) => Object.assign(streakOf(userId), streak),
    clear() {
      now = () => Date.now();
      streaks.clear();
      boosters.clear();
      unlocked.clear();
      history.clear();
      referrals.clear();
      boards.clear();
      boardReads.length = 0;
      stats.clear();
      storedByKey.clear();
      failNext.clear();
      keys.claim.length = 0;
      keys.purchase.length = 0;
    },
  };
}
