/**
 * The periodic risk scan (docs/fair-play.md), driven round by round as the leased job runs it: fresh-withdrawal
 * (a USDT withdrawal asked within 24 hours of sign-up), referral-farm (a referrer with 5 or more friends that
 * carry a signal, and those friends), round-the-clock (taps in 18 or more hours of a UTC day); each read from
 * its mark, so a second round raises nothing again; a person's seeded day raises nothing.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createHdWallet } from "#server/chain/keys.ts";
import { scanRisk } from "#server/domain/fair-play/risk-scan.ts";
import { runMaintenance } from "#server/domain/maintenance.ts";
import { seededRandom } from "../../tools/simulate/prng.ts";
import { personBatches } from "../../tools/simulate/traces.ts";
import { moveTo, signInAgain } from "./helpers/economy.ts";
import { type Caller, fundViaDevnet, keyedPost, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { logIn, setupTestApp, signUpAndLogIn, TEST_MNEMONIC } from "./helpers/test-app.ts";

const t = setupTestApp();
const db = () => t.database.handle.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const destination = createHdWallet(TEST_MNEMONIC).addressAt(5000);
const newCaller = async () => sessionCaller(await signUpAndLogIn(t.app));
const scan = () => scanRisk(t.app.ctx);

async function signalsOf(userId: string) {
  const rows = await db()
    .selectFrom("risk_signals")
    .select(["signal", "evidence"])
    .where("user_id", "=", userId)
    .orderBy("signal")
    .execute();
  return rows;
}

/** Keeps a caller's access token fresh while the suite's clock runs ahead. */
async function fresh(caller: Caller & { at?: number }): Promise<Caller & { at: number }> {
  const at = caller.at ?? t.clock().getTime();
  if (t.clock().getTime() - at < 50 * 60_000) return { ...caller, at };
  return { ...(await signInAgain(t.app, caller)), at: t.clock().getTime() };
}

describe("fresh-withdrawal", () => {
  it("is raised on a USDT withdrawal asked within 24 hours of sign-up, not on one asked later", async () => {
    const early = await newCaller();
    expect((await fundViaDevnet(t.app, early.email, 400)).statusCode).toBe(200);
    const asked = await keyedPost(t.app, early, "/wallet/token/transfer", { to: destination, amount: 300 });
    expect(asked.statusCode).toBe(202);
    const late = await newCaller();
    expect((await fundViaDevnet(t.app, late.email, 400)).statusCode).toBe(200);
    await t.app.ctx.background.drain();

    expect(await scan()).toMatchObject({ freshWithdrawals: 1 });
    const [signal] = await signalsOf(early.id);
    expect(signal?.signal).toBe("fresh-withdrawal");
    expect(signal?.evidence).toMatch(
      /^asked to withdraw 300 USDT at .* after signing up \(the rule: within 24 hours\)$/,
    );
    // Read again from its mark: nothing is raised twice.
    expect(await scan()).toMatchObject({ freshWithdrawals: 0 });

    t.clock.advance(DAY + HOUR);
    const later = await signInAgain(t.app, late);
    const res = await keyedPost(t.app, later, "/wallet/token/transfer", { to: destination, amount: 300 });
    expect(res.statusCode).toBe(202);
    await t.app.ctx.background.drain();
    expect(await scan()).toMatchObject({ freshWithdrawals: 0 });
    expect(await signalsOf(late.id)).toEqual([]);
  });
});

describe("referral-farm", () => {
  /** Ten batches of 25 taps without timing: `no-timing`, raised by the sync. */
  async function scriptTaps(friend: Caller) {
    for (let i = 0; i < 10; i += 1) {
      expect((await syncTaps(t.app, friend, { taps: 25 })).statusCode).toBe(200);
      t.clock.advance(6_000);
    }
    await t.app.ctx.background.drain();
  }

  it("is raised on a referrer once 5 of its friends carry a signal, and on those friends", async () => {
    const referrer = await newCaller();
    const { referral_code: code } = await db()
      .selectFrom("users")
      .select("referral_code")
      .where("id", "=", referrer.id)
      .executeTakeFirstOrThrow();
    const friends: Caller[] = [];
    for (let i = 0; i < 6; i += 1) {
      const account = {
        email: `friend-${randomUUID()}@example.com`,
        password: "correct horse battery",
        name: "F",
      };
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { ...account, referralCode: code },
      });
      expect(res.statusCode).toBe(201);
      friends.push(sessionCaller((await logIn(t.app, account)).json()));
    }
    const [honest, ...farm] = friends as [Caller, ...Caller[]];
    for (const friend of farm.slice(0, 4)) await scriptTaps(friend);
    await scan();
    expect(await signalsOf(referrer.id)).toEqual([]);

    await scriptTaps(farm[4] as Caller);
    expect(await scan()).toMatchObject({ referralFarms: 6 });
    const onReferrer = await signalsOf(referrer.id);
    expect(onReferrer.map((s) => s.signal)).toEqual(["referral-farm"]);
    expect(onReferrer[0]?.evidence).toMatch(/^5 friends this account invited carry a signal/);
    for (const friend of farm) {
      expect((await signalsOf(friend.id)).map((s) => s.signal)).toEqual(["no-timing", "referral-farm"]);
    }
    expect(await signalsOf(honest.id)).toEqual([]);
    expect(await scan()).toMatchObject({ referralFarms: 0 });
  });
});

