/**
 * Races on real PostgreSQL (docs/quality.md, concurrency), through the app with a pool of 10 connections:
 * parallel withdrawals and purchases never overdraw and exactly the affordable number succeed, parallel tap
 * batches are neither lost nor counted twice, and after a seeded random mix of everything the ledger
 * invariants hold. Skipped on PGlite: it runs one query at a time, so a race there proves nothing.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { ACHIEVEMENT_REWARD_DEFAULTS as REWARDS } from "#server/settings.ts";
import {
  type Caller,
  fundViaDevnet,
  getJson,
  purchase,
  randomKey,
  sessionCaller,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { setupTestApp, signUpAndLogIn, testEngine } from "./helpers/test-app.ts";

const onPostgres = testEngine() === "postgres";
const t = onPostgres ? setupTestApp() : null;
const app = () => {
  if (!t) throw new Error("PostgreSQL only");
  return t.app;
};
const db = () => {
  if (!t) throw new Error("PostgreSQL only");
  return t.database.handle.db;
};

async function newCaller(usdt = 0, points = 0): Promise<Caller> {
  const caller = sessionCaller(await signUpAndLogIn(app()));
  if (usdt > 0 || points > 0) {
    const res = await fundViaDevnet(app(), caller.email, usdt, points > 0 ? points : undefined);
    expect(res.statusCode).toBe(200);
  }
  return caller;
}

const treasuryMicro = async () =>
  (
    await db()
      .selectFrom("ledger_accounts")
      .select("balance_micro")
      .where("id", "=", "treasury")
      .executeTakeFirstOrThrow()
  ).balance_micro;

const codes = (answers: LightMyRequestResponse[]) =>
  answers.map((res) => (res.statusCode === 200 ? "ok" : (res.json().error.code as string)));

const count = (values: string[], value: string) => values.filter((v) => v === value).length;

describe.skipIf(!onPostgres)("races on PostgreSQL (skipped on PGlite: one query at a time)", () => {
  it("50 parallel withdrawals from a pool that affords 20: exactly 20 succeed, the pool is not overdrawn", async () => {
    const pool = await treasuryMicro();
    const eachMicro = Math.floor(pool / 20);
    const each = eachMicro / 1e6;
    const callers = await Promise.all(Array.from({ length: 50 }, () => newCaller(0, each)));
    const answers = await Promise.all(
      callers.map((caller) => withdrawRewards(app(), caller, { amount: each })),
    );
    const outcome = codes(answers);
    expect(count(outcome, "ok")).toBe(20);
    expect(count(outcome, "INSUFFICIENT_POOL_BALANCE")).toBe(30);
    expect(await treasuryMicro()).toBe(pool - 20 * eachMicro);
    expect(await checkLedgerInvariants(db())).toEqual([]);
    // Refill the pool for the other races.
    await db()
      .transaction()
      .execute(async (trx) => {
        const { transfer } = await import("#server/domain/ledger/transfer.ts");
        await transfer(trx, {
          from: "external",
          to: "treasury",
          amountMicro: 1_000_000_000_000,
          kind: "seed",
          description: "Test refill",
          at: new Date(),
        });
      });
  });

  it("50 parallel full-balance rewards withdrawals by one user: exactly one succeeds", async () => {
    const caller = await newCaller(0, 10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => withdrawRewards(app(), caller, { amount: 10 })),
    );
    const outcome = codes(answers);
    expect(count(outcome, "ok")).toBe(1);
    expect(count(outcome, "INSUFFICIENT_BALANCE")).toBe(49);
    expect(await getJson(app(), caller, "/api/wallet/balance")).toEqual({ success: true, balance: 10 });
  });

  it("50 parallel 1-point withdrawals on 20.5 points: exactly 20 succeed, and the first one's reward", async () => {
    const caller = await newCaller(0, 20.5);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => withdrawRewards(app(), caller, { amount: 1 })),
    );
    // The first withdrawal unlocks `first-withdrawal`, whose reward (whole points) pays for more of them.
    const affordable = 20 + REWARDS["first-withdrawal"];
    expect(count(codes(answers), "ok")).toBe(affordable);
    expect(await getJson(app(), caller, `/api/user/${caller.id}/points`)).toEqual({
      points: 0.5,
      totalTaps: 0,
    });
    expect(await getJson(app(), caller, "/api/wallet/balance")).toEqual({
      success: true,
      balance: affordable,
    });
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("50 parallel purchases on one wallet never overdraw it and each success is higher than the last", async () => {
    const caller = await newCaller(17, 5000);
    const values = [0.002, 0.005, 0.01, 0.05];
    const prices: Record<number, number> = { 0.002: 5, 0.005: 10, 0.01: 25, 0.05: 100 };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        purchase(app(), caller, { multiplier_value: values[i % values.length] }),
      ),
    );
    const outcome = codes(answers);
    for (const code of outcome) expect(["ok", "MULTIPLIER_NOT_HIGHER", "NOT_ENOUGH_FUNDS"]).toContain(code);
    const bought = answers
      .filter((res) => res.statusCode === 200)
      .map((res) => res.json().multiplier as number);
    const spent = bought.reduce((sum, value) => sum + (prices[value] ?? Number.NaN), 0);
    expect(spent).toBeLessThanOrEqual(17);
    const balance = (await getJson(app(), caller, "/api/wallet/balance")).balance as number;
    expect(balance).toBeCloseTo(17 - spent, 9);
    expect(bought.length).toBeGreaterThan(0);
    expect(await getJson(app(), caller, `/api/user/${caller.id}/points`)).toEqual({
      points: 5000 - 100 * bought.length + REWARDS["first-multiplier"],
      totalTaps: 0,
    });
    const history = await getJson<{ history: { oldMultiplier: number; newMultiplier: number }[] }>(
      app(),
      caller,
      `/api/user/${caller.id}/multiplier/history?limit=100`,
    );
    expect(history.history).toHaveLength(bought.length);
    for (const change of history.history) expect(change.newMultiplier).toBeGreaterThan(change.oldMultiplier);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("parallel tap batches, each sent three times at once: none lost, none counted twice", async () => {
    const callers = await Promise.all(Array.from({ length: 10 }, () => newCaller()));
    const requests = callers.flatMap((caller) =>
      Array.from({ length: 5 }, () => randomUUID()).flatMap((batchId) =>
        Array.from({ length: 3 }, () => () => syncTaps(app(), caller, { batchId, taps: 10 })),
      ),
    );
    const answers = await Promise.all(requests.map((send) => send()));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(150).fill(200));
    expect(answers.filter((res) => !res.json().replayed)).toHaveLength(50);
    for (const caller of callers) {
      expect(await getJson(app(), caller, `/api/user/${caller.id}/points`)).toEqual({
        points: 0.05 + REWARDS["first-tap"],
        totalTaps: 50,
      });
    }
  });

  it("keeps every invariant after a seeded random mix of syncs, replays, purchases, withdrawals and fundings", async () => {
    const callers = await Promise.all(Array.from({ length: 4 }, () => newCaller(20, 150)));
    const batchIds = Array.from({ length: 6 }, () => randomUUID());
    const keys = Array.from({ length: 6 }, () => randomKey());
    const user = fc.integer({ min: 0, max: callers.length - 1 });
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("sync" as const),
        user,
        batch: fc.nat(5),
        taps: fc.integer({ min: 1, max: 5000 }),
      }),
      fc.record({
        kind: fc.constant("purchase" as const),
        user,
        key: fc.nat(5),
        value: fc.constantFrom(0.002, 0.005, 0.01, 0.05),
      }),
      fc.record({
        kind: fc.constant("withdraw" as const),
        user,
        key: fc.nat(5),
        amount: fc.integer({ min: 1, max: 80_000_000 }).map((micro) => micro / 1e6),
      }),
      fc.record({
        kind: fc.constant("fund" as const),
        user,
        amount: fc.integer({ min: 1, max: 30_000_000 }).map((micro) => micro / 1e6),
      }),
    );
    type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;
    const run = (op: Operation): Promise<LightMyRequestResponse> => {
      const caller = callers[op.user] as Caller;
      switch (op.kind) {
        case "sync":
          return syncTaps(app(), caller, { batchId: batchIds[op.batch], taps: op.taps });
        case "purchase":
          return purchase(app(), caller, { multiplier_value: op.value }, `${keys[op.key]}-${op.user}`);
        case "withdraw":
          return withdrawRewards(app(), caller, { amount: op.amount }, `${keys[op.key]}-w${op.user}`);
        case "fund":
          return fundViaDevnet(app(), caller.email, op.amount, op.amount);
      }
    };
    const succeeded = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 20, maxLength: 60 }), async (operations) => {
        const answers = await Promise.all(operations.map(run));
        answers.forEach((res, i) => {
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode === 200) succeeded.add(operations[i]?.kind ?? "");
        });
        expect(await checkLedgerInvariants(db())).toEqual([]);
      }),
      { seed: 424_242, numRuns: 6 },
    );
    // The mix really moved money and points, not only bounced off validation.
    expect([...succeeded].sort()).toEqual(["fund", "purchase", "sync", "withdraw"]);
  });
});
