/**
 * POST /wallet/multipliers/purchase (docs/design.md §4): checks in the contract's order, an atomic move of
 * 100 points and the price, and Idempotency-Key semantics.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { reserveKey } from "#server/db/repos/idempotency.repo.ts";
import { hashIdempotentRequest } from "#server/domain/idempotency.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { ACHIEVEMENT_REWARD_DEFAULTS } from "#server/settings.ts";
import {
  type Caller,
  fundViaDevnet,
  getJson,
  purchase,
  randomKey,
  sessionCaller,
  snapshot,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { errorBody, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();
/** A user's first purchase also unlocks `first-multiplier`, whose reward joins the points it leaves. */
const FIRST_MULTIPLIER = ACHIEVEMENT_REWARD_DEFAULTS["first-multiplier"];

async function newCaller(usdt = 0, points = 0): Promise<Caller> {
  const caller = sessionCaller(await signUpAndLogIn(t.app));
  if (usdt > 0 || points > 0) {
    const res = await fundViaDevnet(t.app, caller.email, usdt, points > 0 ? points : undefined);
    expect(res.statusCode).toBe(200);
  }
  return caller;
}

const treasuryBalance = async () =>
  (
    await t.database.handle.db
      .selectFrom("ledger_accounts")
      .select("balance_micro")
      .where("id", "=", "treasury")
      .executeTakeFirstOrThrow()
  ).balance_micro;

describe("the catalogue", () => {
  it("lists the six options ascending", async () => {
    const caller = await newCaller();
    expect(await getJson(t.app, caller, "/api/wallet/multipliers")).toEqual([
      { multiplier_value: 0.001, price_usdt: 0 },
      { multiplier_value: 0.002, price_usdt: 5 },
      { multiplier_value: 0.005, price_usdt: 10 },
      { multiplier_value: 0.01, price_usdt: 25 },
      { multiplier_value: 0.05, price_usdt: 100 },
      { multiplier_value: 0.1, price_usdt: 250 },
    ]);
  });
});