describe("round-the-clock", () => {
  it("is raised on taps in 18 hours of a UTC day, once the hour has passed; not on 17, nor on a person's day", async () => {
    let bot = await fresh(await newCaller());
    let almost = await fresh(await newCaller());
    let person = await fresh(await newCaller());
    const midnight = Math.ceil(t.clock().getTime() / DAY) * DAY;
    const trace = personBatches(seededRandom(5), 1);
    let next = 0;
    for (let hour = 0; hour < 18; hour += 1) {
      moveTo(t.clock, Math.max(t.clock().getTime(), midnight + hour * HOUR));
      // The hour's first round: it reads the hours of the day so far.
      await scan();
      // The person's batches of this hour, as the seeded trace sends them.
      for (; next < trace.length && (trace[next]?.atMs ?? 0) < (hour + 1) * HOUR; next += 1) {
        const batch = trace[next]!;
        moveTo(t.clock, midnight + batch.atMs);
        person = await fresh(person);
        expect(
          (await syncTaps(t.app, person, { taps: batch.taps, intervals: batch.intervals })).statusCode,
        ).toBe(200);
      }
      moveTo(t.clock, Math.max(t.clock().getTime(), midnight + hour * HOUR + 30 * 60_000));
      bot = await fresh(bot);
      expect((await syncTaps(t.app, bot, { taps: 5, intervals: [90, 110, 130, 70, 100] })).statusCode).toBe(
        200,
      );
      if (hour < 17) {
        almost = await fresh(almost);
        expect(
          (await syncTaps(t.app, almost, { taps: 5, intervals: [90, 110, 130, 70, 100] })).statusCode,
        ).toBe(200);
      }
      await scan();
    }
    expect(await signalsOf(bot.id), "not before the hour has passed").toEqual([]);
    moveTo(t.clock, midnight + 18 * HOUR + 60_000);
    expect(await scan()).toMatchObject({ roundTheClock: 1 });
    const [signal] = await signalsOf(bot.id);
    expect(signal?.signal).toBe("round-the-clock");
    expect(signal?.evidence).toMatch(
      /^taps credited in 18 of the 24 hours of \d{4}-\d\d-\d\d \(UTC\): all but 18:00/,
    );
    expect(await signalsOf(almost.id)).toEqual([]);
    expect(await signalsOf(person.id)).toEqual([]);
    // Once an hour: the next round within the hour reads nothing.
    expect(await scan()).toMatchObject({ roundTheClock: 0 });
    const marks = await db().selectFrom("risk_scan_marks").select("name").orderBy("name").execute();
    expect(marks.map((m) => m.name)).toEqual(["fresh-withdrawal", "referral-farm", "round-the-clock"]);
  });
});

describe("networks", () => {
  it("are noted at sign-up and sign-in, and pruned by the maintenance once unused for 30 days", async () => {
    const account = {
      email: `net-${randomUUID()}@example.com`,
      password: "correct horse battery",
      name: "N",
    };
    const created = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: account,
      remoteAddress: "192.0.2.44",
    });
    const userId = created.json<{ user: { id: string } }>().user.id;
    t.clock.advance(20 * DAY);
    expect((await logIn(t.app, account, "::ffff:198.51.100.9")).statusCode).toBe(200);
    const networks = () =>
      db()
        .selectFrom("account_networks")
        .select(["network", "signed_up"])
        .where("user_id", "=", userId)
        .orderBy("network")
        .execute();
    expect(await networks()).toEqual([
      { network: "192.0.2.44", signed_up: true },
      { network: "198.51.100.9", signed_up: false },
    ]);
    t.clock.advance(11 * DAY);
    expect((await runMaintenance(t.app.ctx)).networks).toBeGreaterThanOrEqual(1);
    expect(await networks()).toEqual([{ network: "198.51.100.9", signed_up: false }]);
  });
});
