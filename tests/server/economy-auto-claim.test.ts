/**
 * Auto-claim (docs/product.md, Economy; docs/decisions/039): with AUTO_CLAIM on, the first tap sync of a UTC day
 * claims the day's streak reward in its own transaction and says so in its answer; a replay answers null; a
 * hand claim still works, and the two racing on a day's first sync pay once. Day boundaries on the suite's
 * clock, to the millisecond.
 */

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import {
  achievementsOf,
  claimStreak,
  midnightAfter,
  moveTo,
  signInAgain,
  streakOf,
} from "./helpers/economy.ts";
import { type Caller, getJson, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { setupTestApp, signUpAndLogIn, testConfig, testEngine } from "./helpers/test-app.ts";

const t = setupTestApp({ config: { economy: { ...testConfig().economy, autoClaim: true } } });
const db = () => t.database.handle.db;

interface SyncAnswer {
  points: number;
  credited: { taps: number; points: number; comboBonus: number };
  streak: { current: number; reward: number } | null;
  replayed: boolean;
}

async function sync(caller: Caller, body: Record<string, unknown> = { taps: 1 }): Promise<SyncAnswer> {
  const res = await syncTaps(t.app, caller, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SyncAnswer>();
}

const pointsOf = async (caller: Caller) =>
  (await getJson<{ points: number }>(t.app, caller, `/api/user/${caller.id}/points`)).points;

async function claimsOf(userId: string) {
  const { rows } = await sql<{ day: number; streak: number }>`
    SELECT day, streak FROM streak_claims WHERE user_id = ${userId} ORDER BY day`.execute(db());
  return rows;
}

/** The clock at `msBefore` ms (at most a day) before a coming UTC midnight, and a new player signed in then. */
async function playerBeforeMidnight(msBefore: number): Promise<Caller> {
  moveTo(t.clock, midnightAfter(t.clock, 2) - msBefore);
  return sessionCaller(await signUpAndLogIn(t.app));
}

describe("the first sync of a day", () => {
  it("claims the streak once, in the answer and the points; later syncs and a hand claim do not claim again", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    const first = await sync(caller, { taps: 5 });
    expect(first.streak).toEqual({ current: 1, reward: 1 });
    // 5 taps, the streak's 1 point, and first-tap's reward: the points say all of it.
    const firstTap = (
      await getJson<{ achievements: { id: string; rewardPoints: number }[] }>(
        t.app,
        caller,
        "/api/rewards/achievements",
      )
    ).achievements.find((a) => a.id === "first-tap")!.rewardPoints;
    expect(first.points).toBeCloseTo(0.005 + 1 + firstTap, 9);
    const second = await sync(caller);
    expect(second.streak).toBeNull();
    expect(second.points).toBeCloseTo(first.points + 0.001, 9);
    expect((await claimStreak(t.app, caller)).statusCode).toBe(409);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 1, claimedToday: true });
    expect(await claimsOf(caller.id)).toHaveLength(1);
  });

  it("a replay of the claiming sync answers streak null and pays nothing again", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    const batchId = randomUUID();
    const first = await sync(caller, { batchId, taps: 3 });
    expect(first.streak).toEqual({ current: 1, reward: 1 });
    const replay = await sync(caller, { batchId, taps: 3 });
    expect(replay).toEqual({ ...first, streak: null, replayed: true });
    expect(await pointsOf(caller)).toBe(first.points);
  });

  it("a hand claim first leaves nothing for the sync to claim", async () => {
    let caller = await playerBeforeMidnight(12 * 3_600_000);
    await sync(caller);
    moveTo(t.clock, midnightAfter(t.clock) + 1_000);
    caller = await signInAgain(t.app, caller);
    const claimed = await claimStreak(t.app, caller);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ current: 2, reward: 2 });
    const after = await sync(caller);
    expect(after.streak).toBeNull();
    expect(after.points).toBeCloseTo(claimed.json<{ points: number }>().points + 0.001, 9);
  });

  it("the UTC day turns at midnight: 23:59:59.999 is still the claimed day, 00:00:00.000 claims the next", async () => {
    const caller = await playerBeforeMidnight(1_000);
    expect((await sync(caller)).streak).toEqual({ current: 1, reward: 1 });
    t.clock.advance(999);
    expect((await sync(caller)).streak).toBeNull();
    t.clock.advance(1);
    expect(t.clock().getUTCHours() + t.clock().getUTCMinutes() + t.clock().getUTCSeconds()).toBe(0);
    expect((await sync(caller)).streak).toEqual({ current: 2, reward: 2 });
    expect((await claimsOf(caller.id)).map((claim) => claim.streak)).toEqual([1, 2]);
  });

  it("AUTO_CLAIM=false claims nothing; the hand claim still does", async () => {
    const economy = t.app.ctx.config.economy;
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    economy.autoClaim = false;
    try {
      expect((await sync(caller)).streak).toBeNull();
      expect(await claimsOf(caller.id)).toEqual([]);
      expect((await claimStreak(t.app, caller)).statusCode).toBe(200);
    } finally {
      economy.autoClaim = true;
    }
  });
});