describe("rules, in the contract's order", () => {
  it("401 without a token, before the body or the key is looked at", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/wallet/multipliers/purchase", payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("404 for a value that is not in the catalogue", async () => {
    const caller = await newCaller(100, 200);
    const res = await purchase(t.app, caller, { multiplier_value: 0.003 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(
      errorBody("NOT_FOUND", "This multiplier is not for sale. Pick one from the list."),
    );
  });

  it("409 MULTIPLIER_NOT_HIGHER for the current or a lower one, even without points or funds", async () => {
    const poor = await newCaller();
    const same = await purchase(t.app, poor, { multiplier_value: 0.001 });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe("MULTIPLIER_NOT_HIGHER");

    const rich = await newCaller(100, 300);
    expect((await purchase(t.app, rich, { multiplier_value: 0.005 })).statusCode).toBe(200);
    for (const value of [0.002, 0.005]) {
      const res = await purchase(t.app, rich, { multiplier_value: value });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("MULTIPLIER_NOT_HIGHER");
    }
  });

  it("checks points before funds: 409 NOT_ENOUGH_POINTS when both are short", async () => {
    const caller = await newCaller(0, 99.999999);
    const before = await snapshot(t.app, caller);
    const res = await purchase(t.app, caller, { multiplier_value: 0.002 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody("NOT_ENOUGH_POINTS", "Not enough points to buy multiplier"));
    expect(await snapshot(t.app, caller)).toEqual(before);
  });

  it("409 NOT_ENOUGH_FUNDS with enough points but too little in the wallet", async () => {
    const caller = await newCaller(9.999999, 100);
    const before = await snapshot(t.app, caller);
    const res = await purchase(t.app, caller, { multiplier_value: 0.005 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody("NOT_ENOUGH_FUNDS", "Not enough funds"));
    expect(await snapshot(t.app, caller)).toEqual(before);
  });
});

describe("a purchase", () => {
  it("dates its answer with the taps credited so far, so a client can order it against tap syncs", async () => {
    const caller = await newCaller(12, 150);
    expect((await syncTaps(t.app, caller, { taps: 7 })).statusCode).toBe(200);
    const res = await purchase(t.app, caller, { multiplier_value: 0.002 });
    expect(res.json()).toMatchObject({ points: 50.007 + FIRST_MULTIPLIER, totalTaps: 7 });
  });

  it("takes 100 points and the price, sets the multiplier and records both histories", async () => {
    const caller = await newCaller(12, 150);
    const treasuryBefore = await treasuryBalance();
    const res = await purchase(t.app, caller, { multiplier_value: 0.005 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      multiplier: 0.005,
      points: 50 + FIRST_MULTIPLIER,
      totalTaps: 0,
      walletBalance: 2,
    });
    expect(await treasuryBalance()).toBe(treasuryBefore + 10_000_000);
    expect(await getJson(t.app, caller, "/api/wallet/balance")).toEqual({ success: true, balance: 2 });
    expect(await getJson(t.app, caller, `/api/user/${caller.id}/points`)).toEqual({
      points: 50 + FIRST_MULTIPLIER,
      totalTaps: 0,
    });
    const history = await getJson<{ transactions: unknown[] }>(t.app, caller, "/api/wallet/history");
    expect(history.transactions[0]).toEqual({
      id: expect.any(String),
      type: "purchase",
      amount: 10,
      description: "Multiplier 0.005x",
      timestamp: expect.any(String),
      status: "completed",
    });
    const changes = await getJson<{ history: unknown[] }>(
      t.app,
      caller,
      `/api/user/${caller.id}/multiplier/history`,
    );
    expect(changes.history).toEqual([
      { id: expect.any(String), oldMultiplier: 0.001, newMultiplier: 0.005, timestamp: expect.any(String) },
    ]);
  });

  it("can skip steps: 0.001 straight to 0.1", async () => {
    const caller = await newCaller(250, 100);
    const res = await purchase(t.app, caller, { multiplier_value: 0.1 });
    expect(res.json()).toEqual({
      success: true,
      multiplier: 0.1,
      points: FIRST_MULTIPLIER,
      totalTaps: 0,
      walletBalance: 0,
    });
  });
});

describe("Idempotency-Key", () => {
  it("answers the same key and body with the stored result and moves nothing more", async () => {
    const caller = await newCaller(30, 300);
    const key = randomKey();
    const first = await purchase(t.app, caller, { multiplier_value: 0.002 }, key);
    expect(first.statusCode).toBe(200);
    const after = await snapshot(t.app, caller);
    const again = await purchase(t.app, caller, { multiplier_value: 0.002 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await snapshot(t.app, caller)).toEqual(after);
  });

  it("answers 422 IDEMPOTENCY_MISMATCH for the same key with another body or on another route", async () => {
    const caller = await newCaller(30, 300);
    const key = randomKey();
    expect((await purchase(t.app, caller, { multiplier_value: 0.002 }, key)).statusCode).toBe(200);
    const before = await snapshot(t.app, caller);
    const other = await purchase(t.app, caller, { multiplier_value: 0.005 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe("IDEMPOTENCY_MISMATCH");
    const elsewhere = await withdrawRewards(t.app, caller, { amount: 1 }, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await snapshot(t.app, caller)).toEqual(before);
  });

  it("stores a refusal too: the same key answers the same 409 after the wallet was funded", async () => {
    const caller = await newCaller(0, 100);
    const key = randomKey();
    const refused = await purchase(t.app, caller, { multiplier_value: 0.002 }, key);
    expect(refused.statusCode).toBe(409);
    await fundViaDevnet(t.app, caller.email, 5);
    const replay = await purchase(t.app, caller, { multiplier_value: 0.002 }, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.body).toBe(refused.body);
    // A new key is a new attempt.
    expect((await purchase(t.app, caller, { multiplier_value: 0.002 })).statusCode).toBe(200);
  });

  it("scopes keys to the caller", async () => {
    const alice = await newCaller(5, 100);
    const bob = await newCaller(5, 100);
    const key = randomKey();
    expect((await purchase(t.app, alice, { multiplier_value: 0.002 }, key)).statusCode).toBe(200);
    expect((await purchase(t.app, bob, { multiplier_value: 0.002 }, key)).statusCode).toBe(200);
    expect((await getJson(t.app, bob, "/api/wallet/balance")).balance).toBe(0);
  });

  it("moves money once for 10 simultaneous sends of one key; the others replay or answer 409", async () => {
    const caller = await newCaller(50, 500);
    const key = randomKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => purchase(t.app, caller, { multiplier_value: 0.002 }, key)),
    );
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(
        errorBody("CONFLICT", "The same request is still being processed. Try again in a moment."),
      );
    }
    for (const res of ok) expect(res.body).toBe(ok[0]?.body);
    expect(await getJson(t.app, caller, "/api/wallet/balance")).toEqual({ success: true, balance: 45 });
  });

  it("answers 409 while a reservation is fresh and takes over one abandoned for a minute", async () => {
    const caller = await newCaller(5, 100);
    const key = randomKey();
    // As if a process had reserved the key and died before its transaction committed.
    await reserveKey(t.database.handle.db, {
      callerId: caller.id,
      key,
      requestHash: hashIdempotentRequest({ scope: "multiplier-purchase", body: { multiplierMicro: 2000 } }),
      attemptId: randomUUID(),
      at: t.clock(),
    });
    const running = await purchase(t.app, caller, { multiplier_value: 0.002 }, key);
    expect(running.statusCode).toBe(409);
    t.clock.advance(60_000);
    const takenOver = await purchase(t.app, caller, { multiplier_value: 0.002 }, key);
    expect(takenOver.statusCode).toBe(200);
    expect(takenOver.json()).toMatchObject({ multiplier: 0.002, walletBalance: 0 });
  });
});

it("leaves the ledger and points consistent", async () => {
  expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
});
