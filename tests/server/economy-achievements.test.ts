/**
 * Achievements (docs/api.md, Economy; docs/decisions/019): each of the nine unlocks once, in the transaction
 * of the change that reaches its goal (tap syncs, a multiplier purchase, streak claims, a credited deposit, a
 * withdrawal, a referral through its hook), pays its reward once through a keyed points movement, is pushed as
 * `achievement` after the `points` that include its reward, and GET /rewards/achievements shows the progress.
 * The rewards here are set apart from each other (and from the defaults), so a mix-up shows in the sums.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEVNET_CONFIRM_MS } from "#server/chain/local/devnet-gateway.ts";
import { referralJoined } from "#server/domain/economy/achievements.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { transactionWithLiveEvents } from "#server/domain/live/live-transaction.ts";
import { scanAllDeposits } from "#server/domain/wallet/deposits.ts";
import { advanceOpenWithdrawals } from "#server/domain/wallet/usdt-withdrawal.ts";
import {
  achievementsOf,
  claimStreak,
  DAY_MS,
  midnightAfter,
  moveTo,
  pointsOf,
  signInAgain,
} from "./helpers/economy.ts";
import { openStream } from "./helpers/live.ts";
import {
  type Caller,
  fundViaDevnet,
  purchase,
  randomKey,
  sessionCaller,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import type { SseClient } from "./helpers/sse-client.ts";
import {
  bearer,
  setupTestApp,
  signUpAndLogIn,
  TEST_MNEMONIC,
  testConfig,
  withdrawalsUnheld,
} from "./helpers/test-app.ts";

const REWARDS = {
  "first-tap": 2,
  "taps-1k": 3,
  "taps-10k": 4,
  "taps-100k": 6,
  "first-multiplier": 7,
  "streak-7": 8,
  "first-deposit": 9,
  "first-withdrawal": 10,
  "first-referral": 11,
};
const t = setupTestApp({
  config: {
    economy: { ...testConfig().economy, achievementRewardPoints: REWARDS },
    // first-withdrawal unlocks when the chain confirms: first withdrawals go out without review
    // (WITHDRAWAL_REVIEW_FIRST=false).
    ...withdrawalsUnheld(),
  },
});
const db = () => t.database.handle.db;

const newCaller = async (): Promise<Caller> => sessionCaller(await signUpAndLogIn(t.app));

async function sync(caller: Caller, taps: number, batchId: string = randomUUID()) {
  const res = await syncTaps(t.app, caller, { batchId, taps });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ points: number; totalTaps: number; credited: { taps: number } }>();
}

/** The user's unlock rows and achievement payments, straight from the tables. */
async function booksOf(userId: string) {
  const unlocked = await db()
    .selectFrom("user_achievements")
    .select(["achievement_id", "reward_micro"])
    .where("user_id", "=", userId)
    .orderBy("achievement_id")
    .execute();
  const paid = await db()
    .selectFrom("points_movements")
    .select(["idempotency_key", "delta_micro"])
    .where("user_id", "=", userId)
    .where("kind", "=", "achievement")
    .orderBy("idempotency_key")
    .execute();
  return { unlocked, paid };
}

const achievementFrames = async (stream: SseClient, wait = 300) =>
  (await stream.rest(wait)).filter((frame) => frame.event === "achievement").map((frame) => frame.data);

describe("GET /rewards/achievements", () => {
  it("lists the nine with their goals and rewards, nothing reached for a new account", async () => {
    const caller = await newCaller();
    const { achievements } = (
      await t.app.inject({ url: "/api/rewards/achievements", headers: bearer(caller.token) })
    ).json<{ achievements: Record<string, unknown>[] }>();
    expect(
      achievements.map(({ id, progress, goal, rewardPoints, unlockedAt }) => [
        id,
        progress,
        goal,
        rewardPoints,
        unlockedAt,
      ]),
    ).toEqual([
      ["first-tap", 0, 1, 2, null],
      ["taps-1k", 0, 1_000, 3, null],
      ["taps-10k", 0, 10_000, 4, null],
      ["taps-100k", 0, 100_000, 6, null],
      ["first-multiplier", 0, 1, 7, null],
      ["streak-7", 0, 7, 8, null],
      ["first-deposit", 0, 1, 9, null],
      ["first-withdrawal", 0, 1, 10, null],
      ["first-referral", 0, 1, 11, null],
    ]);
    for (const achievement of achievements) {
      expect(achievement.name).toEqual(expect.any(String));
      expect(String(achievement.description).length).toBeGreaterThan(10);
    }
    expect((await t.app.inject({ url: "/api/rewards/achievements" })).statusCode).toBe(401);
  });
});

