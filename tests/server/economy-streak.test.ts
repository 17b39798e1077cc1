/**
 * The daily streak (docs/api.md, Economy; docs/decisions/019) on the suite's clock: UTC day boundaries to the
 * millisecond, the reward for day n, freezes earned every 7th day and used by missed days (one each, oldest
 * first), the reset, one claim a day however many devices race, Idempotency-Key, and bad requests that
 * change nothing.
 */
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import {
  claimStreak,
  DAY_MS,
  economySnapshot,
  midnightAfter,
  moveTo,
  pointsOf,
  signInAgain,
  streakOf,
} from "./helpers/economy.ts";
import { type Caller, randomKey, sessionCaller } from "./helpers/rewards.ts";
import { errorBody, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();
const ALREADY = errorBody("STREAK_ALREADY_CLAIMED", "Already claimed today");
/** `streak-7` pays this once, on the 7th day of a run (the default setting). */
const STREAK_7_REWARD = 5;

const newCaller = async (): Promise<Caller> => sessionCaller(await signUpAndLogIn(t.app));

/** Claims and expects success; answers the body. */
async function claimOk(caller: Caller) {
  const res = await claimStreak(t.app, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ current: number; best: number; reward: number; points: number; totalTaps: number }>();
}

/** The clock at noon (UTC) of the day `days` after its current one, and the caller signed in again. */
async function noonAfter(caller: Caller, days: number): Promise<Caller> {
  moveTo(t.clock, midnightAfter(t.clock, days) + DAY_MS / 2);
  return signInAgain(t.app, caller);
}

describe("GET /rewards/streak", () => {
  it("starts empty: nothing claimed, day 1 pays 1, no freezes, today ends at the next UTC midnight", async () => {
    const caller = await newCaller();
    expect(await streakOf(t.app, caller)).toEqual({
      current: 0,
      best: 0,
      claimedToday: false,
      nextReward: 1,
      freezes: 0,
      resetsAt: new Date(midnightAfter(t.clock)).toISOString(),
    });
  });
});

describe("POST /rewards/streak/claim", () => {
  it("pays day 1, then refuses a second claim the same day, and a replayed key answers the same", async () => {
    let caller = await newCaller();
    caller = await noonAfter(caller, 1);
    const key = randomKey();
    const first = await claimStreak(t.app, caller, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ current: 1, best: 1, reward: 1, points: 1, totalTaps: 0 });
    expect(await pointsOf(t.app, caller)).toEqual({ points: 1, totalTaps: 0 });

    const replay = await claimStreak(t.app, caller, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);

    const second = await claimStreak(t.app, caller);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual(ALREADY);
    expect(await pointsOf(t.app, caller)).toEqual({ points: 1, totalTaps: 0 });
    expect(await streakOf(t.app, caller)).toMatchObject({
      current: 1,
      best: 1,
      claimedToday: true,
      nextReward: 2,
      freezes: 0,
    });
  });

  it("turns the day at 00:00:00.000 UTC: 23:59:59.999 is still the same day, a millisecond later is the next", async () => {
    let caller = await newCaller();
    const midnight = midnightAfter(t.clock, 2);
    // Access tokens live an hour on this clock: half an hour before midnight, then through it.
    moveTo(t.clock, midnight - 30 * 60_000);
    caller = await signInAgain(t.app, caller);
    expect((await claimOk(caller)).current).toBe(1);

    moveTo(t.clock, midnight - 1);
    expect((await claimStreak(t.app, caller)).json()).toEqual(ALREADY);
    expect((await streakOf(t.app, caller)).resetsAt).toBe(new Date(midnight).toISOString());

    moveTo(t.clock, midnight);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 1, claimedToday: false, nextReward: 2 });
    expect(await claimOk(caller)).toMatchObject({ current: 2, best: 2, reward: 2, points: 3 });

    // The whole next day is missed: at its last millisecond the streak still stands (the day is not over)…
    moveTo(t.clock, midnight + 2 * DAY_MS - 30 * 60_000);
    caller = await signInAgain(t.app, caller);
    moveTo(t.clock, midnight + 2 * DAY_MS - 1);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 2, claimedToday: false });
    // …and a millisecond later it is broken: with no freeze, the next claim starts again at 1.
    moveTo(t.clock, midnight + 2 * DAY_MS);
    expect(await streakOf(t.app, caller)).toMatchObject({
      current: 0,
      best: 2,
      claimedToday: false,
      nextReward: 1,
    });
    expect(await claimOk(caller)).toMatchObject({ current: 1, best: 2, reward: 1, points: 4 });
  });

  it("pays min(n, 7) points on day n, earns a freeze on every 7th day (at most 2) and unlocks streak-7 once", async () => {
    let caller = await newCaller();
    const rewards: number[] = [];
    const freezes: number[] = [];
    let points = 0;
    for (let day = 1; day <= 22; day += 1) {
      caller = await noonAfter(caller, 1);
      const claim = await claimOk(caller);
      expect(claim.current).toBe(day);
      rewards.push(claim.reward);
      points += claim.reward + (day === 7 ? STREAK_7_REWARD : 0);
      expect(claim.points).toBe(points);
      freezes.push((await streakOf(t.app, caller)).freezes);
    }
    expect(rewards).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]);
    // Earned on days 7, 14 and 21; the third is beyond the 2 a player can hold.
    expect(freezes.slice(5, 8)).toEqual([0, 1, 1]);
    expect(freezes.slice(12, 15)).toEqual([1, 2, 2]);
    expect(freezes.slice(19)).toEqual([2, 2, 2]);
    expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
  });

  it("spends one freeze per missed day, oldest first; with too few the streak ends and the freezes are gone", async () => {
    let caller = await newCaller();
    for (let day = 1; day <= 14; day += 1) {
      caller = await noonAfter(caller, 1);
      await claimOk(caller);
    }
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 14, freezes: 2 });

    // One missed day: to its last millisecond nothing is used; at midnight after it, a freeze covers it.
    const missedDayEnds = midnightAfter(t.clock, 2);
    moveTo(t.clock, missedDayEnds - 30 * 60_000);
    caller = await signInAgain(t.app, caller);
    moveTo(t.clock, missedDayEnds - 1);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 14, freezes: 2, claimedToday: false });
    moveTo(t.clock, missedDayEnds);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 14, freezes: 1, nextReward: 7 });
    expect(await claimOk(caller)).toMatchObject({ current: 15, best: 15 });

    // Two missed days with one freeze: the first uses it, the second ends the streak.
    caller = await noonAfter(caller, 2);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 15, freezes: 0 });
    caller = await noonAfter(caller, 1);
    expect(await streakOf(t.app, caller)).toMatchObject({
      current: 0,
      best: 15,
      freezes: 0,
      claimedToday: false,
      nextReward: 1,
    });
    expect(await claimOk(caller)).toMatchObject({ current: 1, best: 15, reward: 1 });
  });

  it("covers exactly as many missed days as freezes held: two freezes carry a run over two missed days", async () => {
    let caller = await newCaller();
    for (let day = 1; day <= 14; day += 1) {
      caller = await noonAfter(caller, 1);
      await claimOk(caller);
    }
    caller = await noonAfter(caller, 3);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 14, freezes: 0 });
    expect(await claimOk(caller)).toMatchObject({ current: 15, reward: 7 });
    expect((await streakOf(t.app, caller)).freezes).toBe(0);
  });

  it("allows one claim a day when 20 requests race from 4 devices with 20 different keys", async () => {
    let caller = await newCaller();
    caller = await noonAfter(caller, 1);
    const devices = [caller, ...(await Promise.all([1, 2, 3].map(() => signInAgain(t.app, caller))))];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claimStreak(t.app, devices[i % devices.length] as Caller)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json()).toEqual(ALREADY);
    expect(await pointsOf(t.app, caller)).toEqual({ points: 1, totalTaps: 0 });
    const claims = await t.database.handle.db
      .selectFrom("streak_claims")
      .select("day")
      .where("user_id", "=", caller.id)
      .execute();
    expect(claims).toHaveLength(1);
    expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
  });

  it("refuses a missing or malformed Idempotency-Key with 400 and claims nothing", async () => {
    let caller = await newCaller();
    caller = await noonAfter(caller, 1);
    const before = await economySnapshot(t.app, caller);
    for (const key of [null, "short", "has spaces in it", "x".repeat(101)]) {
      const res = await claimStreak(t.app, caller, key);
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/rewards/streak/claim",
      headers: { "idempotency-key": randomKey() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await economySnapshot(t.app, caller)).toEqual(before);
    expect((await claimOk(caller)).current).toBe(1);
  });

  it("answers 422 for a key used on another route, and moves nothing", async () => {
    let caller = await newCaller();
    caller = await noonAfter(caller, 1);
    const key = randomKey();
    expect((await claimStreak(t.app, caller, key)).statusCode).toBe(200);
    const before = await economySnapshot(t.app, caller);
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/rewards/boosters/purchase",
      headers: { authorization: `Bearer ${caller.token}`, "idempotency-key": key },
      payload: { boosterId: "turbo-2x" },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error.code).toBe("IDEMPOTENCY_MISMATCH");
    expect(await economySnapshot(t.app, caller)).toEqual(before);
  });
});
