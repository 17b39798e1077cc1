/**
 * The tap sync's usual case without a transaction (docs/decisions/027): a read, then a write that commits only
 * while the rewards row is still the version read. A row that moved in between is never written over; the sync
 * reads again. Under concurrent syncs of one user with purchases and withdrawals racing them, every batch is
 * credited exactly once and the points add up to the micro-point (on PostgreSQL this is real concurrency).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readSyncState, writeVersionedBatch } from "#server/db/repos/tap-sync.repo.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import {
  type Caller,
  fundViaDevnet,
  getJson,
  purchase,
  sessionCaller,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp({ config: { signupLimitPerIpHour: 0 } });
const db = () => t.database.handle.db;

async function newCaller(): Promise<Caller & { email: string }> {
  const signedIn = await signUpAndLogIn(t.app);
  return { ...sessionCaller(signedIn), email: signedIn.account.email };
}
const pointsOf = (caller: Caller) =>
  getJson<{ points: number; totalTaps: number }>(t.app, caller, `/api/user/${caller.id}/points`);
const batchCount = async (userId: string) =>
  Number(
    (
      await db()
        .selectFrom("tap_batches")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("tap sync without a transaction", () => {
  it("does not write over a row that moved since it was read; the sync then credits once", async () => {
    const caller = await newCaller();
    expect((await syncTaps(t.app, caller, { batchId: randomUUID(), taps: 10 })).statusCode).toBe(200);
    const batchId = randomUUID();
    const read = await readSyncState(db(), { userId: caller.id, batchId });
    expect(read.rewards?.row.pointsMicro).toBe(10_000);
    // Another sync lands between this read and its write.
    expect((await syncTaps(t.app, caller, { batchId: randomUUID(), taps: 5 })).statusCode).toBe(200);
    const stale = await writeVersionedBatch(db(), {
      userId: caller.id,
      version: read.rewards!.version,
      batchId,
      tapsClaimed: 7,
      tapsCredited: 7,
      pointsMicro: 7_000,
      multiplierMicro: 1_000,
      pointsAfterMicro: 17_000,
      totalTapsAfter: 17,
      bucketMilliTaps: 0,
      bucketUpdatedAt: new Date(),
      suspicious: false,
      boosterFactor: 1,
      achievementsMask: 0,
      at: new Date(),
      utcDay: 0,
      utcWeekStart: 0,
      pointsEvent: null,
      limit: { windowSeconds: 60, attempts: 30, now: new Date() },
    });
    expect(stale).toBeNull();
    expect(await batchCount(caller.id)).toBe(2);
    expect(await pointsOf(caller)).toEqual({ points: 0.015, totalTaps: 15 });
    // The same batch through the route is credited on the row as it is now.
    const res = await syncTaps(t.app, caller, { batchId, taps: 7 });
    expect(res.json()).toMatchObject({ points: 0.022, totalTaps: 22, replayed: false });
    expect(await batchCount(caller.id)).toBe(3);
  });

  it("credits a user's first batch (no rewards row yet) and answers its replay without counting it", async () => {
    const caller = await newCaller();
    const batchId = randomUUID();
    const first = await syncTaps(t.app, caller, { batchId, taps: 3 });
    expect(first.json()).toMatchObject({ points: 0.003, totalTaps: 3, replayed: false });
    const again = await syncTaps(t.app, caller, { batchId, taps: 3 });
    expect(again.json()).toMatchObject({ points: 0.003, totalTaps: 3, replayed: true });
    expect(await batchCount(caller.id)).toBe(1);
  });

  it("keeps every batch exactly once under concurrent syncs, purchases and withdrawals of one user", async () => {
    const caller = await newCaller();
    expect((await fundViaDevnet(t.app, caller.email, 50, 100)).statusCode).toBe(200);
    const before = await pointsOf(caller);
    const batches = Array.from({ length: 24 }, () => randomUUID());
    const answers = await Promise.all([
      ...batches.map((batchId, i) => syncTaps(t.app, caller, { batchId, taps: 10 + i })),
      // Sent twice at once: credited once.
      ...batches.slice(0, 4).map((batchId, i) => syncTaps(t.app, caller, { batchId, taps: 10 + i })),
      purchase(t.app, caller, { multiplier_value: 0.002 }),
      withdrawRewards(t.app, caller, { amount: 1 }),
    ]);
    const syncs = answers.slice(0, batches.length + 4);
    expect(syncs.map((res) => res.statusCode)).toEqual(Array(syncs.length).fill(200));
    expect(syncs.filter((res) => res.json().replayed === false)).toHaveLength(batches.length);
    for (const res of answers.slice(-2)) expect(res.statusCode, res.body).toBe(200);
    expect(await batchCount(caller.id)).toBe(batches.length);

    // Each batch was credited at the multiplier in force when it landed: the points are what they were, plus
    // what the batches say they earned, plus every other movement (the purchase's price, the withdrawal).
    const credited = await db()
      .selectFrom("tap_batches")
      .select((eb) => [
        eb.fn.sum<number>("points_micro").as("points"),
        eb.fn.sum<number>("taps_credited").as("taps"),
      ])
      .where("user_id", "=", caller.id)
      .executeTakeFirstOrThrow();
    const moved = await db()
      .selectFrom("points_movements")
      .select((eb) => [eb.fn.sum<number>("delta_micro").as("delta"), eb.fn.countAll<number>().as("n")])
      .where("user_id", "=", caller.id)
      .where("kind", "!=", "devnet")
      .executeTakeFirstOrThrow();
    expect(Number(moved.n)).toBeGreaterThanOrEqual(2);
    const taps = batches.reduce((sum, _b, i) => sum + 10 + i, 0);
    expect(Number(credited.taps)).toBe(taps);
    const after = await pointsOf(caller);
    expect(after.totalTaps).toBe(before.totalTaps + taps);
    expect(Math.round(after.points * 1_000_000)).toBe(
      Math.round(before.points * 1_000_000) + Number(credited.points) + Number(moved.delta),
    );
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("counts the sync limit with the batch: replays count nothing, and racing syncs at the limit let one through", async () => {
    const caller = await newCaller();
    const first = randomUUID();
    for (let i = 0; i < 29; i += 1) {
      const res = await syncTaps(t.app, caller, { batchId: i === 0 ? first : randomUUID(), taps: 1 });
      expect(res.statusCode).toBe(200);
    }
    // A lost answer's batch sent again: answered from what was stored, not counted.
    for (let i = 0; i < 5; i += 1) {
      expect((await syncTaps(t.app, caller, { batchId: first, taps: 1 })).json()).toMatchObject({
        replayed: true,
      });
    }
    // Five new batches at once with one attempt left in the minute: exactly one is credited.
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => syncTaps(t.app, caller, { batchId: randomUUID(), taps: 1 })),
    );
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    for (const res of racing.filter((r) => r.statusCode === 429)) {
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    expect(await batchCount(caller.id)).toBe(30);
    expect((await pointsOf(caller)).totalTaps).toBe(30);
  });

  it("prices a sync from this instance's hint of the row, and a stale hint writes nothing and costs one read", async () => {
    const caller = await newCaller();
    const hints = t.app.ctx.syncHints;
    // A first batch creates the row in the locking transaction, which leaves no hint; the second one does.
    expect((await syncTaps(t.app, caller, { batchId: randomUUID(), taps: 6 })).statusCode).toBe(200);
    expect(hints.get(caller.id)).toBeUndefined();
    expect((await syncTaps(t.app, caller, { batchId: randomUUID(), taps: 4 })).statusCode).toBe(200);
    const hint = hints.get(caller.id);
    expect(hint?.row).toMatchObject({ pointsMicro: 10_000, totalTaps: 10 });
    // The multiplier changes behind the hint's back (as a purchase on another instance would).
    expect((await fundViaDevnet(t.app, caller.email, 50, 100)).statusCode).toBe(200);
    expect((await purchase(t.app, caller, { multiplier_value: 0.005 })).statusCode).toBe(200);
    expect(hints.get(caller.id)).toBe(hint);
    const micro = async () => Math.round((await pointsOf(caller)).points * 1_000_000);
    const before = await micro();
    // Another instance's old figures, also at the old version: a wrong guess must never reach the books.
    hints.set(caller.id, { ...hint!, row: { ...hint!.row, pointsMicro: 999_000_000, totalTaps: 1 } });
    const res = await syncTaps(t.app, caller, { batchId: randomUUID(), taps: 4 });
    expect(res.json()).toMatchObject({ replayed: false, totalTaps: 14, multiplier: 0.005 });
    expect(await micro()).toBe(before + 4 * 5_000);
    expect(await batchCount(caller.id)).toBe(3);
    // The hint now is the row as written, at its new version, and the next sync goes straight to the write.
    expect(hints.get(caller.id)?.row).toMatchObject({
      pointsMicro: before + 20_000,
      totalTaps: 14,
      multiplierMicro: 5_000,
    });
    expect(hints.get(caller.id)?.version).not.toBe(hint!.version);
    const next = await syncTaps(t.app, caller, { batchId: randomUUID(), taps: 2 });
    expect(next.json()).toMatchObject({ totalTaps: 16, replayed: false });
    expect(await micro()).toBe(before + 6 * 5_000);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("answers a replay and refuses a full minute on the hinted path exactly as after a read", async () => {
    const caller = await newCaller();
    const first = randomUUID();
    for (let i = 0; i < 30; i += 1) {
      const res = await syncTaps(t.app, caller, { batchId: i === 0 ? first : randomUUID(), taps: 1 });
      expect(res.statusCode).toBe(200);
      expect(t.app.ctx.syncHints.get(caller.id)?.row.totalTaps).toBe(i === 0 ? undefined : i + 1);
    }
    const refused = await syncTaps(t.app, caller, { batchId: randomUUID(), taps: 1 });
    expect(refused.statusCode).toBe(429);
    expect(await batchCount(caller.id)).toBe(30);
    // A replay is still answered in a full minute, from what was stored.
    const replay = await syncTaps(t.app, caller, { batchId: first, taps: 1 });
    expect(replay.json()).toMatchObject({ replayed: true, totalTaps: 1, points: 0.001 });
    expect((await pointsOf(caller)).totalTaps).toBe(30);
  });
});