async function streakMovementsOf(userId: string) {
  const { rows } = await sql<{ delta_micro: string; idempotency_key: string }>`
    SELECT delta_micro, idempotency_key FROM points_movements
    WHERE user_id = ${userId} AND kind = 'streak' ORDER BY created_at`.execute(db());
  return rows.map((row) => ({ deltaMicro: Number(row.delta_micro), key: row.idempotency_key }));
}

/** The next UTC day, one second in, with the caller signed in again (the jump outlives the access token). */
async function nextDay(caller: Caller, days = 1): Promise<Caller> {
  moveTo(t.clock, midnightAfter(t.clock, days) + 1_000);
  return signInAgain(t.app, caller);
}

// docs/decisions/044: the day's first sync of a known row claims in the grouped write, no transaction. Only that
// path leaves this instance a hint of the row (the locking path does not), which is how these tests tell.
describe("the day's claim in the grouped write", () => {
  it("claims from this instance's hint: the claim row, its keyed payment, the row's note and the answer agree", async () => {
    let caller = await playerBeforeMidnight(3_600_000);
    await sync(caller);
    await sync(caller);
    const hints = t.app.ctx.syncHints;
    expect(hints.get(caller.id)?.lastClaim).toMatchObject({ streak: 1 });
    caller = await nextDay(caller);
    const before = await pointsOf(caller);
    const answer = await sync(caller, { taps: 2 });
    expect(answer.streak).toEqual({ current: 2, reward: 2 });
    expect(answer.points).toBeCloseTo(before + 2 + 0.002, 9);
    expect(hints.get(caller.id)?.lastClaim).toMatchObject({ streak: 2, best: 2 });
    expect(await claimsOf(caller.id)).toEqual([
      expect.objectContaining({ streak: 1 }),
      expect.objectContaining({ streak: 2 }),
    ]);
    const today = new Date(midnightAfter(t.clock, 0)).toISOString().slice(0, 10);
    expect((await streakMovementsOf(caller.id)).at(-1)).toEqual({
      deltaMicro: 2_000_000,
      key: `streak:${today}`,
    });
    expect((await sync(caller)).streak).toBeNull();
    expect((await claimStreak(t.app, caller)).statusCode).toBe(409);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 2, best: 2, claimedToday: true });
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("claims from a fresh read when this instance has no hint, and a missed day restarts the streak at 1", async () => {
    let caller = await playerBeforeMidnight(3_600_000);
    await sync(caller);
    await sync(caller);
    const hints = t.app.ctx.syncHints;
    hints.delete(caller.id); // the player's earlier syncs went through another instance
    caller = await nextDay(caller);
    expect((await sync(caller)).streak).toEqual({ current: 2, reward: 2 });
    expect(hints.get(caller.id)?.lastClaim).toMatchObject({ streak: 2 });
    hints.delete(caller.id);
    caller = await nextDay(caller, 2); // a day missed, and no freeze to cover it
    const before = await pointsOf(caller);
    const answer = await sync(caller);
    expect(answer.streak).toEqual({ current: 1, reward: 1 });
    expect(answer.points).toBeCloseTo(before + 1 + 0.001, 9);
    expect(await streakOf(t.app, caller)).toMatchObject({ current: 1, best: 2, claimedToday: true });
    expect((await streakMovementsOf(caller.id)).map((m) => m.deltaMicro)).toEqual([1e6, 2e6, 1e6]);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("a stale hint (a hand claim elsewhere) writes nothing: the sync reads again and claims nothing more", async () => {
    let caller = await playerBeforeMidnight(3_600_000);
    await sync(caller);
    await sync(caller);
    const hints = t.app.ctx.syncHints;
    const hint = hints.get(caller.id)!;
    caller = await nextDay(caller);
    expect((await claimStreak(t.app, caller)).statusCode).toBe(200);
    hints.set(caller.id, hint); // as if the claim had gone through another instance
    const answer = await sync(caller);
    expect(answer.streak).toBeNull();
    expect((await claimsOf(caller.id)).map((claim) => claim.streak)).toEqual([1, 2]);
    expect(await streakMovementsOf(caller.id)).toHaveLength(2);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("the claim that completes a week goes the locking way and pays Week Streak with it", async () => {
    let caller = await playerBeforeMidnight(3_600_000);
    await sync(caller);
    for (let day = 2; day <= 6; day += 1) {
      caller = await nextDay(caller);
      await sync(caller); // the first of the day: by the grouped write while the hint holds
      await sync(caller);
    }
    expect(t.app.ctx.syncHints.get(caller.id)?.lastClaim).toMatchObject({ streak: 6 });
    caller = await nextDay(caller);
    const before = await pointsOf(caller);
    const answer = await sync(caller);
    expect(answer.streak).toEqual({ current: 7, reward: 7 });
    const week = (await achievementsOf(t.app, caller))["streak-7"]!;
    expect(week.unlockedAt).not.toBeNull();
    expect(answer.points).toBeCloseTo(before + 7 + week.rewardPoints + 0.001, 9);
    expect(t.app.ctx.syncHints.get(caller.id)).toBeUndefined();
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});

describe("racing", () => {
  it("syncs and hand claims sent together on a day's first sync pay the streak exactly once", async () => {
    let caller = await playerBeforeMidnight(3_600_000);
    await sync(caller);
    await sync(caller); // a hint of the row on this instance, as in the steady state
    moveTo(t.clock, midnightAfter(t.clock) + 5_000);
    caller = await signInAgain(t.app, caller);
    const before = await pointsOf(caller);
    const each = testEngine() === "postgres" ? 10 : 4;
    const answers = await Promise.all([
      ...Array.from({ length: each }, () => syncTaps(t.app, caller, { taps: 1 })),
      ...Array.from({ length: each }, () => claimStreak(t.app, caller)),
    ]);
    const syncs = answers.slice(0, each);
    const claims = answers.slice(each);
    for (const res of syncs) expect(res.statusCode, res.body).toBe(200);
    for (const res of claims) expect([200, 409]).toContain(res.statusCode);
    const paidBySync = syncs.filter((res) => res.json<SyncAnswer>().streak !== null).length;
    const paidByHand = claims.filter((res) => res.statusCode === 200).length;
    expect(paidBySync + paidByHand).toBe(1);
    expect(await claimsOf(caller.id)).toHaveLength(2);
    expect(await pointsOf(caller)).toBeCloseTo(before + 2 + each * 0.001, 9);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});
