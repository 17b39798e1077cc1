/**
 * Combos (docs/product.md, Economy; docs/decisions/039) on the suite's clock: taps 40 to 999 ms apart chain,
 * every complete 50 taps of a chain mint COMBO_BONUS_PERCENT (10) % of their points on top, only the credited
 * taps count, a chain carries into a batch at most 10 s later, a replay mints nothing again, the history lists
 * the bonus as its own entry. A plain player's syncs after the first take the group-commit write; a referred
 * friend's take the locking transaction (their referrer's share is paid there), so both paths are covered.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { type Caller, getJson, sessionCaller, snapshot, syncTaps } from "./helpers/rewards.ts";
import { logIn, setupTestApp, signUpAndLogIn, uniqueEmail } from "./helpers/test-app.ts";

const t = setupTestApp();
const db = () => t.database.handle.db;
const PASSWORD = "correct horse battery";

/** `n` intervals: the first `first` (since the previous batch's last tap), then `gap` each. */
const steady = (n: number, gap = 100, first = 0) =>
  Array.from({ length: n }, (_, i) => (i === 0 ? first : gap));

interface SyncAnswer {
  points: number;
  credited: { taps: number; points: number; comboBonus: number };
  streak: unknown;
  replayed: boolean;
}

async function sync(caller: Caller, body: Record<string, unknown>): Promise<SyncAnswer> {
  const res = await syncTaps(t.app, caller, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SyncAnswer>();
}

const pointsOf = async (caller: Caller) =>
  (await getJson<{ points: number }>(t.app, caller, `/api/user/${caller.id}/points`)).points;

/** A player who has synced once (their row exists, `first-tap` is unlocked) and paused for a minute. */
async function tapper(): Promise<Caller> {
  const caller = sessionCaller(await signUpAndLogIn(t.app));
  await sync(caller, { taps: 1 });
  t.clock.advance(60_000);
  return caller;
}

/** Someone invited by a fresh referrer, who has synced once: every sync of theirs takes the locking path. */
async function referredTapper(): Promise<{ friend: Caller; referrer: Caller }> {
  const referrer = sessionCaller(await signUpAndLogIn(t.app, { name: "Inviter" }));
  const { code } = await getJson<{ code: string }>(t.app, referrer, "/api/referrals");
  const email = uniqueEmail();
  const signedUp = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email, password: PASSWORD, name: "Friend", referralCode: code },
  });
  expect(signedUp.statusCode, signedUp.body).toBe(201);
  const friend = sessionCaller((await logIn(t.app, { email, password: PASSWORD })).json());
  await sync(friend, { taps: 1 });
  t.clock.advance(60_000);
  return { friend, referrer };
}

/** 50 taps at 0.001 each: 0.05 points, 10 % of which is the bonus. */
const BONUS_50 = 0.005;

describe("a chain within one batch", () => {
  it("49 chained taps earn nothing; 50 earn exactly 10 % of their points, minted on top", async () => {
    const short = await tapper();
    expect((await sync(short, { taps: 49, intervals: steady(49) })).credited).toEqual({
      taps: 49,
      points: 0.049,
      comboBonus: 0,
    });
    const full = await tapper();
    const before = await pointsOf(full);
    const answer = await sync(full, { taps: 50, intervals: steady(50) });
    expect(answer.credited).toEqual({ taps: 50, points: 0.05, comboBonus: BONUS_50 });
    expect(answer.points).toBeCloseTo(before + 0.05 + BONUS_50, 9);
    expect(await pointsOf(full)).toBe(answer.points);
    // 120 taps hold two complete 50s.
    expect((await sync(await tapper(), { taps: 120, intervals: steady(120) })).credited.comboBonus).toBe(
      0.01,
    );
  });

  it("a gap of 1 000 ms breaks the chain, 999 ms does not", async () => {
    const broken = steady(50);
    broken[25] = 1_000;
    expect((await sync(await tapper(), { taps: 50, intervals: broken })).credited.comboBonus).toBe(0);
    const kept = steady(50);
    kept[25] = 999;
    expect((await sync(await tapper(), { taps: 50, intervals: kept })).credited.comboBonus).toBe(BONUS_50);
  });

  it("taps 39 ms apart make no combo; 40 ms apart chain", async () => {
    expect((await sync(await tapper(), { taps: 50, intervals: steady(50, 39) })).credited.comboBonus).toBe(0);
    expect((await sync(await tapper(), { taps: 50, intervals: steady(50, 40) })).credited.comboBonus).toBe(
      BONUS_50,
    );
  });

  it("a batch without intervals makes no combo and ends the chain", async () => {
    const caller = await tapper();
    await sync(caller, { taps: 30, intervals: steady(30) });
    t.clock.advance(2_000);
    expect((await sync(caller, { taps: 10 })).credited.comboBonus).toBe(0);
    t.clock.advance(2_000);
    expect((await sync(caller, { taps: 20, intervals: steady(20, 100, 100) })).credited.comboBonus).toBe(0);
  });
});

