/**
 * Referrals (docs/api.md, Economy; docs/decisions/022): a friend binds their referrer once, at sign-up, with
 * the referrer's code; each tap batch of the friend mints the referrer's share (here 7 %, so rounding shows)
 * in the same transaction, once per batch under replays and races, never past the daily cap (here 1 point),
 * which a new UTC day resets. Batch ids are the client's and unique per friend only, so two friends of one
 * referrer may send the same id: each share is keyed by friend and batch. GET /referrals shows names only.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { moveTo, pointsOf, signInAgain } from "./helpers/economy.ts";
import { openStream } from "./helpers/live.ts";
import { type Caller, getJson, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { logIn, setupTestApp, signUpAndLogIn, testConfig, uniqueEmail } from "./helpers/test-app.ts";

const FIRST_REFERRAL_POINTS = 5;
const t = setupTestApp({
  config: {
    signupLimitPerIpHour: 0,
    economy: { ...testConfig().economy, referrals: { sharePercent: 7, dailyCapMicro: 1_000_000 } },
  },
});
const db = () => t.database.handle.db;
const PASSWORD = "correct horse battery";

interface ReferralsView {
  code: string;
  link: string;
  invited: number;
  earnedPoints: number;
  earnedToday: number;
  dailyCap: number;
  sharePercent: number;
  friends: { name: string; joinedAt: string; earnedForYou: number }[];
}

const referralsOf = (caller: Caller) => getJson<ReferralsView>(t.app, caller, "/api/referrals");

function signUpWith(body: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email: uniqueEmail(), password: PASSWORD, name: "Friend", ...body },
  });
}

/** A friend who signed up with `code`, signed in. */
async function friendOf(code: string, name = "Friend"): Promise<Caller> {
  const email = uniqueEmail();
  const res = await signUpWith({ email, name, referralCode: code });
  expect(res.statusCode, res.body).toBe(201);
  return sessionCaller((await logIn(t.app, { email, password: PASSWORD })).json());
}

async function sync(caller: Caller, taps: number, batchId: string = randomUUID()) {
  const res = await syncTaps(t.app, caller, { batchId, taps });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ points: number; credited: { taps: number; points: number } }>();
}

async function referralMovements(userId: string) {
  const { rows } = await sql<{ key: string; delta_micro: number }>`
    SELECT idempotency_key AS key, delta_micro FROM points_movements
    WHERE user_id = ${userId} AND kind = 'referral' ORDER BY id`.execute(db());
  return rows;
}

