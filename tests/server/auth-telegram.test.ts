/**
 * Sign-in from the Telegram Mini App (docs/decisions/031): Telegram's documented example, our own signed cases
 * (valid, one field changed, another token, stale, future, no user, a key given twice, garbage), accounts keyed by
 * the Telegram user id, linking (and its races), a referral from `start_param`, and the routes turned off.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { InvalidInitData, verifyInitData } from "#server/domain/auth/telegram-init-data.ts";
import { signedInitData, TEST_BOT_TOKEN, type TelegramTestUser } from "../support/telegram-init-data.ts";
import { type Caller, fixtureAdminToken, getJson, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { bearer, errorBody, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp({ config: { telegramBotToken: TEST_BOT_TOKEN, signupLimitPerIpHour: 0 } });
const db = () => t.database.handle.db;
const nowSeconds = () => Math.floor(t.clock().getTime() / 1000);

let nextTelegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
const telegramUser = (over: Partial<TelegramTestUser> = {}): TelegramTestUser => ({
  id: nextTelegramId++,
  first_name: "Ada",
  last_name: "Lovelace",
  username: `ada_${nextTelegramId}`,
  ...over,
});

const initDataFor = (user: TelegramTestUser, over: { authDate?: number; startParam?: string } = {}) =>
  signedInitData(
    { user, authDate: over.authDate ?? nowSeconds(), startParam: over.startParam },
    TEST_BOT_TOKEN,
  );

const signIn = (initData: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });

const usersCount = async () =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(db())).rows[0]!.n);

const INVALID = errorBody(
  "INVALID_INIT_DATA",
  "Telegram could not confirm who you are. Close the app and open it again from the bot.",
);

describe("Telegram's documented example", () => {
  // From Telegram Mini Apps' documentation of init data validation: a real bot token and init data it signed.
  const token = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";
  const initData =
    "query_id=AAHdF6IQAAAAAN0XohDhrOrc" +
    "&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D" +
    "&auth_date=1662771648" +
    "&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2";
  const signedAt = new Date(1662771648 * 1000);

  it("verifies and reads the user", () => {
    const verified = verifyInitData(initData, { botToken: token, maxAgeSeconds: 3600, now: signedAt });
    expect(verified.user).toEqual({
      id: 279058397,
      firstName: "Vladislav",
      lastName: "Kibenko",
      username: "vdkfrost",
    });
    expect(verified.authDate).toEqual(signedAt);
    expect(verified.startParam).toBeNull();
  });

  it.each([
    ["one character of the user changed", initData.replace("Kibenko", "Kibenkp"), "bad-hash"],
    ["the auth_date changed", initData.replace("1662771648", "1662771649"), "bad-hash"],
    ["the hash changed", initData.replace("c501b71e", "c501b71f"), "bad-hash"],
    ["an unsigned field added", `${initData}&start_param=ref_abcd`, "bad-hash"],
  ])("refuses it with %s", (_, changed, problem) => {
    expect(() => verifyInitData(changed, { botToken: token, maxAgeSeconds: 3600, now: signedAt })).toThrow(
      new InvalidInitData(problem as "bad-hash"),
    );
  });

  it("refuses it under another bot's token, and an hour and a second later", () => {
    const other = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx9";
    expect(() => verifyInitData(initData, { botToken: other, maxAgeSeconds: 3600, now: signedAt })).toThrow(
      new InvalidInitData("bad-hash"),
    );
    const late = new Date(signedAt.getTime() + 3601_000);
    expect(() => verifyInitData(initData, { botToken: token, maxAgeSeconds: 3600, now: late })).toThrow(
      new InvalidInitData("stale"),
    );
  });
});

describe("POST /auth/telegram", () => {
  it("makes an account keyed by the Telegram user on the first sign-in, and signs into it later", async () => {
    const user = telegramUser();
    const first = await signIn(initDataFor(user));
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    expect(answer.user).toEqual({
      id: expect.any(String),
      email: null,
      name: "Ada Lovelace",
      role: "user",
      telegram: { username: user.username },
    });
    expect(answer.session).toMatchObject({ token_type: "bearer", access_token: expect.any(String) });
    const stored = await db()
      .selectFrom("users")
      .select(["email", "password_hash", "telegram_id"])
      .where("id", "=", answer.user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: null, password_hash: null, telegram_id: user.id });

    // Later, with a new @username: the same account, the name shown kept current.
    t.clock.advance(5_000);
    const again = await signIn(initDataFor({ ...user, username: "ada_renamed" }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user).toMatchObject({ id: answer.user.id, telegram: { username: "ada_renamed" } });

    const me = await getJson(t.app, sessionCaller(again.json()), "/api/auth/me");
    expect(me.user).toMatchObject({ id: answer.user.id, email: null, telegram: { username: "ada_renamed" } });
  });

  it("gives a Telegram account everything else: taps are credited", async () => {
    const res = await signIn(initDataFor(telegramUser({ username: undefined, last_name: undefined })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ name: "Ada", telegram: { username: null } });
    const caller = sessionCaller(res.json()) as Caller;
    const synced = await syncTaps(t.app, caller, { taps: 12 });
    expect(synced.statusCode, synced.body).toBe(200);
    // The default multiplier is 0.001 a tap.
    expect(synced.json()).toMatchObject({ points: 0.012, credited: { taps: 12, points: 0.012 } });
  });

  it("accepts initData exactly at the allowed age and refuses it a second later (a replay)", async () => {
    const user = telegramUser();
    const signedAt = nowSeconds() - 3600;
    expect((await signIn(initDataFor(user, { authDate: signedAt }))).statusCode).toBe(200);
    const before = await usersCount();
    const replay = await signIn(initDataFor(telegramUser(), { authDate: signedAt - 1 }));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID);
    expect(await usersCount()).toBe(before);
  });

  it.each<[string, () => string]>([
    ["one field changed after signing", () => initDataFor(telegramUser()).replace("Lovelace", "Lovelacf")],
    [
      "another bot's token",
      () => signedInitData({ user: telegramUser(), authDate: nowSeconds() }, `${TEST_BOT_TOKEN}x`),
    ],
    ["an auth_date two minutes ahead", () => initDataFor(telegramUser(), { authDate: nowSeconds() + 120 })],
    ["no user", () => signedInitData({ authDate: nowSeconds(), queryId: "AAH" }, TEST_BOT_TOKEN)],
    [
      "a user that is not JSON",
      () => signedInitData({ user: "{id:1", authDate: nowSeconds() }, TEST_BOT_TOKEN),
    ],
    [
      "a user without an id",
      () =>
        signedInitData(
          { user: JSON.stringify({ first_name: "Ada" }), authDate: nowSeconds() },
          TEST_BOT_TOKEN,
        ),
    ],
    [
      "a key given twice (both signed)",
      () =>
        signedInitData(
          { user: telegramUser(), authDate: nowSeconds(), extra: [["user", JSON.stringify(telegramUser())]] },
          TEST_BOT_TOKEN,
        ),
    ],
    ["no hash", () => initDataFor(telegramUser()).replace(/&hash=[0-9a-f]+/, "")],
    ["a hash that is not hex", () => initDataFor(telegramUser()).replace(/hash=[0-9a-f]+/, "hash=zz")],
    ["garbage", () => "%%%not=init&&data"],
  ])("refuses %s with 401 INVALID_INIT_DATA and makes no account", async (_, make) => {
    const before = await usersCount();
    const res = await signIn(make());
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual(INVALID);
    expect(await usersCount()).toBe(before);
  });

  it("refuses a body without initData, or too long, as a validation error", async () => {
    for (const payload of [{}, { initData: "" }, { initData: "x".repeat(8193) }, { initData: 5 }]) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/telegram", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("makes one account when the same Telegram user signs in from many devices at once", async () => {
    const user = telegramUser();
    const answers = await Promise.all(Array.from({ length: 8 }, () => signIn(initDataFor(user))));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((res) => res.json().user.id)).size).toBe(1);
    const rows = await db().selectFrom("users").select("id").where("telegram_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("binds the referrer of start_param ref_<code> when it makes the account, and never later", async () => {
    const referrer = sessionCaller(await signUpAndLogIn(t.app));
    const { code } = await getJson<{ code: string }>(t.app, referrer, "/api/referrals");
    const friend = telegramUser({ first_name: "Grace", last_name: "Hopper" });
    const res = await signIn(initDataFor(friend, { startParam: `ref_${code}` }));
    expect(res.statusCode, res.body).toBe(200);
    const view = await getJson<{ invited: number; friends: { name: string }[] }>(
      t.app,
      referrer,
      "/api/referrals",
    );
    expect(view.invited).toBe(1);
    expect(view.friends.map((f) => f.name)).toEqual(["Grace Hopper"]);

    // Signing in again with another referrer's code changes nothing.
    const other = sessionCaller(await signUpAndLogIn(t.app));
    const otherCode = (await getJson<{ code: string }>(t.app, other, "/api/referrals")).code;
    expect((await signIn(initDataFor(friend, { startParam: `ref_${otherCode}` }))).statusCode).toBe(200);
    expect((await getJson<{ invited: number }>(t.app, other, "/api/referrals")).invited).toBe(0);
    const bound = await db()
      .selectFrom("users")
      .select("referred_by")
      .where("telegram_id", "=", friend.id)
      .executeTakeFirstOrThrow();
    expect(bound.referred_by).toBe(referrer.id);
  });

  it("ignores an unknown referral code and any other start_param", async () => {
    for (const startParam of ["ref_nobodyhasthis", "promo_2026", "ref_"]) {
      const res = await signIn(initDataFor(telegramUser(), { startParam }));
      expect(res.statusCode, startParam).toBe(200);
      const row = await db()
        .selectFrom("users")
        .select("referred_by")
        .where("id", "=", res.json().user.id)
        .executeTakeFirstOrThrow();
      expect(row.referred_by).toBeNull();
    }
  });

  it("never shows the bot token in an answer", async () => {
    const bodies = [
      (await signIn(initDataFor(telegramUser()))).body,
      (await signIn("garbage")).body,
      (await signIn(initDataFor(telegramUser()).replace("Ada", "Adb"))).body,
    ];
    for (const body of bodies) expect(body).not.toContain(TEST_BOT_TOKEN.split(":")[1]);
  });
});

describe("POST /auth/telegram/link", () => {
  // Every account here was signed up with the helpers' password; asking for it is auth-telegram-link.test.ts's.
  const link = (caller: Caller, initData: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/telegram/link",
      headers: bearer(caller.token),
      payload: { initData, password: "correct horse battery" },
    });

  it("ties an email account to a Telegram user, who then signs into that account from Telegram", async () => {
    const signedIn = await signUpAndLogIn(t.app);
    const caller = sessionCaller(signedIn);
    const user = telegramUser();
    const res = await link(caller, initDataFor(user));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      id: caller.id,
      email: caller.email,
      telegram: { username: user.username },
    });
    const me = await getJson(t.app, caller, "/api/auth/me");
    expect(me.user).toMatchObject({ telegram: { username: user.username } });

    const fromTelegram = await signIn(initDataFor(user));
    expect(fromTelegram.statusCode).toBe(200);
    expect(fromTelegram.json().user).toMatchObject({ id: caller.id, email: caller.email });
    // Linking the same Telegram user again is a no-op answer, not a conflict.
    expect((await link(caller, initDataFor(user))).statusCode).toBe(200);
  });

  it("answers 409 TELEGRAM_TAKEN when another account has that Telegram user, and changes nothing", async () => {
    const user = telegramUser();
    const owner = await signIn(initDataFor(user));
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    const res = await link(caller, initDataFor(user));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("TELEGRAM_TAKEN");
    const mine = await db()
      .selectFrom("users")
      .select("telegram_id")
      .where("id", "=", caller.id)
      .executeTakeFirstOrThrow();
    expect(mine.telegram_id).toBeNull();
    expect((await signIn(initDataFor(user))).json().user.id).toBe(owner.json().user.id);
  });

  it("lets exactly one of two accounts racing to link the same Telegram user win", async () => {
    const user = telegramUser();
    const callers = await Promise.all(
      Array.from({ length: 4 }, async () => sessionCaller(await signUpAndLogIn(t.app))),
    );
    const answers = await Promise.all(callers.map((caller) => link(caller, initDataFor(user))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const holders = await db().selectFrom("users").select("id").where("telegram_id", "=", user.id).execute();
    expect(holders).toHaveLength(1);
  });

  it("refuses bad initData and an unsigned-in caller", async () => {
    const caller = sessionCaller(await signUpAndLogIn(t.app));
    const bad = await link(caller, initDataFor(telegramUser()).replace("Ada", "Adb"));
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual(INVALID);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/auth/telegram/link",
      payload: { initData: initDataFor(telegramUser()) },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("UNAUTHORIZED");
  });
});

describe("the admin's lists", () => {
  it("show a Telegram account by its name and @username, found by either", async () => {
    const user = telegramUser({
      first_name: "Katherine",
      last_name: "Johnson",
      username: `kj_${randomUUID().slice(0, 8)}`,
    });
    const res = await signIn(initDataFor(user));
    expect(res.statusCode).toBe(200);
    const admin = await fixtureAdminToken(t.app);
    for (const q of [user.username!.toUpperCase(), "katherine jo"]) {
      const list = await t.app.inject({
        method: "GET",
        url: `/api/admin/users?q=${encodeURIComponent(q)}`,
        headers: bearer(admin),
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().items).toEqual([
        expect.objectContaining({
          id: res.json().user.id,
          email: null,
          name: "Katherine Johnson",
          telegramUsername: user.username,
        }),
      ]);
    }
  });
});

describe("the page's security headers", () => {
  it("let Telegram's script load and Telegram's web client frame the app only when sign-in is on", async () => {
    const on = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(on.headers["content-security-policy"]).toContain("script-src 'self' https://telegram.org");
    expect(on.headers["content-security-policy"]).toContain("frame-ancestors https://web.telegram.org");
    expect(on.headers["x-frame-options"]).toBeUndefined();

    const off = await (await t.buildAnother({ config: { telegramBotToken: null } })).inject({
      method: "GET",
      url: "/api/health",
    });
    expect(off.headers["content-security-policy"]).toContain("script-src 'self';");
    expect(off.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(off.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});

describe("without TELEGRAM_BOT_TOKEN", () => {
  it("answers 404 TELEGRAM_DISABLED on both routes and makes nothing", async () => {
    const off = await t.buildAnother({ config: { telegramBotToken: null } });
    const before = await usersCount();
    const signInRes = await off.inject({
      method: "POST",
      url: "/api/auth/telegram",
      payload: { initData: initDataFor(telegramUser()) },
    });
    expect(signInRes.statusCode).toBe(404);
    expect(signInRes.json().error.code).toBe("TELEGRAM_DISABLED");
    const caller = sessionCaller(await signUpAndLogIn(off));
    const linkRes = await off.inject({
      method: "POST",
      url: "/api/auth/telegram/link",
      headers: bearer(caller.token),
      payload: { initData: initDataFor(telegramUser()) },
    });
    expect(linkRes.statusCode).toBe(404);
    expect(linkRes.json().error.code).toBe("TELEGRAM_DISABLED");
    expect(await usersCount()).toBe(before + 1);
  });
});