describe("tap goals", () => {
  it("first-tap and taps-1k unlock in the sync that reaches them, paid once, pushed after the points", async () => {
    const caller = await newCaller();
    const stream = await openStream(t.app, caller);
    const first = await sync(caller, 1);
    expect(first).toMatchObject({ points: 2.001, totalTaps: 1 });
    expect(await stream.take(2)).toEqual([
      { id: "1", event: "points", data: { points: 2.001, totalTaps: 1, multiplier: 0.001 } },
      { id: "2", event: "achievement", data: { id: "first-tap", name: "First Tap", rewardPoints: 2 } },
    ]);
    expect((await sync(caller, 998)).points).toBe(2.999);
    expect((await achievementsOf(t.app, caller))["taps-1k"]).toMatchObject({
      progress: 999,
      unlockedAt: null,
    });
    expect(await achievementFrames(stream)).toEqual([]);

    const batchId = randomUUID();
    const reached = await sync(caller, 1, batchId);
    expect(reached).toMatchObject({ points: 6, totalTaps: 1000 });
    expect(await stream.take(2)).toEqual([
      { id: "4", event: "points", data: { points: 6, totalTaps: 1000, multiplier: 0.001 } },
      { id: "5", event: "achievement", data: { id: "taps-1k", name: "Warming Up", rewardPoints: 3 } },
    ]);
    // A replay answers the stored result, reward included, and pays nothing more.
    expect(await sync(caller, 1, batchId)).toEqual({ ...reached, replayed: true });
    expect((await sync(caller, 5)).points).toBe(6.005);
    expect(await achievementFrames(stream)).toEqual([]);

    const listed = await achievementsOf(t.app, caller);
    expect(listed["first-tap"]).toMatchObject({ progress: 1, goal: 1, unlockedAt: expect.any(String) });
    expect(listed["taps-1k"]).toMatchObject({ progress: 1_000, unlockedAt: t.clock().toISOString() });
    expect(listed["taps-10k"]).toMatchObject({ progress: 1_005, unlockedAt: null });
    expect(await booksOf(caller.id)).toEqual({
      unlocked: [
        { achievement_id: "first-tap", reward_micro: 2_000_000 },
        { achievement_id: "taps-1k", reward_micro: 3_000_000 },
      ],
      paid: [
        { idempotency_key: "achievement:first-tap", delta_micro: 2_000_000 },
        { idempotency_key: "achievement:taps-1k", delta_micro: 3_000_000 },
      ],
    });
    stream.close();
  });

  it("unlocks each once when 10 syncs race across the goals of first-tap and taps-1k", async () => {
    const caller = await newCaller();
    const stream = await openStream(t.app, caller);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => syncTaps(t.app, caller, { taps: 150 })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(await pointsOf(t.app, caller)).toEqual({ points: 1.5 + 2 + 3, totalTaps: 1500 });
    const unlocks = (await stream.rest(500)).filter((frame) => frame.event === "achievement");
    expect(unlocks.map((frame) => (frame.data as { id: string }).id).sort()).toEqual([
      "first-tap",
      "taps-1k",
    ]);
    expect((await booksOf(caller.id)).paid).toHaveLength(2);
    expect(await checkLedgerInvariants(db())).toEqual([]);
    stream.close();
  });

  it("taps-10k and taps-100k unlock at their goals, on the server's clock and tap budget", async () => {
    let caller = await newCaller();
    const stream = await openStream(t.app, caller);
    let total = 0;
    const unlockedAt: Record<string, number> = {};
    for (let round = 0; total < 100_000; round += 1) {
      // 90 s refill the 1 800-tap budget; a fresh session every 30 rounds (tokens live an hour).
      t.clock.advance(90_000);
      if (round % 30 === 29) caller = await signInAgain(t.app, caller);
      const answer = await sync(caller, Math.min(1_800, 100_000 - total));
      total = answer.totalTaps;
      for (const [id, goal] of [
        ["taps-10k", 10_000],
        ["taps-100k", 100_000],
      ] as const) {
        if (total >= goal && unlockedAt[id] === undefined) unlockedAt[id] = total;
      }
    }
    expect(total).toBe(100_000);
    const frames = (await stream.rest(500)).filter((frame) => frame.event === "achievement");
    expect(frames.map((frame) => frame.data)).toEqual([
      { id: "first-tap", name: "First Tap", rewardPoints: 2 },
      { id: "taps-1k", name: "Warming Up", rewardPoints: 3 },
      { id: "taps-10k", name: "Dedicated Tapper", rewardPoints: 4 },
      { id: "taps-100k", name: "Tap Legend", rewardPoints: 6 },
    ]);
    expect(await pointsOf(t.app, caller)).toEqual({ points: 100 + 2 + 3 + 4 + 6, totalTaps: 100_000 });
    const listed = await achievementsOf(t.app, caller);
    expect(listed["taps-100k"]).toMatchObject({
      progress: 100_000,
      goal: 100_000,
      unlockedAt: expect.any(String),
    });
    stream.close();
  });
});

