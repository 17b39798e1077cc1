/**
 * Live events of every change a screen shows (docs/api.md, Live events), driven through the real routes and
 * read from a real stream: each type with the figures after its change, to the right streams only.
 */
import { describe, expect, it } from "vitest";
import { createHdWallet } from "#server/chain/keys.ts";
import { DEVNET_CONFIRM_MS } from "#server/chain/local/devnet-gateway.ts";
import { listOutboxMailFor } from "#server/db/repos/mail-outbox.repo.ts";
import { scanAllDeposits } from "#server/domain/wallet/deposits.ts";
import { advanceOpenWithdrawals } from "#server/domain/wallet/usdt-withdrawal.ts";
import { ACHIEVEMENT_REWARD_DEFAULTS as REWARDS } from "#server/settings.ts";
import { adminPost, anotherDevice, openStream, signInAdmin } from "./helpers/live.ts";
import {
  type Caller,
  fundViaDevnet,
  purchase,
  randomKey,
  sessionCaller,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import type { SseClient, SseFrame } from "./helpers/sse-client.ts";
import {
  bearer,
  setupTestApp,
  signUpAndLogIn,
  TEST_MNEMONIC,
  uniqueEmail,
  withdrawalsUnheld,
} from "./helpers/test-app.ts";

// A withdrawal's statuses along the chain path: first withdrawals go out without review
// (WITHDRAWAL_REVIEW_FIRST=false); the held ones' events are in fair-play-held.test.ts.
const t = setupTestApp({ config: withdrawalsUnheld() });
const OUTSIDE = createHdWallet(TEST_MNEMONIC).addressAt(9_999);

async function newCaller(): Promise<Caller> {
  return sessionCaller(await signUpAndLogIn(t.app));
}

/** Frames by type (a transaction's events come in one burst; their order inside it is not promised). */
const byType = (frames: SseFrame[]) => Object.fromEntries(frames.map((frame) => [frame.event, frame.data]));

/** The next frames that carry an id (an admin's stream also gets admin.metrics snapshots, without one). */
async function logged(stream: SseClient, count: number): Promise<SseFrame[]> {
  const frames: SseFrame[] = [];
  while (frames.length < count) {
    const frame = await stream.next();
    if (frame.id !== undefined) frames.push(frame);
  }
  return frames;
}

describe("user events", () => {
  it("points: a tap sync from any device reaches every stream of the user", async () => {
    const caller = await newCaller();
    const otherDevice = await anotherDevice(t.app, caller);
    const [phone, laptop] = [await openStream(t.app, caller), await openStream(t.app, otherDevice)];
    const res = await syncTaps(t.app, otherDevice, { taps: 40 });
    expect(res.statusCode).toBe(200);
    // The first tap also unlocks `first-tap`: its event follows the points that include its reward.
    const expected = [
      {
        id: "1",
        event: "points",
        data: { points: 0.04 + REWARDS["first-tap"], totalTaps: 40, multiplier: 0.001 },
      },
      {
        id: "2",
        event: "achievement",
        data: { id: "first-tap", name: "First Tap", rewardPoints: REWARDS["first-tap"] },
      },
    ];
    expect(await phone.take(2)).toEqual(expected);
    expect(await laptop.take(2)).toEqual(expected);
    expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
    expect(await phone.next()).toMatchObject({ id: "3", data: { totalTaps: 41 } });
    expect(await phone.rest()).toEqual([]);
    phone.close();
    laptop.close();
  });

  it("purchase: points, wallet and multiplier after the change, in one burst", async () => {
    const caller = await newCaller();
    expect((await fundViaDevnet(t.app, caller.email, 30, 150)).statusCode).toBe(200);
    const stream = await openStream(t.app, caller);
    const res = await purchase(t.app, caller, { multiplier_value: 0.005 });
    expect(res.statusCode).toBe(200);
    const frames = await stream.take(4);
    expect(frames.map((frame) => frame.id)).toEqual(["3", "4", "5", "6"]);
    expect(byType(frames)).toEqual({
      points: { points: 50 + REWARDS["first-multiplier"], totalTaps: 0, multiplier: 0.005 },
      wallet: { balance: 20 },
      multiplier: { multiplier: 0.005 },
      achievement: {
        id: "first-multiplier",
        name: "Upgraded",
        rewardPoints: REWARDS["first-multiplier"],
      },
    });
    expect(await stream.rest()).toEqual([]);
    stream.close();
  });

  it("withdraw-rewards and devnet grants: points and wallet", async () => {
    const caller = await newCaller();
    const stream = await openStream(t.app, caller);
    expect((await fundViaDevnet(t.app, caller.email, 2, 10)).statusCode).toBe(200);
    expect(byType(await stream.take(2))).toEqual({
      points: { points: 10, totalTaps: 0, multiplier: 0.001 },
      wallet: { balance: 2 },
    });
    expect((await withdrawRewards(t.app, caller, { amount: 4 })).statusCode).toBe(200);
    expect(byType(await stream.take(3))).toEqual({
      points: { points: 6 + REWARDS["first-withdrawal"], totalTaps: 0, multiplier: 0.001 },
      wallet: { balance: 6 },
      achievement: {
        id: "first-withdrawal",
        name: "First Withdrawal",
        rewardPoints: REWARDS["first-withdrawal"],
      },
    });
    stream.close();
  });

  it("deposit: pending when the watcher first sees it, then credited with the new balance", async () => {
    const caller = await newCaller();
    const generated = await t.app.inject({
      method: "POST",
      url: "/api/wallet/generate",
      headers: bearer(caller.token),
      payload: { type: "trc20" },
    });
    const { address } = generated.json<{ address: string }>();
    const stream = await openStream(t.app, caller);
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/devnet/deposit",
      payload: { address, amount: 12.5 },
    });
    const { txId } = sent.json<{ txId: string }>();
    await scanAllDeposits(t.app.ctx);
    await scanAllDeposits(t.app.ctx);
    expect(await stream.next()).toEqual({
      id: "1",
      event: "deposit",
      data: { txId, amount: 12.5, status: "pending" },
    });
    t.clock.advance(DEVNET_CONFIRM_MS + 1);
    await scanAllDeposits(t.app.ctx);
    await scanAllDeposits(t.app.ctx);
    expect(byType(await stream.take(4))).toEqual({
      deposit: { txId, amount: 12.5, status: "credited" },
      wallet: { balance: 12.5 },
      points: { points: REWARDS["first-deposit"], totalTaps: 0, multiplier: 0.001 },
      achievement: { id: "first-deposit", name: "First Deposit", rewardPoints: REWARDS["first-deposit"] },
    });
    expect(await stream.rest()).toEqual([]);
    stream.close();
  });

  it("withdrawal: each status its owner can see, with the wallet when money is reserved", async () => {
    const caller = await newCaller();
    expect((await fundViaDevnet(t.app, caller.email, 310)).statusCode).toBe(200);
    const stream = await openStream(t.app, caller);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/wallet/token/transfer",
      headers: { ...bearer(caller.token), "idempotency-key": randomKey() },
      payload: { to: OUTSIDE, amount: 300 },
    });
    expect(res.statusCode).toBe(202);
    const { id } = res.json<{ withdrawal: { id: string } }>().withdrawal;
    expect(byType(await stream.take(2))).toEqual({
      withdrawal: { id, amount: 300, status: "pending", txId: null },
      wallet: { balance: 10 },
    });
    await t.app.ctx.background.drain();
    const signed = await stream.next();
    expect(signed).toMatchObject({
      event: "withdrawal",
      data: { id, status: "pending", txId: expect.any(String) },
    });
    t.clock.advance(DEVNET_CONFIRM_MS + 1);
    await advanceOpenWithdrawals(t.app.ctx);
    // Confirmed, it is the user's first withdrawal: `first-withdrawal` unlocks in the same transaction.
    expect(byType(await stream.take(3))).toEqual({
      withdrawal: {
        id,
        amount: 300,
        status: "confirmed",
        txId: (signed.data as { txId: string }).txId,
      },
      points: { points: REWARDS["first-withdrawal"], totalTaps: 0, multiplier: 0.001 },
      achievement: {
        id: "first-withdrawal",
        name: "First Withdrawal",
        rewardPoints: REWARDS["first-withdrawal"],
      },
    });
    expect(await stream.rest()).toEqual([]);
    stream.close();
  });
});

