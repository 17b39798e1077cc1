/**
 * POST /user/{id}/points: the server credits taps at its own multiplier, within the tap budget, once per
 * batch id (docs/design.md §5).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { countSuspiciousClaims } from "#server/db/repos/rewards.repo.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { type Caller, fundViaDevnet, getJson, purchase, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { bearer, errorBody, MINUTE, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();

async function newCaller(): Promise<Caller> {
  return sessionCaller(await signUpAndLogIn(t.app));
}

const pointsOf = (caller: Caller) =>
  getJson<{ points: number; totalTaps: number }>(t.app, caller, `/api/user/${caller.id}/points`);

describe("crediting a batch", () => {
  it("credits taps × the server's multiplier and answers the new totals", async () => {
    const caller = await newCaller();
    const res = await syncTaps(t.app, caller, { taps: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      points: 0.01,
      totalTaps: 10,
      multiplier: 0.001,
      credited: { taps: 10, points: 0.01, comboBonus: 0 },
      streak: null,
      replayed: false,
    });
    const second = await syncTaps(t.app, caller, { taps: 7 });
    expect(second.json()).toMatchObject({
      points: 0.017,
      totalTaps: 17,
      credited: { taps: 7, points: 0.007 },
    });
    expect(await pointsOf(caller)).toEqual({ points: 0.017, totalTaps: 17 });
  });

  it("ignores the client's multiplier and points, and counts the mismatch as suspicious", async () => {
    const caller = await newCaller();
    const res = await syncTaps(t.app, caller, { taps: 10, multiplier: 1000, points: 10_000 });
    expect(res.json()).toMatchObject({
      points: 0.01,
      multiplier: 0.001,
      credited: { taps: 10, points: 0.01 },
    });
    expect(await countSuspiciousClaims(t.database.handle.db, caller.id)).toEqual({
      suspiciousClaims: 1,
      clippedTaps: 0,
    });
    // Honest figures are not suspicious.
    await syncTaps(t.app, caller, { taps: 5, multiplier: 0.001, points: 0.005 });
    expect((await countSuspiciousClaims(t.database.handle.db, caller.id)).suspiciousClaims).toBe(1);
  });

  it("uses the multiplier in force when the batch arrives", async () => {
    const caller = await newCaller();
    expect((await fundViaDevnet(t.app, caller.email, 10, 100)).statusCode).toBe(200);
    expect((await purchase(t.app, caller, { multiplier_value: 0.005 })).statusCode).toBe(200);
    const res = await syncTaps(t.app, caller, { taps: 10, multiplier: 0.001 });
    expect(res.json()).toMatchObject({ multiplier: 0.005, credited: { taps: 10, points: 0.05 } });
  });
});

describe("replays", () => {
  it("answers a replayed batch id with the stored result and credits it once", async () => {
    const caller = await newCaller();
    const batchId = randomUUID();
    const first = await syncTaps(t.app, caller, { batchId, taps: 12 });
    await syncTaps(t.app, caller, { taps: 3 });
    const again = await syncTaps(t.app, caller, { batchId, taps: 12 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), replayed: true });
    // Even with another tap count: the id decides.
    const different = await syncTaps(t.app, caller, { batchId, taps: 500 });
    expect(different.json()).toEqual({ ...first.json(), replayed: true });
    expect(await pointsOf(caller)).toEqual({ points: 0.015, totalTaps: 15 });
  });

  it("counts 10 concurrent sends of one batch once", async () => {
    const caller = await newCaller();
    const batchId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => syncTaps(t.app, caller, { batchId, taps: 40 })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((res) => res.json().replayed === false)).toHaveLength(1);
    for (const res of answers) expect(res.json()).toMatchObject({ points: 0.04, totalTaps: 40 });
    expect(await pointsOf(caller)).toEqual({ points: 0.04, totalTaps: 40 });
  });

  it("keeps batch ids per user: another user's id is a new batch", async () => {
    const alice = await newCaller();
    const bob = await newCaller();
    const batchId = randomUUID();
    await syncTaps(t.app, alice, { batchId, taps: 5 });
    const res = await syncTaps(t.app, bob, { batchId, taps: 5 });
    expect(res.json()).toMatchObject({ replayed: false, totalTaps: 5 });
  });
});

describe("the tap budget (20 taps/s, 1 800 at most, on the server's clock)", () => {
  it("clips 100 000 taps claimed 10 s after a first batch to what the bucket holds", async () => {
    const caller = await newCaller();
    await syncTaps(t.app, caller, { taps: 100 });
    t.clock.advance(10_000);
    let credited = 0;
    for (let i = 0; i < 20; i++) {
      const res = await syncTaps(t.app, caller, { taps: 5000 });
      expect(res.statusCode).toBe(200);
      credited += res.json().credited.taps as number;
    }
    // 1 700 left after the first batch, +200 in 10 s, capped at 1 800.
    expect(credited).toBe(1800);
    expect((await pointsOf(caller)).totalTaps).toBe(1900);
    const suspicious = await countSuspiciousClaims(t.database.handle.db, caller.id);
    expect(suspicious).toEqual({ suspiciousClaims: 20, clippedTaps: 100_000 - 1800 });
  });

  it("bounds many small batches by 1 800 + 20 per second", async () => {
    const caller = await newCaller();
    let credited = 0;
    for (let i = 0; i < 29; i++) {
      const res = await syncTaps(t.app, caller, { taps: 100 });
      credited += res.json().credited.taps as number;
      t.clock.advance(100);
    }
    // 29 batches over 2.8 s of server time: at most 1 800 + 2.8 × 20 = 1 856 of the 2 900 claimed.
    expect(credited).toBe(1856);
  });

  it("fully credits an honest 8 taps/s for 60 s, synced every 6 s", async () => {
    const caller = await newCaller();
    for (let second = 6; second <= 60; second += 6) {
      t.clock.advance(6_000);
      const res = await syncTaps(t.app, caller, { taps: 48, points: 0.048, multiplier: 0.001 });
      expect(res.json().credited).toEqual({ taps: 48, points: 0.048, comboBonus: 0 });
    }
    expect(await pointsOf(caller)).toEqual({ points: 0.48, totalTaps: 480 });
    expect(await countSuspiciousClaims(t.database.handle.db, caller.id)).toEqual({
      suspiciousClaims: 0,
      clippedTaps: 0,
    });
  });

  it("fully credits 19 taps/s for 20 minutes once the starting budget is spent", async () => {
    const caller = await newCaller();
    const first = await syncTaps(t.app, caller, { taps: 1800 });
    expect(first.json().credited.taps).toBe(1800);
    for (let i = 0; i < 40; i++) {
      t.clock.advance(30_000);
      const res = await syncTaps(t.app, caller, { taps: 570 });
      expect(res.json().credited.taps).toBe(570);
    }
  });
});

describe("rate limit", () => {
  it("answers the 31st sync in a minute with 429 and Retry-After, and credits nothing for it", async () => {
    const caller = await newCaller();
    for (let i = 0; i < 30; i++) expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
    const limited = await syncTaps(t.app, caller, { taps: 1 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await pointsOf(caller)).totalTaps).toBe(30);
    t.clock.advance(MINUTE);
    expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
  });

  it("keeps a fixed window: Retry-After counts down to its end, and the next window holds 30 again", async () => {
    const caller = await newCaller();
    // The first sync (the locking path, which creates the rewards row) opens the window and counts in it.
    for (let i = 0; i < 30; i++) {
      expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
      t.clock.advance(1_000);
    }
    // 30 s into the window: 30 s left.
    const refused = await syncTaps(t.app, caller, { taps: 1 });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("30");
    t.clock.advance(29_500);
    expect((await syncTaps(t.app, caller, { taps: 1 })).headers["retry-after"]).toBe("1");
    t.clock.advance(500);
    for (let i = 0; i < 30; i++) expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
    expect((await syncTaps(t.app, caller, { taps: 1 })).headers["retry-after"]).toBe("60");
    expect((await pointsOf(caller)).totalTaps).toBe(60);
  });
});

describe("histories", () => {
  it("lists one entry per credited batch, newest first, with cursor paging", async () => {
    const caller = await newCaller();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const batchId = randomUUID();
      ids.push(batchId);
      await syncTaps(t.app, caller, { batchId, taps: i });
      t.clock.advance(1000);
    }
    const url = `/api/user/${caller.id}/points/history`;
    const first = await getJson<{ history: { id: string; points: number }[]; nextCursor: string | null }>(
      t.app,
      caller,
      `${url}?limit=2`,
    );
    expect(first.history.map((entry) => entry.id)).toEqual([ids[4], ids[3]]);
    expect(first.history[0]).toMatchObject({ points: 0.005, multiplier: 0.001 });
    expect(first.history[0]).toHaveProperty("timestamp");
    const rest = await getJson<{ history: { id: string }[]; nextCursor: string | null }>(
      t.app,
      caller,
      `${url}?limit=10&cursor=${first.nextCursor}`,
    );
    expect(rest.history.map((entry) => entry.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest.nextCursor).toBeNull();
  });

  it("refuses a cursor it did not make", async () => {
    const caller = await newCaller();
    for (const cursor of ["abc", Buffer.from('["x","1"]').toString("base64url")]) {
      const res = await t.app.inject({
        url: `/api/user/${caller.id}/points/history?cursor=${cursor}`,
        headers: bearer(caller.token),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("records multiplier changes and answers the current multiplier", async () => {
    const caller = await newCaller();
    expect(await getJson(t.app, caller, `/api/user/${caller.id}/multiplier`)).toEqual({ multiplier: 0.001 });
    await fundViaDevnet(t.app, caller.email, 50, 300);
    await purchase(t.app, caller, { multiplier_value: 0.002 });
    t.clock.advance(1000);
    await purchase(t.app, caller, { multiplier_value: 0.01 });
    expect(await getJson(t.app, caller, `/api/user/${caller.id}/multiplier`)).toEqual({ multiplier: 0.01 });
    const history = await getJson<{ history: unknown[]; nextCursor: string | null }>(
      t.app,
      caller,
      `/api/user/${caller.id}/multiplier/history?limit=1`,
    );
    expect(history.history).toEqual([
      { id: expect.any(String), oldMultiplier: 0.002, newMultiplier: 0.01, timestamp: expect.any(String) },
    ]);
    const older = await getJson<{ history: unknown[]; nextCursor: string | null }>(
      t.app,
      caller,
      `/api/user/${caller.id}/multiplier/history?cursor=${history.nextCursor}`,
    );
    expect(older.history).toEqual([
      { id: expect.any(String), oldMultiplier: 0.001, newMultiplier: 0.002, timestamp: expect.any(String) },
    ]);
    expect(older.nextCursor).toBeNull();
  });
});

describe("who may call", () => {
  it("401 without a token, 403 for another user's id, on every /user/{id} route", async () => {
    const alice = await newCaller();
    const bob = await newCaller();
    const routes = [
      { method: "GET", url: `/api/user/${alice.id}` },
      { method: "GET", url: `/api/user/${alice.id}/points` },
      { method: "POST", url: `/api/user/${alice.id}/points` },
      { method: "GET", url: `/api/user/${alice.id}/points/history` },
      { method: "GET", url: `/api/user/${alice.id}/multiplier` },
      { method: "GET", url: `/api/user/${alice.id}/multiplier/history` },
    ] as const;
    for (const route of routes) {
      const payload = route.method === "POST" ? { batchId: randomUUID(), taps: 1 } : undefined;
      const anonymous = await t.app.inject({ ...route, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, route.url).toBe(401);
      expect(anonymous.json()).toEqual(errorBody("UNAUTHORIZED", "Please sign in to continue."));
      const other = await t.app.inject({
        ...route,
        headers: bearer(bob.token),
        ...(payload ? { payload } : {}),
      });
      expect(other.statusCode, route.url).toBe(403);
      expect(other.json().error.code).toBe("FORBIDDEN");
    }
    expect(await pointsOf(alice)).toEqual({ points: 0, totalTaps: 0 });
  });

  it("answers the caller's own record", async () => {
    const signedIn = await signUpAndLogIn(t.app);
    const caller = sessionCaller(signedIn);
    const user = await getJson(t.app, caller, `/api/user/${caller.id}`);
    expect(user).toEqual({
      id: caller.id,
      email: caller.email,
      name: signedIn.user.name,
      role: "user",
      trc20_address: null,
      created_at: expect.any(String),
      last_login: expect.any(String),
    });
  });
});

it("leaves the ledger and points consistent", async () => {
  expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
});