describe("the other goals", () => {
  it("first-multiplier: the first purchase pays it, the next does not", async () => {
    const caller = await newCaller();
    expect((await fundViaDevnet(t.app, caller.email, 20, 300)).statusCode).toBe(200);
    const first = await purchase(t.app, caller, { multiplier_value: 0.002 });
    expect(first.json()).toMatchObject({ points: 200 + 7, multiplier: 0.002 });
    const second = await purchase(t.app, caller, { multiplier_value: 0.005 });
    expect(second.json()).toMatchObject({ points: 107, multiplier: 0.005 });
    expect((await achievementsOf(t.app, caller))["first-multiplier"]).toMatchObject({
      progress: 1,
      unlockedAt: expect.any(String),
    });
  });

  it("first-deposit: in the transaction that credits the first deposit (a refused transfer does not count)", async () => {
    const caller = await newCaller();
    const generated = await t.app.inject({
      method: "POST",
      url: "/api/wallet/generate",
      headers: bearer(caller.token),
      payload: { type: "trc20" },
    });
    const { address } = generated.json<{ address: string }>();
    const stream = await openStream(t.app, caller);
    const deposit = (amount: number, failed = false) =>
      t.app.inject({ method: "POST", url: "/api/devnet/deposit", payload: { address, amount, failed } });
    expect((await deposit(5, true)).statusCode).toBe(200);
    t.clock.advance(DEVNET_CONFIRM_MS + 1);
    await scanAllDeposits(t.app.ctx);
    expect((await achievementsOf(t.app, caller))["first-deposit"]?.unlockedAt).toBeNull();

    expect((await deposit(12.5)).statusCode).toBe(200);
    t.clock.advance(DEVNET_CONFIRM_MS + 1);
    await scanAllDeposits(t.app.ctx);
    const frames = await stream.rest(500);
    expect(frames.filter((frame) => ["points", "achievement"].includes(frame.event))).toEqual([
      expect.objectContaining({ event: "points", data: { points: 9, totalTaps: 0, multiplier: 0.001 } }),
      expect.objectContaining({
        event: "achievement",
        data: { id: "first-deposit", name: "First Deposit", rewardPoints: 9 },
      }),
    ]);
    // One commit: the credit, its wallet figure, and the achievement share a transaction (consecutive ids).
    const ids = frames.map((frame) => Number(frame.id));
    expect(ids).toEqual(ids.map((_, i) => (ids[0] ?? 0) + i));

    expect((await deposit(1)).statusCode).toBe(200);
    t.clock.advance(DEVNET_CONFIRM_MS + 1);
    await scanAllDeposits(t.app.ctx);
    expect(await achievementFrames(stream)).toEqual([]);
    expect(await pointsOf(t.app, caller)).toEqual({ points: 9, totalTaps: 0 });
    stream.close();
  });

  it("first-withdrawal: the first rewards withdrawal pays it once", async () => {
    const caller = await newCaller();
    expect((await fundViaDevnet(t.app, caller.email, 0, 5)).statusCode).toBe(200);
    expect((await withdrawRewards(t.app, caller, { amount: 1 })).json()).toMatchObject({ points: 4 + 10 });
    expect((await withdrawRewards(t.app, caller, { amount: 1 })).json()).toMatchObject({ points: 13 });
    expect((await booksOf(caller.id)).unlocked).toEqual([
      { achievement_id: "first-withdrawal", reward_micro: 10e6 },
    ]);
  });

  it("first-withdrawal: a USDT withdrawal unlocks it when the chain confirms it, not when it is requested", async () => {
    const caller = await newCaller();
    expect((await fundViaDevnet(t.app, caller.email, 310)).statusCode).toBe(200);
    const outside = (await import("#server/chain/keys.ts")).createHdWallet(TEST_MNEMONIC).addressAt(9_998);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/wallet/token/transfer",
      headers: { ...bearer(caller.token), "idempotency-key": randomKey() },
      payload: { to: outside, amount: 300 },
    });
    expect(res.statusCode).toBe(202);
    await t.app.ctx.background.drain();
    expect((await achievementsOf(t.app, caller))["first-withdrawal"]?.unlockedAt).toBeNull();
    t.clock.advance(DEVNET_CONFIRM_MS + 1);
    await advanceOpenWithdrawals(t.app.ctx);
    expect((await achievementsOf(t.app, caller))["first-withdrawal"]).toMatchObject({ progress: 1 });
    expect(await pointsOf(t.app, caller)).toEqual({ points: 10, totalTaps: 0 });
  });

  it("first-referral: nothing unlocks it before referrals exist; its hook pays it once", async () => {
    const caller = await newCaller();
    expect((await achievementsOf(t.app, caller))["first-referral"]).toMatchObject({
      progress: 0,
      unlockedAt: null,
    });
    const stream = await openStream(t.app, caller);
    for (let i = 0; i < 2; i += 1) {
      await transactionWithLiveEvents(t.app.ctx, (trx) => referralJoined(trx, REWARDS, caller.id, t.clock()));
    }
    expect(await achievementFrames(stream)).toEqual([
      { id: "first-referral", name: "First Referral", rewardPoints: 11 },
    ]);
    expect(await pointsOf(t.app, caller)).toEqual({ points: 11, totalTaps: 0 });
    expect((await achievementsOf(t.app, caller))["first-referral"]).toMatchObject({ progress: 1 });
    stream.close();
  });
});