describe("admin events", () => {
  it("fund-wallet and update-multiplier reach the user and, as audit entries, every admin", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    const [adminStream, userStream] = [await openStream(t.app, admin), await openStream(t.app, caller)];
    expect((await adminStream.next()).event).toBe("admin.metrics");

    const funded = await adminPost(t.app, admin, "fund-wallet", { userId: caller.id, amount: 7 });
    expect(funded.statusCode).toBe(200);
    expect(await userStream.next()).toMatchObject({ event: "wallet", data: { balance: 7 } });
    const [audit] = await logged(adminStream, 1);
    const listed = await t.app.inject({ url: "/api/admin/audit-log?limit=1", headers: bearer(admin.token) });
    expect(audit).toEqual({
      id: expect.stringMatching(/^\d+\.\d+$/),
      event: "admin.audit",
      data: listed.json().items[0],
    });
    expect(audit?.data).toMatchObject({ action: "fund-wallet", target: caller.email, amount: 7 });

    const changed = await adminPost(t.app, admin, "update-multiplier", {
      userId: caller.id,
      multiplier: 0.25,
    });
    expect(changed.statusCode).toBe(200);
    expect(byType(await userStream.take(2))).toEqual({
      points: { points: 0, totalTaps: 0, multiplier: 0.25 },
      multiplier: { multiplier: 0.25 },
    });
    expect((await logged(adminStream, 1))[0]?.data).toMatchObject({
      action: "update-multiplier",
      amount: 0.25,
    });

    const created = await adminPost(t.app, admin, "create-admin", {
      email: uniqueEmail("second-admin"),
      password: "second admin passphrase",
      name: "Second",
    });
    expect(created.statusCode).toBe(201);
    expect((await logged(adminStream, 1))[0]?.data).toMatchObject({ action: "create-admin", amount: null });
    // A user's stream never carries the back office's events.
    expect(await userStream.rest()).toEqual([]);
    adminStream.close();
    userStream.close();
  });

  it("admin.metrics: a snapshot on open, then the new figures after a change, at most once a second", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    const stream = await openStream(t.app, admin);
    const first = await stream.next();
    expect(first).toEqual({
      event: "admin.metrics",
      data: expect.objectContaining({ totalPoints: expect.any(Number) }),
    });
    const metrics = await t.app.inject({ url: "/api/admin/metrics", headers: bearer(admin.token) });
    expect(first.data).toEqual(metrics.json());

    const started = Date.now();
    for (let i = 0; i < 10; i += 1)
      expect((await syncTaps(t.app, caller, { taps: 100 })).statusCode).toBe(200);
    const updates = (await stream.rest(1_500)).filter((frame) => frame.event === "admin.metrics");
    const elapsed = Date.now() - started;
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
    const last = updates.at(-1)?.data as { totalPoints: number };
    // 1 000 taps at 0.001, and the rewards of the goals they reached (`first-tap`, `taps-1k`).
    const earned = 1 + REWARDS["first-tap"] + REWARDS["taps-1k"];
    expect(last.totalPoints).toBeCloseTo((first.data as { totalPoints: number }).totalPoints + earned, 6);
    // A sign-up has no event of its own, but moves the figures too.
    const users = (last as unknown as { totalUsers: number }).totalUsers;
    await signUpAndLogIn(t.app);
    const afterSignUp = (await stream.rest(1_500)).filter((frame) => frame.event === "admin.metrics").at(-1);
    expect(afterSignUp?.data).toMatchObject({ totalUsers: users + 1 });
    stream.close();
  });
});

