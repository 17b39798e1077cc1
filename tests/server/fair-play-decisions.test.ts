/**
 * Fair play's standing, appeals and decisions (docs/fair-play.md): the score and the status thresholds, one open
 * appeal (also under 20 concurrent ones), the admins' list and detail, and clear / freeze / unfreeze / ban with
 * their answers, their effect on every money route and on signing in, their audit rows and live events.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_BANNED_MESSAGE,
  ACCOUNT_FROZEN_MESSAGE,
  APPEAL_OPEN_MESSAGE,
  STANDING_MESSAGES,
} from "#contracts/fair-play-rules.ts";
import { signedInitData, TEST_BOT_TOKEN } from "../support/telegram-init-data.ts";
import { buyBooster } from "./helpers/economy.ts";
import { signInAdmin } from "./helpers/live.ts";
import {
  type Caller,
  fundViaDevnet,
  getJson,
  purchase,
  sessionCaller,
  snapshot,
  syncTaps,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { appeal, decide, eventsOf, raise, standingOf } from "./helpers/risk.ts";
import { bearer, errorBody, logIn, setupTestApp, signUpAndLogIn, testConfig } from "./helpers/test-app.ts";

const t = setupTestApp({ config: { telegramBotToken: TEST_BOT_TOKEN } });
const db = () => t.database.handle.db;
const config = () => t.app.ctx.config.fairPlay;
const newCaller = async () => sessionCaller(await signUpAndLogIn(t.app));
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string } }>().error;

type RiskItem = {
  userId: string;
  score: number;
  status: string;
  signals: { id: string; weight: number; evidence: string; at: string }[];
  appeal: { at: string; message: string } | null;
};
const riskOf = (admin: Caller, userId: string) =>
  getJson<
    RiskItem & { networks: { network: string; accounts: number }[]; referrer: unknown; friends: unknown[] }
  >(t.app, admin, `/api/admin/users/${userId}/risk`);
const riskList = (admin: Caller, query: string) =>
  getJson<{ items: RiskItem[]; nextCursor: string | null }>(t.app, admin, `/api/admin/risk?${query}`);

describe("score and status", () => {
  it("adds the weights of the signals and puts the account in review from RISK_REVIEW_SCORE, live", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    const { weights, reviewScore } = config();
    expect(await standingOf(t.app, caller)).toEqual({
      status: "ok",
      message: STANDING_MESSAGES.ok,
      appeal: null,
    });

    await raise(t.app, caller.id, "no-timing");
    expect(await riskOf(admin, caller.id)).toMatchObject({ score: weights["no-timing"], status: "ok" });
    // Raised again, a signal counts once.
    await raise(t.app, caller.id, "no-timing");
    expect((await riskOf(admin, caller.id)).score).toBe(weights["no-timing"]);
    expect(await eventsOf(db(), caller.id, "standing")).toEqual([]);

    await raise(t.app, caller.id, "regular-cadence", "cap-rate");
    const score = weights["no-timing"] + weights["regular-cadence"] + weights["cap-rate"];
    expect(score).toBeGreaterThanOrEqual(reviewScore);
    const item = await riskOf(admin, caller.id);
    expect(item).toMatchObject({ score, status: "review" });
    expect(item.signals.map((s) => s.id).sort()).toEqual(["cap-rate", "no-timing", "regular-cadence"]);
    expect(item.signals[0]?.evidence).toMatch(/seen in a test/);
    expect(await standingOf(t.app, caller)).toMatchObject({
      status: "review",
      message: STANDING_MESSAGES.review,
    });
    expect(await eventsOf(db(), caller.id, "standing")).toEqual([{ status: "review" }]);
    expect(await eventsOf(db(), "admins", "admin.risk")).toContainEqual({
      userId: caller.id,
      status: "review",
      score,
    });
    // Review keeps playing: a sync still credits.
    expect((await syncTaps(t.app, caller, { taps: 3 })).statusCode).toBe(200);
  });

  it("stays ok just below the review score, and freezes by itself only from RISK_FREEZE_SCORE > 0", async () => {
    const admin = await signInAdmin(t);
    const { weights } = config();
    const below = await newCaller();
    await raise(t.app, below.id, "fresh-withdrawal");
    expect(await riskOf(admin, below.id)).toMatchObject({ score: weights["fresh-withdrawal"], status: "ok" });

    const freezing = await t.buildAnother({
      config: { fairPlay: { ...testConfig().fairPlay, reviewScore: 30, freezeScore: 60 } },
    });
    const caller = await newCaller();
    await raise(freezing, caller.id, "cap-rate");
    expect((await riskOf(admin, caller.id)).status).toBe("review");
    await raise(freezing, caller.id, "regular-cadence");
    expect(await riskOf(admin, caller.id)).toMatchObject({ status: "frozen", score: 70 });
    const refused = await syncTaps(t.app, caller, { taps: 3 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorBody("ACCOUNT_FROZEN", ACCOUNT_FROZEN_MESSAGE));
    expect(await eventsOf(db(), caller.id, "standing")).toEqual([{ status: "review" }, { status: "frozen" }]);
  });
});

describe("appeals", () => {
  it("files one appeal (3–1000 characters after trimming); a second while it is open is 409 APPEAL_OPEN", async () => {
    const caller = await newCaller();
    for (const message of ["  ab  ", "x".repeat(1001), 42, ""]) {
      const res = await appeal(t.app, caller, message);
      expect(res.statusCode, String(message)).toBe(400);
      expect(errorOf(res).code).toBe("VALIDATION_ERROR");
    }
    expect((await standingOf(t.app, caller)).appeal).toBeNull();

    const filed = await appeal(t.app, caller, "  I tap with both thumbs, honestly.  ");
    expect(filed.statusCode).toBe(200);
    expect(filed.json()).toEqual({ success: true });
    const { appeal: open } = await standingOf(t.app, caller);
    expect(open?.message).toBe("I tap with both thumbs, honestly.");
    expect(await eventsOf(db(), "admins", "admin.risk")).toContainEqual({
      userId: caller.id,
      status: "ok",
      score: 0,
    });

    const again = await appeal(t.app, caller, "Please look again.");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody("APPEAL_OPEN", APPEAL_OPEN_MESSAGE));
  });

  it("keeps exactly one open appeal under 20 concurrent ones", async () => {
    const caller = await newCaller();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => appeal(t.app, caller, `Appeal number ${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await db().selectFrom("appeals").select("id").where("user_id", "=", caller.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe("the admins' list and detail", () => {
  it("lists accounts by score, highest first, by filter, a page at a time", async () => {
    const admin = await signInAdmin(t);
    const [low, high, appealing] = [await newCaller(), await newCaller(), await newCaller()];
    await raise(t.app, low.id, "no-timing");
    await raise(t.app, high.id, "regular-cadence", "referral-farm");
    expect((await appeal(t.app, appealing, "Nothing raised, yet I ask.")).statusCode).toBe(200);

    const all = await riskList(admin, "status=all&limit=100");
    const scores = all.items.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const ids = all.items.map((item) => item.userId);
    expect(ids).toContain(low.id);
    expect(ids).toContain(high.id);
    expect(ids).not.toContain(appealing.id);

    const review = await riskList(admin, "status=review&limit=100");
    expect(review.items.every((item) => item.status === "review")).toBe(true);
    expect(review.items.map((item) => item.userId)).toContain(high.id);
    const appealed = await riskList(admin, "status=appealed&limit=100");
    expect(appealed.items.find((item) => item.userId === appealing.id)).toMatchObject({
      status: "ok",
      score: 0,
      appeal: { message: "Nothing raised, yet I ask." },
    });

    // Page by page, the same accounts in the same order.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await riskList(admin, `status=all&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      paged.push(...page.items.map((item) => item.userId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(ids);

    const bad = await t.app.inject({ url: "/api/admin/risk?cursor=nonsense", headers: bearer(admin.token) });
    expect(bad.statusCode).toBe(400);
    const badFilter = await t.app.inject({
      url: "/api/admin/risk?status=everyone",
      headers: bearer(admin.token),
    });
    expect(badFilter.statusCode).toBe(400);
  });

  it("shows one account's networks with their account counts, its referrer and its friends", async () => {
    const admin = await signInAdmin(t);
    const referrer = await newCaller();
    const { referral_code: code } = await db()
      .selectFrom("users")
      .select("referral_code")
      .where("id", "=", referrer.id)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        email: `friend-${randomUUID()}@example.com`,
        password: "correct horse battery",
        name: "F",
        referralCode: code,
      },
      remoteAddress: "198.51.100.20",
    });
    expect(res.statusCode).toBe(201);
    const friendId = res.json<{ user: { id: string } }>().user.id;
    // A signal too light to put the friend in review on its own: the friend's row shows its score, still ok.
    await raise(t.app, friendId, "no-timing");
    const friendEmail = res.json<{ user: { email: string } }>().user.email;
    expect(
      (await logIn(t.app, { email: friendEmail, password: "correct horse battery" }, "2001:db8:7:8::1"))
        .statusCode,
    ).toBe(200);

    const friend = await riskOf(admin, friendId);
    expect(friend.networks).toEqual(
      expect.arrayContaining([
        { network: "198.51.100.20", accounts: 1 },
        { network: "2001:db8:7:8::/64", accounts: 1 },
      ]),
    );
    expect(friend.referrer).toMatchObject({ userId: referrer.id, status: "ok" });
    const parent = await riskOf(admin, referrer.id);
    expect(parent.friends).toEqual([
      expect.objectContaining({ userId: friendId, score: config().weights["no-timing"], status: "ok" }),
    ]);
    const unknown = await t.app.inject({
      url: `/api/admin/users/${randomUUID()}/risk`,
      headers: bearer(admin.token),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("decisions", () => {
  it("clear: ok, score 0, the signals before it forgotten, the appeal answered; audited with the reason", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    await raise(t.app, caller.id, "regular-cadence", "cap-rate");
    expect((await appeal(t.app, caller, "I am a drummer.")).statusCode).toBe(200);

    const res = await decide(t.app, admin, caller.id, {
      action: "clear",
      reason: "A drummer, checked by video.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: "ok" });
    expect(await riskOf(admin, caller.id)).toMatchObject({
      status: "ok",
      score: 0,
      signals: [],
      appeal: null,
    });
    expect(await standingOf(t.app, caller)).toMatchObject({ status: "ok", appeal: null });
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "reason", "actor_id"])
      .where("action", "=", "risk-clear")
      .where("target", "=", caller.email)
      .execute();
    expect(audit).toEqual([
      { action: "risk-clear", reason: "A drummer, checked by video.", actor_id: admin.id },
    ]);
    // GET /admin/audit-log answers the reason, and so does the live item every admin's Audit Log reads.
    const logged = await t.app.inject({ url: "/api/admin/audit-log?limit=50", headers: bearer(admin.token) });
    expect(logged.statusCode, logged.body).toBe(200);
    const items = logged.json<{ items: { action: string; target: string | null; reason: string | null }[] }>()
      .items;
    expect(items.find((item) => item.action === "risk-clear" && item.target === caller.email)).toMatchObject({
      reason: "A drummer, checked by video.",
    });
    expect(await eventsOf(db(), "admins", "admin.audit")).toContainEqual(
      expect.objectContaining({
        action: "risk-clear",
        target: caller.email,
        reason: "A drummer, checked by video.",
      }),
    );
    expect(await eventsOf(db(), caller.id, "standing")).toEqual([{ status: "review" }, { status: "ok" }]);
    expect(await eventsOf(db(), "admins", "admin.risk")).toContainEqual({
      userId: caller.id,
      status: "ok",
      score: 0,
    });

    // A signal raised after the clear counts alone; the account can appeal again.
    t.clock.advance(1_000);
    await raise(t.app, caller.id, "no-timing");
    expect(await riskOf(admin, caller.id)).toMatchObject({
      score: config().weights["no-timing"],
      status: "ok",
    });
    expect((await appeal(t.app, caller, "Again, please.")).statusCode).toBe(200);
  });

  it("freeze refuses every money route with 403 ACCOUNT_FROZEN and changes nothing; unfreeze gives the status back", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    expect((await fundViaDevnet(t.app, caller.email, 50, 100_000)).statusCode).toBe(200);
    // A hint of the rewards row on this instance, as a player syncing every few seconds leaves.
    expect((await syncTaps(t.app, caller, { taps: 5 })).statusCode).toBe(200);

    const frozen = await decide(t.app, admin, caller.id, { action: "freeze", reason: "Looks scripted." });
    expect(frozen.json()).toEqual({ success: true, status: "frozen" });
    const before = await snapshot(t.app, caller);
    const multipliers = await getJson<{ multiplier_value: number }[]>(
      t.app,
      caller,
      "/api/wallet/multipliers",
    );
    const refusals = [
      await syncTaps(t.app, caller, { taps: 5 }),
      await syncTaps(t.app, caller, { taps: 5, intervals: [100, 120, 90, 140, 80] }),
      await withdrawRewards(t.app, caller, { amount: 1_000 }),
      await purchase(t.app, caller, { multiplier_value: multipliers.at(-1)?.multiplier_value }),
      await buyBooster(t.app, caller, { boosterId: "turbo-2x" }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(errorBody("ACCOUNT_FROZEN", ACCOUNT_FROZEN_MESSAGE));
    }
    expect(await snapshot(t.app, caller)).toEqual(before);
    // Signing in still works, to read the standing and appeal.
    expect((await logIn(t.app, { email: caller.email, password: "correct horse battery" })).statusCode).toBe(
      200,
    );
    expect(await standingOf(t.app, caller)).toMatchObject({
      status: "frozen",
      message: STANDING_MESSAGES.frozen,
    });

    const unfrozen = await decide(t.app, admin, caller.id, {
      action: "unfreeze",
      reason: "Spoke with them.",
    });
    expect(unfrozen.json()).toEqual({ success: true, status: "ok" });
    expect((await syncTaps(t.app, caller, { taps: 5 })).statusCode).toBe(200);

    // With a score at the review threshold, unfreezing gives review back.
    await raise(t.app, caller.id, "regular-cadence", "cap-rate");
    await decide(t.app, admin, caller.id, { action: "freeze", reason: "Again." });
    const back = await decide(t.app, admin, caller.id, { action: "unfreeze", reason: "Held for review." });
    expect(back.json()).toEqual({ success: true, status: "review" });
    expect(await eventsOf(db(), caller.id, "standing")).toEqual([
      { status: "frozen" },
      { status: "ok" },
      { status: "review" },
      { status: "frozen" },
      { status: "review" },
    ]);
  });

  it("ban ends every session at once and refuses login, refresh and Telegram sign-in with ACCOUNT_BANNED", async () => {
    const admin = await signInAdmin(t);
    const signedIn = await signUpAndLogIn(t.app);
    const caller = sessionCaller(signedIn);
    expect((await syncTaps(t.app, caller, { taps: 5 })).statusCode).toBe(200);

    const res = await decide(t.app, admin, caller.id, { action: "ban", reason: "One of a farm of 40." });
    expect(res.json()).toEqual({ success: true, status: "banned" });
    expect(await eventsOf(db(), caller.id, "session")).toEqual([{ reason: "banned" }]);
    expect(await eventsOf(db(), "admins", "admin.risk")).toContainEqual({
      userId: caller.id,
      status: "banned",
      score: 0,
    });
    const me = await t.app.inject({ url: "/api/auth/me", headers: bearer(caller.token) });
    expect(me.statusCode).toBe(401);
    const banned = errorBody("ACCOUNT_BANNED", ACCOUNT_BANNED_MESSAGE);
    const login = await logIn(t.app, { email: caller.email, password: "correct horse battery" });
    expect([login.statusCode, login.json()]).toEqual([403, banned]);
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refresh_token: signedIn.session.refresh_token },
    });
    expect([refresh.statusCode, refresh.json()]).toEqual([403, banned]);
    const live = await db()
      .selectFrom("auth_sessions")
      .select("id")
      .where("user_id", "=", caller.id)
      .where("revoked_at", "is", null)
      .execute();
    expect(live).toEqual([]);
    const audit = await db()
      .selectFrom("audit_log")
      .select("reason")
      .where("action", "=", "risk-ban")
      .execute();
    expect(audit).toContainEqual({ reason: "One of a farm of 40." });
  });

  it("a Telegram sign-up notes its network; a banned Telegram account cannot sign in from Telegram", async () => {
    const admin = await signInAdmin(t);
    const user = {
      id: 800_000_000 + Math.floor(Math.random() * 1_000_000),
      first_name: "Bot",
      username: "farm_1",
    };
    const initData = () =>
      signedInitData({ user, authDate: Math.floor(t.clock().getTime() / 1000) }, TEST_BOT_TOKEN);
    const first = await t.app.inject({
      method: "POST",
      url: "/api/auth/telegram",
      payload: { initData: initData() },
    });
    expect(first.statusCode).toBe(200);
    const userId = first.json<{ user: { id: string } }>().user.id;
    // The first sign-in made the account: its network is noted as a sign-up's.
    const networks = await db()
      .selectFrom("account_networks")
      .select(["network", "signed_up"])
      .where("user_id", "=", userId)
      .execute();
    expect(networks).toEqual([{ network: "127.0.0.1", signed_up: true }]);
    expect((await decide(t.app, admin, userId, { action: "ban", reason: "Telegram farm." })).statusCode).toBe(
      200,
    );
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/telegram",
      payload: { initData: initData() },
    });
    expect([again.statusCode, again.json()]).toEqual([
      403,
      errorBody("ACCOUNT_BANNED", ACCOUNT_BANNED_MESSAGE),
    ]);
  });

  it("takes a decision once per Idempotency-Key, and refuses bad input and unknown accounts", async () => {
    const admin = await signInAdmin(t);
    const caller = await newCaller();
    const key = `risk-${randomUUID()}`;
    const body = { action: "freeze", reason: "Checking." };
    const first = await decide(t.app, admin, caller.id, body, key);
    const second = await decide(t.app, admin, caller.id, body, key);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const audits = await db()
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "risk-freeze")
      .where("target", "=", caller.email)
      .execute();
    expect(audits).toHaveLength(1);
    const other = await decide(t.app, admin, caller.id, { action: "ban", reason: "Checking." }, key);
    expect(other.statusCode).toBe(422);

    for (const bad of [
      { action: "delete", reason: "Because." },
      { action: "ban", reason: "no" },
      { action: "ban" },
      { action: "ban", reason: "Fine reason.", extra: 1 },
    ]) {
      const res = await decide(t.app, admin, caller.id, bad as { action: string; reason: string });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await decide(t.app, admin, randomUUID(), body)).statusCode).toBe(404);
    expect((await decide(t.app, admin, admin.id, body)).statusCode).toBe(404);
    expect((await riskOf(admin, caller.id)).status).toBe("frozen");
  });
});
