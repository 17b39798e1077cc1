/**
 * Group commit for tap syncs (docs/decisions/032): the hinted syncs that reach their write in one turn of the
 * event loop are written by one statement, and each stands alone in it. A stale member is not written while
 * the others are; a second sync of a user goes alone; a group whose statement fails is tried member by member,
 * so a bad sync never costs a good one its answer; a group is at most MAX_GROUP syncs; two instances writing
 * groups over the same players credit every batch exactly once.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readSyncState, type VersionedBatch } from "#server/db/repos/tap-sync.repo.ts";
import { utcDayOf, utcWeekStartOf } from "#server/domain/economy/utc-days.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { MAX_GROUP, writeInGroup } from "#server/domain/taps/sync-write-groups.ts";
import { type Caller, getJson, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp({ config: { signupLimitPerIpHour: 0 } });
const db = () => t.database.handle.db;

/** Players who have tapped before (a rewards row with a full bucket), made in the database directly. */
async function players(count: number): Promise<string[]> {
  const now = new Date();
  const ids = Array.from({ length: count }, () => randomUUID());
  await db()
    .insertInto("users")
    .values(
      ids.map((id) => ({
        id,
        email: `group-${id}@test.local`,
        name: "Group",
        password_hash: "not-a-hash:never-logs-in",
        role: "user" as const,
        created_at: now,
        email_verified_at: now,
      })),
    )
    .execute();
  await db()
    .insertInto("user_rewards")
    .values(ids.map((id) => ({ user_id: id, bucket_milli_taps: 1_800_000, bucket_updated_at: now })))
    .execute();
  return ids;
}

/** A batch of `taps` priced at 1x from the player's row as it stands now (its version and figures). */
async function batchFor(userId: string, taps: number, tweak: Partial<VersionedBatch> = {}) {
  const batchId = randomUUID();
  const state = await readSyncState(db(), { userId, batchId });
  const row = state.rewards!.row;
  const at = new Date();
  const batch: VersionedBatch = {
    userId,
    version: state.rewards!.version,
    batchId,
    tapsClaimed: taps,
    tapsCredited: taps,
    pointsMicro: taps * row.multiplierMicro,
    multiplierMicro: row.multiplierMicro,
    pointsAfterMicro: row.pointsMicro + taps * row.multiplierMicro,
    totalTapsAfter: row.totalTaps + taps,
    bucketMilliTaps: row.bucketMilliTaps - taps * 1000,
    bucketUpdatedAt: at,
    suspicious: false,
    boosterFactor: 1,
    achievementsMask: row.achievementsMask,
    at,
    utcDay: utcDayOf(at),
    utcWeekStart: utcWeekStartOf(utcDayOf(at)),
    pointsEvent: { points: (row.pointsMicro + taps * row.multiplierMicro) / 1_000_000 },
    limit: { windowSeconds: 60, attempts: 30, now: at },
    ...tweak,
  };
  return batch;
}

/** The transaction each stored batch was written by (its row's xmin), by batch id. */
async function writersOf(batchIds: string[]): Promise<Map<string, string>> {
  const rows = await db()
    .selectFrom("tap_batches")
    .select((eb) => ["batch_id", eb.cast<string>(eb.ref("xmin" as never), "text").as("writer")])
    .where("batch_id", "in", batchIds)
    .execute();
  return new Map(rows.map((row) => [row.batch_id, row.writer]));
}