describe("binding at sign-up", () => {
  it("a code binds its owner once: the card lists the friend by name, first-referral pays once, the referrer's screens hear it", async () => {
    const referrer = sessionCaller(await signUpAndLogIn(t.app, { name: "Inviter" }));
    const before = await referralsOf(referrer);
    expect(before).toMatchObject({
      invited: 0,
      earnedPoints: 0,
      earnedToday: 0,
      dailyCap: 1,
      sharePercent: 7,
      friends: [],
    });
    expect(before.code).toMatch(/^[A-Za-z0-9_-]{4,32}$/);
    expect(before.link).toBe(`${t.app.ctx.config.publicUrl}/auth?mode=signup&ref=${before.code}`);

    const stream = await openStream(t.app, referrer);
    await friendOf(before.code, "Ada");
    t.clock.advance(1_000);
    const nameless = await friendOf(before.code, "Bob");
    // Sign-up requires a name; an account without one (as a Telegram sign-in may make) shows a stand-in.
    await db().updateTable("users").set({ name: "" }).where("id", "=", nameless.id).execute();
    const after = await referralsOf(referrer);
    expect(after.invited).toBe(2);
    expect(after.friends.map((friend) => friend.name)).toEqual([`Player ${nameless.id.slice(0, 6)}`, "Ada"]);
    expect(await pointsOf(t.app, referrer)).toMatchObject({ points: FIRST_REFERRAL_POINTS });
    const frames = await stream.take(4);
    expect(frames.filter((frame) => frame.event === "referral").map((frame) => frame.data)).toEqual([
      { invited: 1, earnedPoints: 0, earnedToday: 0 },
      { invited: 2, earnedPoints: 0, earnedToday: 0 },
    ]);
    expect(frames.filter((frame) => frame.event === "achievement")).toHaveLength(1);
    stream.close();
  });

  it("an unknown code is ignored (the account is still made); a malformed one is refused and makes nothing", async () => {
    const unknown = await signUpWith({ referralCode: "nobody-has-this-code" });
    expect(unknown.statusCode, unknown.body).toBe(201);
    const id = unknown.json<{ user: { id: string } }>().user.id;
    const row = await db()
      .selectFrom("users")
      .select("referred_by")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.referred_by).toBeNull();

    const email = uniqueEmail();
    for (const referralCode of ["has space", "é-accent", "ab", "x".repeat(33), 42]) {
      const refused = await signUpWith({ email, referralCode });
      expect(refused.statusCode, String(referralCode)).toBe(400);
    }
    expect(
      await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("the per-IP sign-up limit applies to sign-ups with a code too", async () => {
    const limited = await setupLimitedApp();
    const referrer = sessionCaller(await signUpAndLogIn(limited, {}));
    const { code } = await getJson<ReferralsView>(limited, referrer, "/api/referrals");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await limited.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { email: uniqueEmail(), password: PASSWORD, name: "Farm", referralCode: code },
        remoteAddress: "203.0.113.9",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await getJson<ReferralsView>(limited, referrer, "/api/referrals")).invited).toBe(2);
  });
});

/** A second app on the same database whose sign-up limit is 2 an hour per address. */
async function setupLimitedApp() {
  return t.buildAnother({ config: { signupLimitPerIpHour: 2 } });
}

