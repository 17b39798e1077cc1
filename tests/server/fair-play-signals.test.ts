/**
 * Fair play's signals raised where their data is written (docs/fair-play.md), through the real routes: a
 * metronome's batches raise regular-cadence, batches without timing raise no-timing, twenty minutes at the tap
 * cap raise cap-rate, a burst of sign-ups from one network raises signup-burst on all of it, and a person's
 * seeded traces (tools/simulate/traces.ts) raise nothing. A batch whose intervals do not number its taps is
 * refused and changes nothing.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../tools/simulate/prng.ts";
import { personBatches } from "../../tools/simulate/traces.ts";
import { signedInitData, TEST_BOT_TOKEN } from "../support/telegram-init-data.ts";
import { moveTo, signInAgain } from "./helpers/economy.ts";
import { type Caller, sessionCaller, snapshot, syncTaps } from "./helpers/rewards.ts";
import { metronome } from "./helpers/risk.ts";
import { logIn, setupTestApp, testConfig } from "./helpers/test-app.ts";

const SIGNUPS_PER_NETWORK = 3;
const t = setupTestApp({
  config: {
    fairPlay: { ...testConfig().fairPlay, signupsPerNetwork: SIGNUPS_PER_NETWORK },
    telegramBotToken: TEST_BOT_TOKEN,
  },
});
const db = () => t.database.handle.db;
let nextAddress = 0;
/** A new player, signed up from an address of their own (this suite counts sign-ups per network). */
async function newCaller(): Promise<Caller> {
  nextAddress += 1;
  const remoteAddress = `10.9.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  const account = {
    email: `player-${randomUUID()}@example.com`,
    password: "correct horse battery",
    name: "P",
  };
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: account,
    remoteAddress,
  });
  expect(res.statusCode).toBe(201);
  const login = await logIn(t.app, account, remoteAddress);
  expect(login.statusCode).toBe(200);
  return sessionCaller(login.json());
}
const settle = () => t.app.ctx.background.drain();

async function signalsOf(userId: string) {
  const rows = await db()
    .selectFrom("risk_signals")
    .select(["signal", "evidence"])
    .where("user_id", "=", userId)
    .orderBy("signal")
    .execute();
  return rows;
}

/** Intervals that vary as a finger's do (a coefficient of variation of about 0.3). */
const fingerLike = (taps: number) =>
  Array.from({ length: taps }, (_, i) => [60, 90, 130, 75, 110][i % 5] as number);

describe("a batch's intervals", () => {
  it("refuses intervals that do not number the taps, or a batch of more than 1 000 taps with them; nothing changes", async () => {
    const caller = await newCaller();
    expect((await syncTaps(t.app, caller, { taps: 3 })).statusCode).toBe(200);
    const before = await snapshot(t.app, caller);
    const batchId = randomUUID();
    const cases: Record<string, unknown>[] = [
      { batchId, taps: 5, intervals: [100, 100, 100] },
      { batchId, taps: 2, intervals: [100, 100, 100] },
      { batchId, taps: 5, intervals: [] },
      { batchId, taps: 1_200, intervals: metronome(1_000, 50) },
      { batchId, taps: 1_001, intervals: metronome(1_001, 50) },
      { batchId, taps: 3, intervals: [100, -1, 100] },
      { batchId, taps: 3, intervals: [100, 60_001, 100] },
      { batchId, taps: 3, intervals: [100, 1.5, 100] },
      { batchId, taps: 3, intervals: "100,100,100" },
    ];
    for (const body of cases) {
      const res = await syncTaps(t.app, caller, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json<{ error: { code: string; message: string } }>().error.code).toBe("VALIDATION_ERROR");
    }
    const mismatch = await syncTaps(t.app, caller, cases[0] as Record<string, unknown>);
    expect(mismatch.json<{ error: { message: string } }>().error.message).toBe(
      "body/intervals must hold one interval per tap: 5 taps but 3 intervals",
    );
    expect(await snapshot(t.app, caller)).toEqual(before);

    // The same batch id, sent right, is credited once; sent again, it answers what was stored.
    const good = await syncTaps(t.app, caller, { batchId, taps: 5, intervals: fingerLike(5) });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ credited: { taps: 5 }, replayed: false });
    const replay = await syncTaps(t.app, caller, { batchId, taps: 5, intervals: fingerLike(5) });
    expect(replay.json()).toEqual({ ...good.json<object>(), replayed: true });
    const stored = await db()
      .selectFrom("tap_batches")
      .select(["interval_count", "interval_cv"])
      .where("batch_id", "=", batchId)
      .executeTakeFirstOrThrow();
    expect(stored.interval_count).toBe(5);
    expect(stored.interval_cv).toBeGreaterThan(0.2);
  });
});

describe("signals raised by the tap sync", () => {
  it("regular-cadence: three metronome-even batches of 30 or more taps, not two", async () => {
    const caller = await newCaller();
    for (let i = 0; i < 2; i += 1) {
      expect((await syncTaps(t.app, caller, { taps: 40, intervals: metronome(40) })).statusCode).toBe(200);
      t.clock.advance(6_000);
    }
    await settle();
    expect(await signalsOf(caller.id)).toEqual([]);
    // Finger-like batches in between change nothing; the third even one raises it.
    expect((await syncTaps(t.app, caller, { taps: 40, intervals: fingerLike(40) })).statusCode).toBe(200);
    t.clock.advance(6_000);
    expect((await syncTaps(t.app, caller, { taps: 40, intervals: metronome(40, 61) })).statusCode).toBe(200);
    await settle();
    const [signal, ...others] = await signalsOf(caller.id);
    expect(others).toEqual([]);
    expect(signal?.signal).toBe("regular-cadence");
    expect(signal?.evidence).toMatch(/^3 batches of 30 or more taps spaced almost evenly/);
  });

  it("no-timing: ten batches of 20 or more taps without intervals within 24 hours, not nine", async () => {
    const caller = await newCaller();
    for (let i = 0; i < 9; i += 1) {
      expect((await syncTaps(t.app, caller, { taps: 25 })).statusCode).toBe(200);
      t.clock.advance(6_000);
    }
    // Small batches without timing do not count.
    expect((await syncTaps(t.app, caller, { taps: 19 })).statusCode).toBe(200);
    await settle();
    expect(await signalsOf(caller.id)).toEqual([]);
    t.clock.advance(6_000);
    expect((await syncTaps(t.app, caller, { taps: 25 })).statusCode).toBe(200);
    await settle();
    expect((await signalsOf(caller.id)).map((s) => s.signal)).toEqual(["no-timing"]);
  });

  it("cap-rate: credited taps at 90 % of the cap for RISK_CAP_RATE_MINUTES minutes in a row", async () => {
    const minutes = t.app.ctx.config.fairPlay.capRateMinutes;
    let caller: Caller = await newCaller();
    let signedInAt = t.clock().getTime();
    // A client syncing every 6 s at 19.5 taps a second, its taps timed as a finger's: only the rate is at fault.
    moveTo(t.clock, Math.ceil(t.clock().getTime() / 60_000) * 60_000);
    const batches = (minutes + 1) * 10;
    for (let i = 0; i < batches; i += 1) {
      if (t.clock().getTime() - signedInAt > 50 * 60_000) {
        caller = await signInAgain(t.app, caller);
        signedInAt = t.clock().getTime();
      }
      t.clock.advance(6_000);
      const res = await syncTaps(t.app, caller, { taps: 117, intervals: fingerLike(117) });
      expect(res.statusCode).toBe(200);
      if (i === batches - 12) {
        await settle();
        expect(await signalsOf(caller.id), "a minute short of the rule").toEqual([]);
      }
    }
    await settle();
    const signals = await signalsOf(caller.id);
    expect(signals.map((s) => s.signal)).toEqual(["cap-rate"]);
    expect(signals[0]?.evidence).toMatch(/taps a minute on average, 9\d % of the cap of 1 200/);
  });

  it("a person's seeded day of taps raises nothing", async () => {
    for (const seed of [11, 29]) {
      let caller: Caller = await newCaller();
      let signedInAt = t.clock().getTime();
      const start = Math.ceil(t.clock().getTime() / 86_400_000) * 86_400_000;
      const batches = personBatches(seededRandom(seed), 1);
      expect(batches.length).toBeGreaterThan(20);
      for (const batch of batches) {
        moveTo(t.clock, start + batch.atMs);
        if (t.clock().getTime() - signedInAt > 50 * 60_000) {
          caller = await signInAgain(t.app, caller);
          signedInAt = t.clock().getTime();
        }
        const res = await syncTaps(t.app, caller, { taps: batch.taps, intervals: batch.intervals });
        expect(res.statusCode, res.body).toBe(200);
      }
      await settle();
      expect(await signalsOf(caller.id), `seed ${seed}`).toEqual([]);
    }
  });
});

describe("signup-burst", () => {
  const signUpFrom = async (remoteAddress: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        email: `burst-${randomUUID()}@example.com`,
        password: "correct horse battery",
        name: "Burst",
      },
      remoteAddress,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ user: { id: string } }>().user.id;
  };

  it("raises it on every account of a network that made more than RISK_SIGNUPS_PER_NETWORK in 24 hours", async () => {
    const burst: string[] = [];
    for (let i = 0; i < SIGNUPS_PER_NETWORK; i += 1) burst.push(await signUpFrom("2001:db8:aa:bb::1"));
    // An IPv6 network counts by its /64: another address of it is the same network.
    for (const id of burst) expect(await signalsOf(id)).toEqual([]);
    burst.push(await signUpFrom("2001:db8:aa:bb:ffff::2"));
    for (const id of burst) {
      const signals = await signalsOf(id);
      expect(signals.map((s) => s.signal)).toEqual(["signup-burst"]);
      expect(signals[0]?.evidence).toMatch(/created from network 2001:db8:aa:bb::\/64 within 24 hours/);
    }
    // Another network is not part of it; a day later the network starts again.
    expect(await signalsOf(await signUpFrom("2001:db8:aa:bc::1"))).toEqual([]);
    t.clock.advance(24 * 3_600_000 + 1);
    expect(await signalsOf(await signUpFrom("2001:db8:aa:bb::9"))).toEqual([]);
  });

  let telegramId = 7_000_000_000 + Math.floor(Math.random() * 1_000_000);
  /** POST /auth/telegram as a Telegram user (a new one unless given), from `remoteAddress`. */
  const newTelegramId = () => {
    telegramId += 1;
    return telegramId;
  };
  const telegramFrom = async (remoteAddress: string, id = newTelegramId()) => {
    const initData = signedInitData(
      { user: { id, first_name: "Burst" }, authDate: Math.floor(t.clock().getTime() / 1000) },
      TEST_BOT_TOKEN,
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/telegram",
      payload: { initData },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id, userId: res.json<{ user: { id: string } }>().user.id };
  };

  it("raises it on Telegram sign-ups as on email ones: more than RISK_SIGNUPS_PER_NETWORK from one network", async () => {
    const burst: string[] = [];
    for (let i = 0; i < SIGNUPS_PER_NETWORK; i += 1) burst.push((await telegramFrom("198.51.100.40")).userId);
    for (const id of burst) expect(await signalsOf(id)).toEqual([]);
    // An IPv4-mapped IPv6 address is its IPv4 network.
    burst.push((await telegramFrom("::ffff:198.51.100.40")).userId);
    for (const id of burst) {
      const signals = await signalsOf(id);
      expect(signals.map((s) => s.signal)).toEqual(["signup-burst"]);
      expect(signals[0]?.evidence).toMatch(
        new RegExp(
          `one of ${SIGNUPS_PER_NETWORK + 1} accounts created from network 198\\.51\\.100\\.40 within 24 hours`,
        ),
      );
    }
  });

  it("does not raise it on a person's one Telegram sign-up, however often they sign in again from there", async () => {
    const person = await telegramFrom("198.51.100.41");
    for (let i = 0; i < SIGNUPS_PER_NETWORK + 2; i += 1) {
      t.clock.advance(60_000);
      expect((await telegramFrom("198.51.100.41", person.id)).userId).toBe(person.userId);
    }
    expect(await signalsOf(person.userId)).toEqual([]);
    // Their family's accounts, up to the limit, raise nothing either.
    const family = [];
    for (let i = 1; i < SIGNUPS_PER_NETWORK; i += 1)
      family.push((await telegramFrom("198.51.100.41")).userId);
    for (const id of [person.userId, ...family]) expect(await signalsOf(id)).toEqual([]);
  });
});