describe("session events", () => {
  it("logout ends only the streams of that session family, after a session frame", async () => {
    const caller = await newCaller();
    const other = await anotherDevice(t.app, caller);
    const [leaving, staying] = [await openStream(t.app, caller), await openStream(t.app, other)];
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: bearer(caller.token),
    });
    expect(out.statusCode).toBe(204);
    expect(await leaving.next()).toEqual({ id: "1", event: "session", data: { reason: "logout" } });
    await leaving.untilEnded();
    expect((await syncTaps(t.app, other, { taps: 3 })).statusCode).toBe(200);
    expect(await staying.next()).toMatchObject({ id: "2", event: "points" });
    expect(staying.ended).toBe(false);
    staying.close();
  });

  it("a password reset ends every stream of the account", async () => {
    const caller = await newCaller();
    const other = await anotherDevice(t.app, caller);
    const streams = [await openStream(t.app, caller), await openStream(t.app, other)];
    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: caller.email },
    });
    await t.app.ctx.background.drain();
    const [mail] = await listOutboxMailFor(t.database.handle.db, caller.email);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? "")?.[1];
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "a brand new passphrase" },
    });
    expect(res.statusCode).toBe(200);
    for (const stream of streams) {
      expect(await stream.next()).toEqual({ id: "1", event: "session", data: { reason: "password-reset" } });
      await stream.untilEnded();
    }
  });
});