describe("the share", () => {
  it("is 7 % of the batch's points rounded down to the micro-point, paid once per batch under replays", async () => {
    const referrer = sessionCaller(await signUpAndLogIn(t.app));
    const friend = await friendOf((await referralsOf(referrer)).code);
    const batchId = randomUUID();
    // 13 taps × 0.001 = 0.013 points; 7 % is 0.00091.
    const first = await sync(friend, 13, batchId);
    expect(first.credited).toEqual({ taps: 13, points: 0.013, comboBonus: 0 });
    for (let i = 0; i < 3; i += 1) await sync(friend, 13, batchId);
    await sync(friend, 3);
    // 3 taps: 0.003 points; 7 % is 0.00021.
    expect(await referralMovements(referrer.id)).toEqual([
      { key: `referral:${friend.id}:${batchId}`, delta_micro: 910 },
      { key: expect.stringMatching(/^referral:/), delta_micro: 210 },
    ]);
    expect(await pointsOf(t.app, referrer)).toMatchObject({ points: FIRST_REFERRAL_POINTS + 0.00112 });
    // The friend keeps all of theirs.
    expect(await pointsOf(t.app, friend)).toMatchObject({ points: 0.016, totalTaps: 16 });
    const view = await referralsOf(referrer);
    expect(view).toMatchObject({ invited: 1, earnedPoints: 0.00112, earnedToday: 0.00112 });
    expect(view.friends).toEqual([{ name: "Friend", joinedAt: expect.any(String), earnedForYou: 0.00112 }]);
  });

  it("concurrent syncs of several friends: the referrer gets exactly the sum of the shares, and the books agree", async () => {
    const referrer = sessionCaller(await signUpAndLogIn(t.app));
    const { code } = await referralsOf(referrer);
    const friends = await Promise.all([1, 2, 3, 4, 5].map(() => friendOf(code)));
    const batches = friends.flatMap((friend) => [1, 2, 3, 4].map((n) => ({ friend, taps: 10 * n + 1 })));
    // Each batch sent twice at once: a race between a send and its retry.
    const answers = await Promise.all(
      batches.flatMap(({ friend, taps }) => {
        const batchId = randomUUID();
        return [sync(friend, taps, batchId), sync(friend, taps, batchId)];
      }),
    );
    expect(answers).toHaveLength(40);
    const expected = batches.reduce((sum, { taps }) => sum + Math.floor((taps * 1000 * 7) / 100), 0);
    const movements = await referralMovements(referrer.id);
    expect(movements).toHaveLength(batches.length);
    expect(movements.reduce((sum, m) => sum + m.delta_micro, 0)).toBe(expected);
    const { rows } = await sql<{ earned: number; day: number }>`
      SELECT (SELECT sum(earned_micro) FROM referrals WHERE referrer_id = ${referrer.id})::bigint AS earned,
        (SELECT sum(shared_micro) FROM referral_days WHERE referrer_id = ${referrer.id})::bigint AS day`.execute(
      db(),
    );
    expect(rows[0]).toEqual({ earned: expected, day: expected });
    expect(Math.round((await pointsOf(t.app, referrer)).points * 1e6)).toBe(
      FIRST_REFERRAL_POINTS * 1e6 + expected,
    );
  });

  it("stops at the daily cap (the share reaching it is cut) and starts again the next UTC day", async () => {
    let referrer = sessionCaller(await signUpAndLogIn(t.app));
    let friend = await friendOf((await referralsOf(referrer)).code);
    // Start a fresh UTC day with a full tap budget, well before its end.
    moveTo(t.clock, (Math.floor(t.clock().getTime() / 86_400_000) + 1) * 86_400_000 + 3_600_000);
    [referrer, friend] = [await signInAgain(t.app, referrer), await signInAgain(t.app, friend)];
    // 1 500 taps: 1.5 points, a share of 0.105 each; the cap of 1 point is reached in the 10th batch.
    const shares: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const before = (await referralsOf(referrer)).earnedPoints;
      expect((await sync(friend, 1_500)).credited.taps).toBe(1_500);
      shares.push(Math.round(((await referralsOf(referrer)).earnedPoints - before) * 1e6));
      t.clock.advance(80_000);
    }
    expect(shares).toEqual([...Array(9).fill(105_000), 55_000, 0]);
    expect((await referralsOf(referrer)).earnedToday).toBe(1);

    moveTo(t.clock, (Math.floor(t.clock().getTime() / 86_400_000) + 1) * 86_400_000);
    [referrer, friend] = [await signInAgain(t.app, referrer), await signInAgain(t.app, friend)];
    await sync(friend, 1_000);
    expect(await referralsOf(referrer)).toMatchObject({ earnedToday: 0.07, earnedPoints: 1.07 });
  });
});

