/**
 * Boosters (docs/api.md, Economy; docs/decisions/019): the catalogue, a purchase paid in points (checks in the
 * contract's order, Idempotency-Key, one at a time however many race), tap batches credited at multiplier ×
 * factor to the micro-point while the booster runs and for 30 s after (not 31), the factor in the points
 * history, the `booster` events at start and, from the sweep, at the end; bad requests change nothing.
 */
import { describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { announceEndedBoosters } from "#server/domain/economy/booster-sweep.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { boostersOf, buyBooster, economySnapshot, moveTo, pointsOf, signInAgain } from "./helpers/economy.ts";
import { adminPost, openStream, signInAdmin } from "./helpers/live.ts";
import {
  type Caller,
  fundViaDevnet,
  getJson,
  randomKey,
  sessionCaller,
  syncTaps,
} from "./helpers/rewards.ts";
import { bearer, errorBody, MINUTE, setupTestApp, signUpAndLogIn, testConfig } from "./helpers/test-app.ts";

const t = setupTestApp();
const db = () => t.database.handle.db;

/** A new account holding `points` (granted through the devnet fixture). */
async function newCaller(points = 0): Promise<Caller> {
  const caller = sessionCaller(await signUpAndLogIn(t.app));
  if (points > 0) expect((await fundViaDevnet(t.app, caller.email, 0, points)).statusCode).toBe(200);
  return caller;
}

async function buyOk(caller: Caller, boosterId: string) {
  const res = await buyBooster(t.app, caller, { boosterId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    active: { id: string; factor: number; endsAt: string };
    points: number;
    totalTaps: number;
  }>();
}

async function sync(caller: Caller, taps: number) {
  const res = await syncTaps(t.app, caller, { taps });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ points: number; credited: { taps: number; points: number } }>();
}

describe("GET /rewards/boosters", () => {
  it("lists the catalogue from the settings, and no active booster for a new account", async () => {
    const caller = await newCaller();
    expect(await boostersOf(t.app, caller)).toEqual({
      catalogue: [
        { id: "turbo-2x", name: "Turbo ×2", factor: 2, minutes: 10, pricePoints: 100 },
        { id: "turbo-3x", name: "Turbo ×3", factor: 3, minutes: 5, pricePoints: 100 },
      ],
      active: null,
    });
  });
});

describe("POST /rewards/boosters/purchase", () => {
  it("takes the price in points, starts the booster now, and answers the same for a replayed key", async () => {
    const caller = await newCaller(150.5);
    const key = randomKey();
    const res = await buyBooster(t.app, caller, { boosterId: "turbo-2x" }, key);
    expect(res.statusCode).toBe(200);
    const endsAt = new Date(t.clock().getTime() + 10 * MINUTE).toISOString();
    expect(res.json()).toEqual({
      active: { id: "turbo-2x", factor: 2, endsAt },
      points: 50.5,
      totalTaps: 0,
    });
    expect(await boostersOf(t.app, caller)).toMatchObject({ active: { id: "turbo-2x", factor: 2, endsAt } });
    expect(await pointsOf(t.app, caller)).toEqual({ points: 50.5, totalTaps: 0 });
    const replay = await buyBooster(t.app, caller, { boosterId: "turbo-2x" }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(res.body);
    expect(await pointsOf(t.app, caller)).toEqual({ points: 50.5, totalTaps: 0 });
    const other = await buyBooster(t.app, caller, { boosterId: "turbo-3x" }, key);
    expect(other.statusCode).toBe(422);
  });

  it("409 INSUFFICIENT_POINTS a micro-point short of the price, and nothing changes", async () => {
    const caller = await newCaller(99.999999);
    const before = await economySnapshot(t.app, caller);
    const res = await buyBooster(t.app, caller, { boosterId: "turbo-3x" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody("INSUFFICIENT_POINTS", "Insufficient points"));
    expect(await economySnapshot(t.app, caller)).toEqual(before);
    expect((await fundViaDevnet(t.app, caller.email, 0, 0.000001)).statusCode).toBe(200);
    expect((await buyOk(caller, "turbo-3x")).points).toBe(0);
  });

  it("409 BOOSTER_ACTIVE while one runs (points are not looked at), and a new one may start once it ended", async () => {
    const caller = await newCaller(200);
    const first = await buyOk(caller, "turbo-3x");
    const before = await economySnapshot(t.app, caller);
    for (const boosterId of ["turbo-2x", "turbo-3x"]) {
      const res = await buyBooster(t.app, caller, { boosterId });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("BOOSTER_ACTIVE");
    }
    moveTo(t.clock, new Date(first.active.endsAt).getTime() - 1);
    expect((await buyBooster(t.app, caller, { boosterId: "turbo-2x" })).statusCode).toBe(409);
    expect(await economySnapshot(t.app, caller)).toEqual(before);
    // It ends at endsAt: from then on (grace or not) it is no longer active, and the next may start.
    moveTo(t.clock, new Date(first.active.endsAt).getTime());
    expect((await boostersOf(t.app, caller)).active).toBeNull();
    expect((await buyOk(caller, "turbo-2x")).points).toBe(0);
    const broke = await newCaller(50);
    expect((await buyBooster(t.app, broke, { boosterId: "turbo-2x" })).json().error.code).toBe(
      "INSUFFICIENT_POINTS",
    );
  });

  it("404 for an unknown booster, 400 for a bad body or a missing key; nothing changes", async () => {
    const caller = await newCaller(500);
    const before = await economySnapshot(t.app, caller);
    const unknown = await buyBooster(t.app, caller, { boosterId: "turbo-9x" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(
      errorBody("NOT_FOUND", "No booster has this id. Pick one from the catalogue."),
    );
    const bad: [string, unknown, string | null][] = [
      ["no body", undefined, randomKey()],
      ["empty body", {}, randomKey()],
      ["a number", { boosterId: 2 }, randomKey()],
      ["upper case", { boosterId: "TURBO-2X" }, randomKey()],
      ["an extra field", { boosterId: "turbo-2x", factor: 10 }, randomKey()],
      ["too long", { boosterId: "t".repeat(41) }, randomKey()],
      ["__proto__", JSON.parse('{"boosterId":"turbo-2x","__proto__":{"x":1}}'), randomKey()],
      ["no key", { boosterId: "turbo-2x" }, null],
      ["a short key", { boosterId: "turbo-2x" }, "abc"],
    ];
    for (const [name, body, key] of bad) {
      const res = await buyBooster(t.app, caller, body, key);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe("VALIDATION_ERROR");
    }
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/rewards/boosters/purchase",
      headers: { "idempotency-key": randomKey() },
      payload: { boosterId: "turbo-2x" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await economySnapshot(t.app, caller)).toEqual(before);
  });

  it("sells exactly one when 20 purchases race with different keys, and takes the price once", async () => {
    const caller = await newCaller(1000);
    const devices = [caller, await signInAgain(t.app, caller), await signInAgain(t.app, caller)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        buyBooster(t.app, devices[i % devices.length] as Caller, {
          boosterId: i % 2 ? "turbo-2x" : "turbo-3x",
        }),
      ),
    );
    const codes = answers.map((res) => (res.statusCode === 200 ? "ok" : res.json().error.code));
    expect(codes.filter((code) => code === "ok")).toHaveLength(1);
    expect(codes.filter((code) => code === "BOOSTER_ACTIVE")).toHaveLength(19);
    expect(await pointsOf(t.app, caller)).toEqual({ points: 900, totalTaps: 0 });
    const sold = await db()
      .selectFrom("booster_purchases")
      .select("id")
      .where("user_id", "=", caller.id)
      .execute();
    expect(sold).toHaveLength(1);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});

describe("boosted tap batches", () => {
  it("credits taps × multiplier × factor to the micro-point, and the history shows each batch's factor", async () => {
    const caller = await newCaller(100);
    const admin = await signInAdmin(t);
    // An odd multiplier, so any rounding shows in the last digit.
    const odd = await adminPost(t.app, admin, "update-multiplier", {
      userId: caller.id,
      multiplier: 0.123457,
    });
    expect(odd.statusCode).toBe(200);
    expect(await sync(caller, 13)).toMatchObject({
      points: 101.604941,
      credited: { taps: 13, points: 1.604941 },
    });
    t.clock.advance(1000);
    await buyOk(caller, "turbo-2x");
    expect(await sync(caller, 13)).toMatchObject({
      points: 4.814823,
      credited: { taps: 13, points: 3.209882 },
    });
    const history = await getJson<{ history: { points: number; multiplier: number; factor: number }[] }>(
      t.app,
      caller,
      `/api/user/${caller.id}/points/history`,
    );
    expect(history.history.map(({ points, multiplier, factor }) => ({ points, multiplier, factor }))).toEqual(
      [
        { points: 3.209882, multiplier: 0.123457, factor: 2 },
        { points: 1.604941, multiplier: 0.123457, factor: 1 },
      ],
    );
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("boosts a batch arriving at most 30 s after the end (30 s yes, 30.001 s and 31 s no); the client's ×3 claim is honest", async () => {
    const caller = await newCaller(100);
    const { active } = await buyOk(caller, "turbo-3x");
    const end = new Date(active.endsAt).getTime();
    // The booster's last millisecond, then the grace to its last millisecond: ×3.
    moveTo(t.clock, end - 1);
    expect((await sync(caller, 10)).credited.points).toBe(0.03);
    moveTo(t.clock, end);
    expect((await sync(caller, 10)).credited.points).toBe(0.03);
    moveTo(t.clock, end + 30_000);
    const atGrace = await syncTaps(t.app, caller, { taps: 10, points: 0.03, multiplier: 0.001 });
    expect(atGrace.json().credited.points).toBe(0.03);
    // One millisecond later, and at 31 s: ×1.
    moveTo(t.clock, end + 30_001);
    expect((await sync(caller, 10)).credited.points).toBe(0.01);
    moveTo(t.clock, end + 31_000);
    expect((await sync(caller, 10)).credited.points).toBe(0.01);
    const history = await getJson<{ history: { factor: number }[] }>(
      t.app,
      caller,
      `/api/user/${caller.id}/points/history`,
    );
    expect(history.history.map((entry) => entry.factor)).toEqual([1, 1, 3, 3, 3]);
    // The ×3 claim inside the grace was counted honest: no suspicious claims.
    const row = await db()
      .selectFrom("user_rewards")
      .select("suspicious_claims")
      .where("user_id", "=", caller.id)
      .executeTakeFirstOrThrow();
    expect(row.suspicious_claims).toBe(0);
  });

  it("answers a replayed batch with its stored answer, credited at the factor it was credited at", async () => {
    const caller = await newCaller(100);
    const { active } = await buyOk(caller, "turbo-2x");
    const batchId = crypto.randomUUID();
    const first = await syncTaps(t.app, caller, { batchId, taps: 5 });
    expect(first.json().credited.points).toBe(0.01);
    moveTo(t.clock, new Date(active.endsAt).getTime() + MINUTE);
    const replay = await syncTaps(t.app, caller, { batchId, taps: 5 });
    expect(replay.json()).toEqual({ ...first.json(), replayed: true });
  });
});

describe("booster events", () => {
  it("pushes points and `booster { active }` at the purchase, and `booster { active: null }` from the sweep at the end, once", async () => {
    const caller = await newCaller(120);
    // Event 1 was the devnet grant of the 120 points.
    const stream = await openStream(t.app, caller);
    const { active } = await buyOk(caller, "turbo-2x");
    expect(await stream.take(2)).toEqual([
      { id: "2", event: "points", data: { points: 20, totalTaps: 0, multiplier: 0.001 } },
      { id: "3", event: "booster", data: { active } },
    ]);
    // Nothing ends before endsAt.
    moveTo(t.clock, new Date(active.endsAt).getTime() - 1);
    await announceEndedBoosters(t.app.ctx);
    expect(await stream.rest(200)).toEqual([]);
    moveTo(t.clock, new Date(active.endsAt).getTime());
    await Promise.all([announceEndedBoosters(t.app.ctx), announceEndedBoosters(t.app.ctx)]);
    expect(await stream.next()).toEqual({ id: "4", event: "booster", data: { active: null } });
    await announceEndedBoosters(t.app.ctx);
    expect(await stream.rest(200)).toEqual([]);
    stream.close();
  });

  it("does not announce the end of a booster a newer one already replaced", async () => {
    const caller = await newCaller(300);
    const first = await buyOk(caller, "turbo-3x");
    moveTo(t.clock, new Date(first.active.endsAt).getTime() + 1);
    const stream = await openStream(t.app, caller);
    const second = await buyOk(caller, "turbo-2x");
    expect((await stream.take(2)).map((frame) => frame.event)).toEqual(["points", "booster"]);
    await announceEndedBoosters(t.app.ctx);
    expect(await stream.rest(200)).toEqual([]);
    expect((await boostersOf(t.app, caller)).active).toEqual(second.active);
    moveTo(t.clock, new Date(second.active.endsAt).getTime());
    await announceEndedBoosters(t.app.ctx);
    expect(await stream.next()).toMatchObject({ event: "booster", data: { active: null } });
    stream.close();
  });

  it("runs among the server's background jobs: the end reaches a stream without anyone calling the sweep", async () => {
    const server = await buildApp({
      config: testConfig(),
      db: t.database.handle,
      clock: t.clock,
      logger: false,
      runBackgroundJobs: true,
    });
    try {
      const caller = await newCaller(100);
      const stream = await openStream(server, caller);
      const { active } = await buyOk(caller, "turbo-3x");
      expect((await stream.take(2)).map((frame) => frame.event)).toEqual(["points", "booster"]);
      moveTo(t.clock, new Date(active.endsAt).getTime());
      // The sweep runs every 2 s (BOOSTER_SWEEP_SECONDS) of real time.
      expect(await stream.next(6_000)).toMatchObject({ event: "booster", data: { active: null } });
      stream.close();
    } finally {
      await server.close();
    }
  });

  it("runs the sweep on one instance at a time: a second instance's lease waits", async () => {
    const { workerLease } = await import("#server/domain/worker-lease.ts");
    const { BOOSTER_SWEEP_LEASE } = await import("#server/domain/economy/booster-sweep.ts");
    const mine = workerLease(t.app.ctx, BOOSTER_SWEEP_LEASE, 6_000);
    const theirs = workerLease(t.app.ctx, BOOSTER_SWEEP_LEASE, 6_000);
    expect(await mine.take()).toBe(true);
    expect(await theirs.take()).toBe(false);
    await mine.release();
    expect(await theirs.take()).toBe(true);
    await theirs.release();
  });
});

describe("admin metrics", () => {
  it("count today's streak claims and booster sales (UTC day), in GET /admin/metrics and admin.metrics", async () => {
    const admin = await signInAdmin(t);
    const metrics = async () =>
      (await t.app.inject({ url: "/api/admin/metrics", headers: bearer(admin.token) })).json<{
        streakClaimsToday: number;
        boosterSalesToday: number;
      }>();
    const before = await metrics();
    const caller = await newCaller(500);
    await buyOk(caller, "turbo-2x");
    const claim = await t.app.inject({
      method: "POST",
      url: "/api/rewards/streak/claim",
      headers: { ...bearer(caller.token), "idempotency-key": randomKey() },
    });
    expect(claim.statusCode).toBe(200);
    const after = await metrics();
    expect(after.streakClaimsToday).toBe(before.streakClaimsToday + 1);
    expect(after.boosterSalesToday).toBe(before.boosterSalesToday + 1);
    const stream = await openStream(t.app, admin);
    const snapshot = await stream.next();
    expect(snapshot).toMatchObject({ event: "admin.metrics", data: after });
    stream.close();
    // A new UTC day starts both counts again.
    const nextDay = (Math.floor(t.clock().getTime() / 86_400_000) + 1) * 86_400_000;
    moveTo(t.clock, nextDay);
    const fresh = await signInAdmin(t);
    const tomorrow = (await t.app.inject({ url: "/api/admin/metrics", headers: bearer(fresh.token) })).json();
    expect(tomorrow).toMatchObject({ streakClaimsToday: 0, boosterSalesToday: 0 });
  });
});
