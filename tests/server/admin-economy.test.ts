/**
 * GET /admin/economy (docs/fair-play.md, The economy): a seeded mix over two UTC days (sign-ups, taps, a
 * deposit, points granted and converted, a USDT withdrawal held, approved and confirmed) read back per day;
 * days with nothing present with zeros; `days` 1..90; the liabilities and their coverage, below and above 1,
 * with the hot wallet as the last reconciliation saw it (never the chain during the request).
 */
import { describe, expect, it } from "vitest";
import { reconcileAndRecord } from "#server/domain/operations/reconcile-worker.ts";
import { moveTo, signInAgain } from "./helpers/economy.ts";
import { depositAddressOf, devnetDeposit, OUTSIDE_ADDRESS, settleChain } from "./helpers/ledger-activity.ts";
import { signInAdmin } from "./helpers/live.ts";
import {
  type Caller,
  fundViaDevnet,
  getJson,
  keyedPost,
  sessionCaller,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { bearer, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const DAY_MS = 86_400_000;
// Day A starts two days before today (real time), so nothing the database compares with now() looks stale.
const dayA = Math.floor(Date.now() / DAY_MS) - 2;
const t = setupTestApp({
  clockStart: new Date(dayA * DAY_MS + 10 * 3_600_000),
  config: { demoTreasuryUsdt: 10_000 },
});
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface Economy {
  days: {
    date: string;
    newUsers: number;
    activeUsers: number;
    taps: number;
    pointsMinted: number;
    pointsConverted: number;
    depositsUsdt: number;
    withdrawalsUsdt: number;
    coverage: number | null;
  }[];
  liabilities: {
    pointsOutstanding: number;
    pointsOutstandingUsdt: number;
    walletsUsdt: number;
    treasuryUsdt: number;
    hotWalletUsdt: number;
    coverage: number | null;
  };
}

const economy = (admin: Caller, query = "") =>
  t.app.inject({ url: `/api/admin/economy${query}`, headers: bearer(admin.token) });
async function economyOf(admin: Caller, query = ""): Promise<Economy> {
  const res = await economy(admin, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Economy>();
}
const pointsOf = async (caller: Caller) =>
  (await getJson<{ points: number }>(t.app, caller, `/api/user/${caller.id}/points`)).points;
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

describe("GET /admin/economy", () => {
  it("answers zeros and no coverage before anything is owed, and refuses days outside 1..90", async () => {
    const admin = await signInAdmin(t);
    const empty = await economyOf(admin);
    expect(empty.days).toHaveLength(30);
    expect(empty.days.at(-1)?.date).toBe(dateOf(dayA));
    expect(empty.days[0]?.date).toBe(dateOf(dayA - 29));
    for (const day of empty.days)
      expect(day).toEqual({
        date: day.date,
        newUsers: 0,
        activeUsers: 0,
        taps: 0,
        pointsMinted: 0,
        pointsConverted: 0,
        depositsUsdt: 0,
        withdrawalsUsdt: 0,
        coverage: null,
      });
    expect(empty.liabilities).toMatchObject({
      pointsOutstanding: 0,
      walletsUsdt: 0,
      treasuryUsdt: 10_000,
      hotWalletUsdt: 0,
      coverage: null,
    });
    for (const days of ["0", "91", "1.5", "x"])
      expect((await economy(admin, `?days=${days}`)).statusCode).toBe(400);
    expect((await economyOf(admin, "?days=90")).days).toHaveLength(90);
    const player = sessionCaller(await signUpAndLogIn(t.app));
    expect((await economy(player)).statusCode).toBe(403);
  });

  it("reads a seeded mix back per UTC day, and the liabilities with their coverage above and below 1", async () => {
    let admin = await signInAdmin(t);
    // Day A: two sign-ups (one before this test), taps by two players, a deposit, points granted.
    const depositor = sessionCaller(await signUpAndLogIn(t.app));
    const converter = sessionCaller(await signUpAndLogIn(t.app));
    expect((await syncTaps(t.app, depositor, { taps: 25 })).statusCode).toBe(200);
    expect((await syncTaps(t.app, converter, { taps: 10 })).statusCode).toBe(200);
    await devnetDeposit(t, await depositAddressOf(t, depositor), 500);
    await settleChain(t);
    expect((await fundViaDevnet(t.app, converter.email, 400, 100)).statusCode).toBe(200);
    const mintedA = (await pointsOf(depositor)) + (await pointsOf(converter));
    // Nothing more happens on day A: its coverage now is its coverage at its end.
    const coverageA = (await economyOf(admin, "?days=1")).liabilities.coverage;
    expect(coverageA).toBeGreaterThan(0);

    // Day B: one more sign-up who taps, the depositor taps again, points converted, a USDT withdrawal out.
    moveTo(t.clock, (dayA + 1) * DAY_MS + 9 * 3_600_000);
    admin = await signInAdmin(t);
    const [depositorB, converterB] = [
      await signInAgain(t.app, depositor),
      await signInAgain(t.app, converter),
    ];
    const newcomer = sessionCaller(await signUpAndLogIn(t.app));
    const [depositorBefore, converterBefore] = [await pointsOf(depositorB), await pointsOf(converterB)];
    expect((await syncTaps(t.app, depositorB, { taps: 3 })).statusCode).toBe(200);
    expect((await syncTaps(t.app, newcomer, { taps: 5 })).statusCode).toBe(200);
    expect((await withdrawRewards(t.app, converterB, { amount: 50 })).statusCode).toBe(200);
    const asked = await keyedPost(t.app, converterB, "/wallet/token/transfer", {
      to: OUTSIDE_ADDRESS,
      amount: 300,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = asked.json<{ withdrawal: { id: string } }>().withdrawal;
    const approved = await keyedPost(t.app, admin, `/admin/withdrawals/${id}/approve`, undefined);
    expect(approved.statusCode, approved.body).toBe(200);
    await settleChain(t);
    await settleChain(t);
    // The converter's first rewards withdrawal unlocked an achievement: minted too, beside what was converted.
    const mintedB =
      (await pointsOf(depositorB)) -
      depositorBefore +
      (await pointsOf(newcomer)) +
      ((await pointsOf(converterB)) - converterBefore + 50);

    const { days, liabilities } = await economyOf(admin, "?days=2");
    expect(days).toHaveLength(2);
    const [a, b] = days;
    // One sign-up was the first test's player.
    expect(a).toEqual({
      date: dateOf(dayA),
      newUsers: 3,
      activeUsers: 2,
      taps: 35,
      pointsMinted: round6(mintedA),
      pointsConverted: 0,
      depositsUsdt: 500,
      withdrawalsUsdt: 0,
      coverage: coverageA,
    });
    expect(b).toEqual({
      date: dateOf(dayA + 1),
      newUsers: 1,
      activeUsers: 2,
      taps: 8,
      pointsMinted: round6(mintedB),
      pointsConverted: 50,
      depositsUsdt: 0,
      withdrawalsUsdt: 300,
      coverage: liabilities.coverage,
    });
    // Day B moved money (a conversion, a withdrawal out): its coverage is not day A's.
    expect(b?.coverage).not.toBe(coverageA);
    // days=1 is today alone.
    expect((await economyOf(admin, "?days=1")).days).toEqual([b]);
    // Day A is finished: kept as counted, never counted again; today is counted on every request.
    const kept = await t.database.handle.db.selectFrom("economy_days").select("day").orderBy("day").execute();
    expect(kept.map((row) => row.day)).toContain(dayA);
    expect(kept.map((row) => row.day)).not.toContain(dayA + 1);
    await t.database.handle.db
      .updateTable("economy_days")
      .set({ taps: 1_234 })
      .where("day", "=", dayA)
      .execute();
    expect((await economyOf(admin, "?days=2")).days[0]?.taps).toBe(1_234);
    await t.database.handle.db
      .updateTable("economy_days")
      .set({ taps: 35 })
      .where("day", "=", dayA)
      .execute();

    const outstanding = round6(
      (await pointsOf(depositorB)) + (await pointsOf(converterB)) + (await pointsOf(newcomer)),
    );
    // Minted over the days, less what was converted, is what the players hold (nothing else was spent).
    expect(round6((a?.pointsMinted ?? 0) + (b?.pointsMinted ?? 0) - 50)).toBe(outstanding);
    const pool = (await getJson<{ balance: number }>(t.app, admin, "/api/admin/pool-balance")).balance;
    // The depositor's 500; the converter's 400 + 50 (converted at 1 point a USDT) − 300 sent.
    expect(liabilities).toEqual({
      pointsOutstanding: outstanding,
      pointsOutstandingUsdt: outstanding,
      walletsUsdt: 650,
      treasuryUsdt: pool,
      hotWalletUsdt: 0,
      coverage: pool / (650 + outstanding),
    });
    expect(liabilities.coverage).toBeGreaterThan(1);
    // A day's coverage is kept with its figures: read back as kept, and counted again only when missing.
    const balancesOfA = () =>
      t.database.handle.db
        .selectFrom("economy_days")
        .select(["wallets_micro", "treasury_micro", "hot_wallet_micro", "points_outstanding_micro"])
        .where("day", "=", dayA)
        .executeTakeFirstOrThrow();
    const keptA = await balancesOfA();
    expect(Number(keptA.wallets_micro)).toBe(900_000_000);
    await t.database.handle.db
      .updateTable("economy_days")
      .set({ treasury_micro: 0 })
      .where("day", "=", dayA)
      .execute();
    expect((await economyOf(admin, "?days=2")).days[0]?.coverage).toBe(0);
    // A day kept before its balances were counted (migration 019) gets them counted from the ledger.
    await t.database.handle.db
      .updateTable("economy_days")
      .set({
        wallets_micro: null,
        treasury_micro: null,
        hot_wallet_micro: null,
        points_outstanding_micro: null,
      })
      .where("day", "=", dayA)
      .execute();
    expect((await economyOf(admin, "?days=2")).days[0]?.coverage).toBe(coverageA);
    expect(await balancesOfA()).toEqual(keptA);

    // The hot wallet as the last reconciliation saw it: the request itself never asks the chain.
    const report = await reconcileAndRecord(t.app.ctx, "command");
    const hot = (report.chain?.hotWalletMicro ?? -1) / 1e6;
    expect(hot).toBeGreaterThan(0);
    const seen = (await economyOf(admin, "?days=1")).liabilities;
    expect(seen.hotWalletUsdt).toBe(hot);
    expect(seen.coverage).toBeCloseTo((pool + hot) / (650 + outstanding), 9);

    // Points owed beyond everything held: coverage below 1.
    // (The fixture admin's token is from day A: this admin's session is today's.)
    const granted = await t.app.inject({
      method: "POST",
      url: "/api/devnet/fund-wallet",
      headers: bearer(admin.token),
      payload: { email: newcomer.email, amount: 0, points: 100_000 },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const owing = (await economyOf(admin, "?days=1")).liabilities;
    expect(owing.pointsOutstanding).toBe(round6(outstanding + 100_000));
    expect(owing.coverage).toBeCloseTo((pool + hot) / (650 + outstanding + 100_000), 9);
    expect(owing.coverage).toBeLessThan(1);
    // Today's coverage is the trend's last point; day A's stays as it was at its end (the hot wallet was seen
    // only on day B, the points were granted today).
    const trend = (await economyOf(admin, "?days=2")).days.map((day) => day.coverage);
    expect(trend[0]).toBe(coverageA);
    expect(trend[1]).toBeCloseTo(owing.coverage ?? -1, 9);
    expect(trend[1]).toBeLessThan(1);
  });
});