describe("a clipped batch", () => {
  it("only the credited taps chain: the surplus makes no combo, and the chain ends with the credited taps", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    // A new player's budget holds 1 800 taps: 1 000 without intervals leave 800 for the next batch.
    await sync(caller, { taps: 1_000 });
    const clipped = await sync(caller, { taps: 1_000, intervals: steady(1_000) });
    expect(clipped.credited).toEqual({ taps: 800, points: 0.8, comboBonus: 16 * BONUS_50 });
    // 1.5 s later the budget holds 30 taps: their chain starts afresh (no carry over the clipped surplus).
    t.clock.advance(1_500);
    const next = await sync(caller, { taps: 30, intervals: steady(30, 100, 100) });
    expect(next.credited).toEqual({ taps: 30, points: 0.03, comboBonus: 0 });
    t.clock.advance(1_000);
    expect((await sync(caller, { taps: 20, intervals: steady(20, 100, 100) })).credited.comboBonus).toBe(
      BONUS_50,
    );
  });
});

describe("a chain across batches", () => {
  for (const path of ["group-commit", "locking"] as const) {
    it(`carries into a batch at most 10 s later, not after (${path} path)`, async () => {
      const player = path === "locking" ? (await referredTapper()).friend : await tapper();
      await sync(player, { taps: 30, intervals: steady(30) });
      t.clock.advance(10_000);
      expect((await sync(player, { taps: 20, intervals: steady(20, 100, 500) })).credited.comboBonus).toBe(
        BONUS_50,
      );
      // The chain is 50 now; a batch whose first tap came 10.001 s later (it arrives after its own 48 gaps of
      // 100 ms) starts again, so 49 more taps make no second 50 (nor 99 a 100th).
      t.clock.advance(10_001 + 48 * 100);
      expect((await sync(player, { taps: 49, intervals: steady(49, 100, 500) })).credited.comboBonus).toBe(0);
      // But within 10 s it goes on: 1 more tap completes that new chain's 50.
      t.clock.advance(3_000);
      expect((await sync(player, { taps: 1, intervals: [120] })).credited.comboBonus).toBe(BONUS_50);
      // A first interval that breaks (≥ 1 000 ms) starts afresh even within 10 s.
      t.clock.advance(3_000);
      expect((await sync(player, { taps: 49, intervals: steady(49, 100, 1_000) })).credited.comboBonus).toBe(
        0,
      );
      t.clock.advance(3_000);
      expect((await sync(player, { taps: 1, intervals: [100] })).credited.comboBonus).toBe(BONUS_50);
    });
  }

  for (const path of ["group-commit", "locking"] as const) {
    it(`a run tapped straight through the 30 s deadline carries into the next batch (${path} path)`, async () => {
      const player = path === "locking" ? (await referredTapper()).friend : await tapper();
      // 275 taps 100 ms apart: 27.4 s of tapping, five 50s; the client sends them at its deadline.
      expect((await sync(player, { taps: 275, intervals: steady(275) })).credited.comboBonus).toBe(
        5 * BONUS_50,
      );
      // The next 275 arrive 27.5 s later, their first tap 100 ms after the last one sent: taps 276 to 550 of
      // one chain complete six 50s (300, 350, …, 550). Counted afresh they would complete five.
      t.clock.advance(27_500);
      expect(
        (await sync(player, { taps: 275, intervals: steady(275, 100, 100) })).credited.comboBonus,
      ).toBeCloseTo(6 * BONUS_50, 10);
    });
  }

  it("the referrer's share counts the friend's tap points only, not the combo bonus", async () => {
    const { friend, referrer } = await referredTapper();
    const answer = await sync(friend, { taps: 50, intervals: steady(50) });
    expect(answer.credited).toEqual({ taps: 50, points: 0.05, comboBonus: BONUS_50 });
    const { rows } = await sql<{ delta_micro: number }>`
      SELECT delta_micro FROM points_movements WHERE user_id = ${referrer.id} AND kind = 'referral'
      ORDER BY id DESC LIMIT 1`.execute(db());
    // 10 % of 0.05 points (50 000 micro): 5 000 micro, not 10 % of 0.055.
    expect(Number(rows[0]?.delta_micro)).toBe(5_000);
  });
});