describe("batch ids are unique per friend only", () => {
  const shareOf = (taps: number) => Math.floor((taps * 1000 * 7) / 100);

  async function syncAnswer(caller: Caller, taps: number, batchId: string) {
    const res = await syncTaps(t.app, caller, { batchId, taps });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ replayed: boolean; credited: { taps: number; points: number } }>();
  }

  it("two friends sending the same batch id are each credited, and the referrer is paid each share once", async () => {
    const referrer = sessionCaller(await signUpAndLogIn(t.app));
    const { code } = await referralsOf(referrer);
    const [ada, bob] = [await friendOf(code, "Ada"), await friendOf(code, "Bob")];
    const batchId = randomUUID();
    // The first sync of each friend (no rewards row yet: the locking path), then a later one (hinted).
    for (const [taps, id] of [
      [11, batchId],
      [5, randomUUID()],
    ] as const) {
      expect(await syncAnswer(ada, taps, id)).toMatchObject({ replayed: false, credited: { taps } });
      expect(await syncAnswer(bob, taps + 2, id)).toMatchObject({
        replayed: false,
        credited: { taps: taps + 2 },
      });
    }
    const later = randomUUID();
    await syncAnswer(ada, 3, later);
    await syncAnswer(bob, 4, later);
    const paid = await referralMovements(referrer.id);

    // Replays of either friend answer what was stored and pay nothing more.
    for (const [friend, taps, id] of [
      [ada, 11, batchId],
      [bob, 13, batchId],
      [ada, 3, later],
      [bob, 4, later],
    ] as const) {
      expect(await syncAnswer(friend, taps, id)).toMatchObject({ replayed: true, credited: { taps } });
    }
    expect(await referralMovements(referrer.id)).toEqual(paid);
    expect(paid).toHaveLength(6);
    expect(paid).toEqual(
      expect.arrayContaining([
        { key: `referral:${ada.id}:${batchId}`, delta_micro: shareOf(11) },
        { key: `referral:${bob.id}:${batchId}`, delta_micro: shareOf(13) },
        { key: `referral:${ada.id}:${later}`, delta_micro: shareOf(3) },
        { key: `referral:${bob.id}:${later}`, delta_micro: shareOf(4) },
      ]),
    );
    expect(await pointsOf(t.app, ada)).toMatchObject({ totalTaps: 19 });
    expect(await pointsOf(t.app, bob)).toMatchObject({ totalTaps: 24 });
    const expected = shareOf(11) + shareOf(13) + shareOf(5) + shareOf(7) + shareOf(3) + shareOf(4);
    expect(Math.round((await pointsOf(t.app, referrer)).points * 1e6)).toBe(
      FIRST_REFERRAL_POINTS * 1e6 + expected,
    );
    const view = await referralsOf(referrer);
    expect(view.earnedPoints * 1e6).toBeCloseTo(expected, 3);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });

  it("friends and a stranger sending the same batch ids in one turn, each with a retry, are credited once each", async () => {
    const referrer = sessionCaller(await signUpAndLogIn(t.app));
    const { code } = await referralsOf(referrer);
    const friends = await Promise.all([1, 2, 3, 4].map(() => friendOf(code)));
    // A player with no referrer, whose hinted syncs go out in one group statement with others of the turn.
    const stranger = sessionCaller(await signUpAndLogIn(t.app));
    // Half of the friends tapped before (a hint on this instance: the one-statement write is tried first and
    // hands the share to the locking transaction); the others send their first batch (no rewards row yet).
    for (const caller of [...friends.slice(0, 2), stranger]) await syncAnswer(caller, 1, randomUUID());
    const paidBefore = (await referralMovements(referrer.id)).length;
    const batchIds = [randomUUID(), randomUUID()];
    const senders = [...friends, stranger];
    const answers = await Promise.all(
      batchIds.flatMap((batchId, round) =>
        senders.flatMap((caller, i) => {
          const taps = 10 + i + round * 5;
          // A send and its retry at once.
          return [syncAnswer(caller, taps, batchId), syncAnswer(caller, taps, batchId)];
        }),
      ),
    );
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(senders.length * batchIds.length);
    const movements = (await referralMovements(referrer.id)).slice(paidBefore);
    const expectedKeys = batchIds.flatMap((batchId) =>
      friends.map((friend) => `referral:${friend.id}:${batchId}`),
    );
    expect(movements.map((m) => m.key).sort()).toEqual(expectedKeys.sort());
    const expected = batchIds.reduce(
      (sum, _, round) => sum + friends.reduce((inner, _f, i) => inner + shareOf(10 + i + round * 5), 0),
      0,
    );
    expect(movements.reduce((sum, m) => sum + m.delta_micro, 0)).toBe(expected);
    for (const [i, caller] of senders.entries()) {
      const warmed = i < 2 || caller === stranger ? 1 : 0;
      expect((await pointsOf(t.app, caller)).totalTaps).toBe(warmed + 10 + i + 15 + i);
    }
    expect(await referralMovements(stranger.id)).toEqual([]);
    expect(await checkLedgerInvariants(db())).toEqual([]);
  });
});
