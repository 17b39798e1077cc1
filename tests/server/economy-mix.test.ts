/**
 * A seeded random mix of every economy operation beside taps, multiplier purchases, rewards withdrawals and
 * fundings, sent all at once for a few users (docs/quality.md, concurrency), with the clock jumping minutes to
 * days between rounds (booster ends, the sweep, streak days and gaps): after every round the books hold
 * (checkLedgerInvariants: the ledger sums to zero, nothing negative, points = batches + movements, every
 * economy fact paid once by its keyed movement, batches at taps × multiplier × factor). Nothing answers a
 * 5xx. On PostgreSQL the requests really race (a pool of 10); on PGlite they queue, and the books still hold.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { announceEndedBoosters } from "#server/domain/economy/booster-sweep.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { buyBooster, claimStreak, signInAgain } from "./helpers/economy.ts";
import { signInAdmin } from "./helpers/live.ts";
import {
  type Caller,
  purchase,
  randomKey,
  sessionCaller,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { bearer, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();

it("keeps the books after a seeded random mix of streak claims, boosters, taps, purchases, withdrawals and fundings", async () => {
  let admin = await signInAdmin(t);
  let callers: Caller[] = [];
  for (let i = 0; i < 4; i += 1) callers.push(sessionCaller(await signUpAndLogIn(t.app)));
  const fund = (caller: Caller, usdt: number, points: number) =>
    t.app.inject({
      method: "POST",
      url: "/api/devnet/fund-wallet",
      headers: bearer(admin.token),
      payload: { email: caller.email, amount: usdt, points },
    });
  for (const caller of callers) expect((await fund(caller, 20, 250)).statusCode).toBe(200);

  const batchIds = Array.from({ length: 8 }, () => randomUUID());
  const keys = Array.from({ length: 6 }, () => randomKey());
  const user = fc.integer({ min: 0, max: callers.length - 1 });
  const operation = fc.oneof(
    fc.record({
      kind: fc.constant("sync" as const),
      user,
      batch: fc.nat(7),
      taps: fc.integer({ min: 1, max: 2500 }),
    }),
    fc.record({ kind: fc.constant("claim" as const), user, key: fc.nat(5) }),
    fc.record({
      kind: fc.constant("booster" as const),
      user,
      key: fc.nat(5),
      id: fc.constantFrom("turbo-2x", "turbo-3x", "turbo-9x"),
    }),
    fc.record({
      kind: fc.constant("purchase" as const),
      user,
      key: fc.nat(5),
      value: fc.constantFrom(0.002, 0.005, 0.01),
    }),
    fc.record({
      kind: fc.constant("withdraw" as const),
      user,
      key: fc.nat(5),
      amount: fc.integer({ min: 1, max: 60_000_000 }).map((micro) => micro / 1e6),
    }),
    fc.record({
      kind: fc.constant("fund" as const),
      user,
      usdt: fc.integer({ min: 0, max: 10_000_000 }).map((micro) => micro / 1e6),
      points: fc.integer({ min: 1, max: 150_000_000 }).map((micro) => micro / 1e6),
    }),
  );
  type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;
  const run = (op: Operation): Promise<LightMyRequestResponse> => {
    const caller = callers[op.user] as Caller;
    switch (op.kind) {
      case "sync":
        return syncTaps(t.app, caller, { batchId: batchIds[op.batch], taps: op.taps });
      case "claim":
        return claimStreak(t.app, caller, `${keys[op.key]}-c${op.user}`);
      case "booster":
        return buyBooster(t.app, caller, { boosterId: op.id }, `${keys[op.key]}-b${op.user}`);
      case "purchase":
        return purchase(t.app, caller, { multiplier_value: op.value }, `${keys[op.key]}-p${op.user}`);
      case "withdraw":
        return withdrawRewards(t.app, caller, { amount: op.amount }, `${keys[op.key]}-w${op.user}`);
      case "fund":
        return fund(caller, op.usdt, op.points);
    }
  };
  /** Minutes to a few days: boosters end (or not), streak days pass, are missed, or are the same. */
  const jump = fc.oneof(
    fc.integer({ min: 0, max: 20 * 60_000 }),
    fc.integer({ min: 20 * 3_600_000, max: 3 * 86_400_000 }),
  );

  const succeeded = new Set<string>();
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 20, maxLength: 50 }), jump, async (operations, ms) => {
      const answers = await Promise.all(operations.map(run));
      answers.forEach((res, i) => {
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 200) succeeded.add(operations[i]?.kind ?? "");
      });
      expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
      t.clock.advance(ms);
      await announceEndedBoosters(t.app.ctx);
      admin = await signInAdmin(t);
      callers = await Promise.all(callers.map((caller) => signInAgain(t.app, caller)));
      expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
    }),
    { seed: 20_251_119, numRuns: 8 },
  );
  // The mix really moved points and money, not only bounced off validation.
  expect([...succeeded].sort()).toEqual(["booster", "claim", "fund", "purchase", "sync", "withdraw"]);
  const books = await t.database.handle.db
    .selectFrom("points_movements")
    .select(({ fn }) => ["kind", fn.countAll<number>().as("n")])
    .groupBy("kind")
    .execute();
  const kinds = books.map((row) => row.kind).sort();
  for (const kind of ["achievement", "booster", "streak"]) expect(kinds).toContain(kind);
  const boosted = await t.database.handle.db
    .selectFrom("tap_batches")
    .select("batch_id")
    .where("booster_factor", ">", 1)
    .where("taps_credited", ">", 0)
    .execute();
  expect(boosted.length).toBeGreaterThan(0);
});