const rewardsOf = (userId: string) =>
  db()
    .selectFrom("user_rewards")
    .select(["points_micro", "total_taps", "sync_count"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();

const rollupsOf = (userId: string) =>
  db()
    .selectFrom("tap_rollups")
    .select(["period", "taps", "points_micro"])
    .where("user_id", "=", userId)
    .orderBy("period")
    .execute();

describe("tap syncs written in groups", () => {
  it("writes the syncs of one turn in one statement, each exactly, and leaves a stale one unwritten", async () => {
    const [a, b, c] = await players(3);
    const batches = [await batchFor(a!, 5), await batchFor(b!, 7), await batchFor(c!, 9)];
    // c's row moves on before the group is written (any write gives it a new version): its batch was priced
    // from a row that is no longer the one in the table.
    await db()
      .updateTable("user_rewards")
      .set((eb) => ({ clipped_taps: eb.ref("clipped_taps") }))
      .where("user_id", "=", c!)
      .execute();

    const written = await Promise.all(batches.map((batch) => writeInGroup(db(), batch)));

    expect(written[0]).toMatchObject({ seq: 1 });
    expect(written[1]).toMatchObject({ seq: 1 });
    expect(written[2]).toBeNull();
    const writers = await writersOf(batches.map((batch) => batch.batchId));
    expect(writers.size).toBe(2);
    expect(writers.get(batches[0]!.batchId)).toBe(writers.get(batches[1]!.batchId));
    expect(await rewardsOf(a!)).toEqual({ points_micro: 5_000, total_taps: 5, sync_count: 1 });
    expect(await rewardsOf(b!)).toEqual({ points_micro: 7_000, total_taps: 7, sync_count: 1 });
    // The stale one wrote nothing: not the batch, not the count, not a rollup.
    expect(await rewardsOf(c!)).toEqual({ points_micro: 0, total_taps: 0, sync_count: 0 });
    expect(await rollupsOf(c!)).toEqual([]);
    expect((await rollupsOf(b!)).map((r) => [r.period, Number(r.taps), Number(r.points_micro)])).toEqual([
      ["a", 7, 7_000],
      ["d", 7, 7_000],
      ["w", 7, 7_000],
    ]);
    // Each written member has its event at the head of its own stream.
    const events = await db()
      .selectFrom("live_events")
      .select(["stream", "seq", "type"])
      .where("stream", "in", [a!, b!, c!])
      .orderBy("stream")
      .execute();
    expect(events.map((e) => [e.stream, Number(e.seq), e.type]).sort()).toEqual(
      [
        [a!, 1, "points"],
        [b!, 1, "points"],
      ].sort(),
    );
  });

  it("sends a second sync of the same user alone: one of the two is written, never both", async () => {
    const [a] = await players(1);
    const first = await batchFor(a!, 4);
    const second = { ...(await batchFor(a!, 6)), version: first.version };
    const written = await Promise.all([writeInGroup(db(), first), writeInGroup(db(), second)]);
    expect(written.filter((w) => w !== null)).toHaveLength(1);
    const stored = await writersOf([first.batchId, second.batchId]);
    expect(stored.size).toBe(1);
    const { total_taps } = await rewardsOf(a!);
    expect(total_taps).toBe(stored.has(first.batchId) ? 4 : 6);
  });

  it("tries a failing group member by member: the good syncs are written, the bad one alone fails", async () => {
    const [a, b, c] = await players(3);
    // b's figures break a rule of the table (a negative bucket): the group's statement fails as a whole.
    const batches = [
      await batchFor(a!, 3),
      await batchFor(b!, 3, { bucketMilliTaps: -1 }),
      await batchFor(c!, 3),
    ];
    const outcomes = await Promise.allSettled(batches.map((batch) => writeInGroup(db(), batch)));
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    const writers = await writersOf(batches.map((batch) => batch.batchId));
    expect([...writers.keys()].sort()).toEqual([batches[0]!.batchId, batches[2]!.batchId].sort());
    // Written one by one, after the group failed.
    expect(writers.get(batches[0]!.batchId)).not.toBe(writers.get(batches[2]!.batchId));
    expect(await rewardsOf(b!)).toEqual({ points_micro: 0, total_taps: 0, sync_count: 0 });
    expect((await rewardsOf(a!)).total_taps).toBe(3);
    expect((await rewardsOf(c!)).total_taps).toBe(3);
  });

  it(`holds at most ${MAX_GROUP} syncs in a group`, async () => {
    const ids = await players(MAX_GROUP + 1);
    const batches = await Promise.all(ids.map((id) => batchFor(id, 1)));
    const written = await Promise.all(batches.map((batch) => writeInGroup(db(), batch)));
    expect(written.every((w) => w !== null)).toBe(true);
    const writers = await writersOf(batches.map((batch) => batch.batchId));
    expect(writers.size).toBe(MAX_GROUP + 1);
    const groups = new Map<string, number>();
    for (const writer of writers.values()) groups.set(writer, (groups.get(writer) ?? 0) + 1);
    expect([...groups.values()].sort((x, y) => y - x)).toEqual([MAX_GROUP, 1]);
  });

  it("credits every batch once when two instances write groups over the same players at once", async () => {
    const other = await t.buildAnother({ ownPool: true });
    const callers: Caller[] = [];
    for (let i = 0; i < 6; i += 1) callers.push(sessionCaller(await signUpAndLogIn(t.app)));
    // A first sync each (the locking path creates the row), so the rest go through hints and groups.
    for (const caller of callers) expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
    const before = await Promise.all(
      callers.map((caller) => getJson<{ points: number }>(t.app, caller, `/api/user/${caller.id}/points`)),
    );
    const rounds = 4;
    const answers = await Promise.all(
      callers.flatMap((caller, i) =>
        Array.from({ length: rounds }, (_, round) => {
          const batchId = randomUUID();
          // Each batch is sent to both instances at once: one credits it, the other answers the replay.
          return Promise.all([
            syncTaps(t.app, caller, { batchId, taps: 2 + i }),
            syncTaps(other, caller, { batchId, taps: 2 + i }),
          ]).then((pair) => ({ pair, round }));
        }),
      ),
    );
    for (const { pair } of answers) {
      expect(pair.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(pair.filter((res) => res.json().replayed === false)).toHaveLength(1);
    }
    for (const [i, caller] of callers.entries()) {
      const after = await getJson<{ points: number; totalTaps: number }>(
        t.app,
        caller,
        `/api/user/${caller.id}/points`,
      );
      expect(after.totalTaps).toBe(1 + rounds * (2 + i));
      expect(Math.round(after.points * 1_000_000)).toBe(
        Math.round(before[i]!.points * 1_000_000) + rounds * (2 + i) * 1_000,
      );
    }
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});