describe("streak-7 (moves the clock by days: last, as the fixture admin's token would expire)", () => {
  it("streak-7: progress is the best run; the 7th claim in a row unlocks it, later ones do not", async () => {
    let caller = await newCaller();
    let points = 0;
    for (let day = 1; day <= 9; day += 1) {
      moveTo(t.clock, midnightAfter(t.clock) + DAY_MS / 2);
      caller = await signInAgain(t.app, caller);
      const res = await claimStreak(t.app, caller);
      expect(res.statusCode).toBe(200);
      points += Math.min(day, 7) + (day === 7 ? 8 : 0);
      expect(res.json().points).toBe(points);
      const streak7 = (await achievementsOf(t.app, caller))["streak-7"];
      expect(streak7?.progress).toBe(Math.min(day, 7));
      expect(streak7?.unlockedAt === null).toBe(day < 7);
    }
    expect((await booksOf(caller.id)).paid).toEqual([
      { idempotency_key: "achievement:streak-7", delta_micro: 8e6 },
    ]);
  });
});

describe("the books", () => {
  it("hold after everything above, and the check does catch a broken one", async () => {
    expect(await checkLedgerInvariants(db())).toEqual([]);
    const caller = await newCaller();
    await sync(caller, 3);
    // Forget the unlocked bit of first-tap: the next sync would pay it twice, and the check says so first.
    await db()
      .updateTable("user_rewards")
      .set({ achievements_mask: 0 })
      .where("user_id", "=", caller.id)
      .execute();
    expect(await checkLedgerInvariants(db())).toEqual([
      `user ${caller.id}: bit of first-tap is false but recorded true`,
    ]);
    // The unique payment key refuses the second payment: the sync fails instead of paying again.
    expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(500);
    await db()
      .updateTable("user_rewards")
      .set({ achievements_mask: 1 })
      .where("user_id", "=", caller.id)
      .execute();
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});