describe("replays, settings and bad input", () => {
  it("a replayed batch mints no second bonus and answers the same comboBonus", async () => {
    const caller = await tapper();
    const batchId = randomUUID();
    const first = await sync(caller, { batchId, taps: 50, intervals: steady(50) });
    expect(first.credited.comboBonus).toBe(BONUS_50);
    const after = await snapshot(t.app, caller);
    t.clock.advance(1_000);
    const replay = await sync(caller, { batchId, taps: 50, intervals: steady(50, 100, 100) });
    expect(replay).toEqual({ ...first, replayed: true });
    expect(await snapshot(t.app, caller)).toEqual(after);
  });

  it("COMBO_BONUS_PERCENT=0 mints none", async () => {
    const economy = t.app.ctx.config.economy;
    const caller = await tapper();
    economy.comboBonusPercent = 0;
    try {
      expect((await sync(caller, { taps: 100, intervals: steady(100) })).credited).toEqual({
        taps: 100,
        points: 0.1,
        comboBonus: 0,
      });
    } finally {
      economy.comboBonusPercent = 10;
    }
  });

  it("intervals that do not match the taps, or impossible ones, are refused and credit nothing", async () => {
    const caller = await tapper();
    await sync(caller, { taps: 49, intervals: steady(49) });
    const before = await snapshot(t.app, caller);
    for (const intervals of [
      steady(49),
      [...steady(49), -5],
      [...steady(49), 60_001],
      [...steady(49), 1.5],
    ]) {
      const res = await syncTaps(t.app, caller, { taps: 50, intervals });
      expect(res.statusCode).toBe(400);
    }
    expect(await snapshot(t.app, caller)).toEqual(before);
    // Nothing of the refused batches reached the chain: one more tap completes the 49 (they were 1 s ago).
    t.clock.advance(1_000);
    expect((await sync(caller, { taps: 1, intervals: [200] })).credited.comboBonus).toBe(BONUS_50);
  });
});

describe("the points history", () => {
  it("lists the bonus as its own entry (kind combo) just before its batch, and pages through both exactly once", async () => {
    const caller = await tapper();
    const ids: string[] = [];
    for (const taps of [50, 10, 100]) {
      const batchId = randomUUID();
      ids.push(batchId);
      await sync(caller, { batchId, taps, intervals: steady(taps, 100, 2_000) });
      t.clock.advance(1_000);
    }
    type Entry = { id: string; kind: string; points: number; multiplier: number; factor: number };
    type HistoryPage = { history: Entry[]; nextCursor: string | null };
    const url = `/api/user/${caller.id}/points/history`;
    const all = await getJson<HistoryPage>(t.app, caller, `${url}?limit=100`);
    const [a, b, c] = ids as [string, string, string];
    expect(all.history.slice(0, 5).map((entry) => [entry.id, entry.kind, entry.points])).toEqual([
      [`${c}:combo`, "combo", 0.01],
      [c, "taps", 0.1],
      [b, "taps", 0.01],
      [`${a}:combo`, "combo", BONUS_50],
      [a, "taps", 0.05],
    ]);
    expect(all.history[0]).toMatchObject({ multiplier: 0.001, factor: 1 });
    // One entry a page: every cursor, between a combo and its batch too, resumes exactly where it stopped.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: HistoryPage = await getJson<HistoryPage>(
        t.app,
        caller,
        `${url}?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      walked.push(...page.history.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all.history.map((entry) => entry.id));
    // Pages of two split differently and still agree.
    const two: string[] = [];
    cursor = null;
    do {
      const page: HistoryPage = await getJson<HistoryPage>(
        t.app,
        caller,
        `${url}?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      two.push(...page.history.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(two).toEqual(walked);
  });
});

it("keeps the books: every point of every batch and bonus is accounted for", async () => {
  expect(await checkLedgerInvariants(db())).toEqual([]);
});
