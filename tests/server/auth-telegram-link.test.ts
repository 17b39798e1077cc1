/**
 * Who owns an account's Telegram link (docs/decisions/033): linking and unlinking ask for the current password
 * and mail the owner, a second Telegram user is refused instead of silently replacing the first, a password
 * reset unlinks Telegram (whoever recovers the account by email owns it alone), unlinking ends the sessions
 * Telegram started, Telegram sign-ins are limited per Telegram user, and names from Telegram lose control and
 * text-direction characters. On both engines.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "#server/db/migrate.ts";
import { migrations } from "#server/db/migrations/index.ts";
import { listOutboxMailFor } from "#server/db/repos/mail-outbox.repo.ts";
import type { Database } from "#server/db/schema.ts";
import { signedInitData, TEST_BOT_TOKEN, type TelegramTestUser } from "../support/telegram-init-data.ts";
import { getJson, sessionCaller } from "./helpers/rewards.ts";
import {
  bearer,
  createTestDatabase,
  errorBody,
  setupTestApp,
  signUp,
  signUpAndLogIn,
  uniqueEmail,
} from "./helpers/test-app.ts";

const t = setupTestApp({ config: { telegramBotToken: TEST_BOT_TOKEN, signupLimitPerIpHour: 0 } });
const db = () => t.database.handle.db;
const nowSeconds = () => Math.floor(t.clock().getTime() / 1000);

let nextTelegramId = 710_000_000 + Math.floor(Math.random() * 1_000_000);
const telegramUser = (over: Partial<TelegramTestUser> = {}): TelegramTestUser => ({
  id: nextTelegramId++,
  first_name: "Mallory",
  username: `mal_${nextTelegramId}`,
  ...over,
});
const initDataFor = (user: TelegramTestUser) =>
  signedInitData({ user, authDate: nowSeconds() }, TEST_BOT_TOKEN);

const telegramSignIn = (initData: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/telegram", payload: { initData } });
const link = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/auth/telegram/link", headers: bearer(token), payload: body });
const unlink = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "DELETE", url: "/api/auth/telegram/link", headers: bearer(token), payload: body });

const REAUTH = errorBody(
  "REAUTH_REQUIRED",
  "Enter your current password to change how you sign in. Forgot it? Log out and reset it from the login page.",
);

const meStatus = async (token: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) })).statusCode;

async function telegramIdOf(userId: string): Promise<number | null> {
  const row = await db()
    .selectFrom("users")
    .select("telegram_id")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.telegram_id === null ? null : Number(row.telegram_id);
}

async function mailsTo(email: string) {
  await t.app.ctx.background.drain();
  return listOutboxMailFor(db(), email);
}

async function resetPasswordByMail(email: string, password: string) {
  const forgot = await t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email },
  });
  expect(forgot.statusCode).toBe(200);
  const mails = await mailsTo(email);
  const token = /mode=reset&token=([A-Za-z0-9_-]{43})/.exec(
    mails.find((mail) => mail.kind === "password_reset")?.text_body ?? "",
  )?.[1];
  if (!token) throw new Error(`no reset mail for ${email}`);
  const reset = await t.app.inject({
    method: "POST",
    url: "/api/auth/reset-password",
    payload: { token, password },
  });
  expect(reset.statusCode, reset.body).toBe(200);
}

describe("the takeover the first review found", () => {
  it("ends when the owner recovers the account: Telegram no longer signs into it", async () => {
    // The attacker signs up with the victim's address (no verification by default) and links their Telegram.
    const victimEmail = uniqueEmail("victim");
    const squatter = await signUpAndLogIn(t.app, { email: victimEmail, password: "attacker chose this" });
    const attackerTelegram = telegramUser();
    const linked = await link(squatter.session.access_token, {
      initData: initDataFor(attackerTelegram),
      password: "attacker chose this",
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const before = await telegramSignIn(initDataFor(attackerTelegram));
    expect(before.json().user.id).toBe(squatter.user.id);

    // The real owner recovers the account by email.
    await resetPasswordByMail(victimEmail, "the owner's own passphrase");

    expect(await telegramIdOf(squatter.user.id)).toBeNull();
    const after = await telegramSignIn(initDataFor(attackerTelegram));
    expect(after.statusCode).toBe(200);
    expect(after.json().user.id).not.toBe(squatter.user.id);
    expect(after.json().user.email).toBeNull();
    // The session the attacker had through Telegram ended with the reset.
    expect(await meStatus(before.json().session.access_token)).toBe(401);
  });

  it("cannot start from a stolen session: linking asks for the password and mails the owner", async () => {
    const owner = await signUpAndLogIn(t.app);
    const attackerTelegram = telegramUser();
    for (const body of [
      { initData: initDataFor(attackerTelegram) },
      { initData: initDataFor(attackerTelegram), password: "not the password" },
    ]) {
      const res = await link(owner.session.access_token, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(REAUTH);
    }
    expect(await telegramIdOf(owner.user.id)).toBeNull();
    expect((await mailsTo(owner.account.email)).filter((m) => m.kind === "telegram_linked")).toHaveLength(0);

    const res = await link(owner.session.access_token, {
      initData: initDataFor(attackerTelegram),
      password: owner.account.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = (await mailsTo(owner.account.email)).filter((m) => m.kind === "telegram_linked");
    expect(mail?.subject).toBe("Telegram was linked to your TapRewards account");
    expect(mail?.text_body).toContain(`@${attackerTelegram.username}`);
    expect(mail?.text_body).toContain("http://taprewards.test/auth?mode=forgot");
  });
});

describe("POST /auth/telegram/link", () => {
  it("refuses a second Telegram user with TELEGRAM_ALREADY_LINKED instead of replacing the first", async () => {
    const owner = await signUpAndLogIn(t.app);
    const first = telegramUser();
    const password = owner.account.password;
    expect(
      (await link(owner.session.access_token, { initData: initDataFor(first), password })).statusCode,
    ).toBe(200);
    const second = telegramUser();
    const res = await link(owner.session.access_token, { initData: initDataFor(second), password });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      errorBody(
        "TELEGRAM_ALREADY_LINKED",
        "Another Telegram account is linked to this account. Unlink it first, then link this one.",
      ),
    );
    expect(await telegramIdOf(owner.user.id)).toBe(first.id);
    // The same Telegram user again is no conflict, and mails nothing more.
    const again = await link(owner.session.access_token, { initData: initDataFor(first), password });
    expect(again.statusCode).toBe(200);
    expect((await mailsTo(owner.account.email)).filter((m) => m.kind === "telegram_linked")).toHaveLength(1);
  });

  it("counts wrong passwords as failed sign-ins, so a stolen session cannot guess the password", async () => {
    const owner = await signUpAndLogIn(t.app);
    const initData = initDataFor(telegramUser());
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await link(owner.session.access_token, { initData, password: `guess ${i}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses[10]).toBe(429);
    const right = await link(owner.session.access_token, { initData, password: owner.account.password });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect(await telegramIdOf(owner.user.id)).toBeNull();
  });

  it("refuses an unknown field and a password of the wrong type as a validation error", async () => {
    const owner = await signUpAndLogIn(t.app);
    const initData = initDataFor(telegramUser());
    for (const body of [
      { initData, password: owner.account.password, extra: 1 },
      { initData, password: 12345678 },
    ]) {
      const res = await link(owner.session.access_token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    expect(await telegramIdOf(owner.user.id)).toBeNull();
  });
});

describe("DELETE /auth/telegram/link", () => {
  async function linkedAccount() {
    const owner = await signUpAndLogIn(t.app);
    const tg = telegramUser();
    const res = await link(owner.session.access_token, {
      initData: initDataFor(tg),
      password: owner.account.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { owner, tg };
  }

  it("asks for the password, unlinks, mails the owner and ends the sessions Telegram started", async () => {
    const { owner, tg } = await linkedAccount();
    const viaTelegram = (await telegramSignIn(initDataFor(tg))).json();
    expect(viaTelegram.user.id).toBe(owner.user.id);

    for (const body of [{}, { password: "wrong password here" }]) {
      const refused = await unlink(owner.session.access_token, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(REAUTH);
    }
    expect(await telegramIdOf(owner.user.id)).toBe(tg.id);

    const res = await unlink(owner.session.access_token, { password: owner.account.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toEqual({
      id: owner.user.id,
      email: owner.account.email,
      name: owner.account.name,
      role: "user",
    });
    expect(await telegramIdOf(owner.user.id)).toBeNull();
    const [mail] = (await mailsTo(owner.account.email)).filter((m) => m.kind === "telegram_unlinked");
    expect(mail?.subject).toBe("Telegram was unlinked from your TapRewards account");

    // The session that came through Telegram is over; the owner's own session goes on.
    expect(await meStatus(viaTelegram.session.access_token)).toBe(401);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refresh_token: viaTelegram.session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    const me = await getJson(t.app, sessionCaller(owner), "/api/auth/me");
    expect(me.user).not.toHaveProperty("telegram");

    // From now on that Telegram user makes an account of its own.
    const later = await telegramSignIn(initDataFor(tg));
    expect(later.json().user.id).not.toBe(owner.user.id);
  });

  it("answers 409 for an account that signs in only with Telegram, and changes nothing", async () => {
    const tg = telegramUser();
    const only = (await telegramSignIn(initDataFor(tg))).json();
    const res = await unlink(only.session.access_token, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      errorBody(
        "TELEGRAM_ONLY_ACCOUNT",
        "This account signs in only with Telegram, so it cannot be unlinked: it would have no way in.",
      ),
    );
    expect(await telegramIdOf(only.user.id)).toBe(tg.id);
  });

  it("answers the account unchanged when nothing is linked, and mails nothing", async () => {
    const owner = await signUpAndLogIn(t.app);
    const res = await unlink(owner.session.access_token, { password: owner.account.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).not.toHaveProperty("telegram");
    expect((await mailsTo(owner.account.email)).filter((m) => m.kind === "telegram_unlinked")).toHaveLength(
      0,
    );
  });

  it("refuses an anonymous caller", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/auth/telegram/link", payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe("Telegram sign-ins", () => {
  it("are limited to 30 an hour per Telegram user, with Retry-After; another Telegram user is not held", async () => {
    const tg = telegramUser();
    const initData = initDataFor(tg);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await telegramSignIn(initData)).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    const refused = await telegramSignIn(initData);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await telegramSignIn(initDataFor(telegramUser()))).statusCode).toBe(200);

    t.clock.advance(60 * 60 * 1000 + 1000);
    const nextHour = await telegramSignIn(initDataFor(tg));
    expect(nextHour.statusCode).toBe(200);
  });
});

describe("names from Telegram", () => {
  it("lose control and text-direction characters, as typed names refuse them", async () => {
    const tg = telegramUser({ first_name: "Bad\u202eName\u0007", last_name: "\u2066Evil\u2069\u200f" });
    const res = await telegramSignIn(initDataFor(tg));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe("BadName Evil");
    const stored = await sql<{
      name: string;
    }>`SELECT name FROM users WHERE id = ${res.json().user.id}`.execute(db());
    expect(stored.rows[0]?.name).toBe("BadName Evil");

    // A name that is nothing but such characters leaves the account nameless: others see `Player <id>`.
    const blank = await telegramSignIn(initDataFor(telegramUser({ first_name: "\u202e\u0007" })));
    expect(blank.json().user.name).toBe("");

    for (const name of ["Bad\u202eName", "Bell\u0007", "Iso\u2066late", "C1\u0085"]) {
      const typed = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { email: uniqueEmail(), password: "correct horse battery", name },
      });
      expect(typed.statusCode, JSON.stringify(name)).toBe(400);
      expect(typed.json().error.code).toBe("VALIDATION_ERROR");
    }
    // Letters of every script stay, right-to-left ones included.
    const arabic = await signUp(t.app, { name: "سارا Ω Zoë" });
    const me = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: arabic.email, password: arabic.password },
    });
    expect(me.json().user.name).toBe("سارا Ω Zoë");
  });
});

describe("the local mailbox (GET /devnet/mail)", () => {
  it("shows a local trial's kept mail to callers on this machine only", async () => {
    const owner = await signUpAndLogIn(t.app);
    await resetPasswordByMail(owner.account.email, "a brand new passphrase");
    const url = `/api/devnet/mail?to=${encodeURIComponent(owner.account.email.toUpperCase())}`;
    const local = await t.app.inject({ url });
    expect(local.statusCode).toBe(200);
    const [newest] = local.json().mails;
    expect(newest).toMatchObject({ kind: "password_reset", subject: "Reset your TapRewards password" });
    expect(newest.text).toContain("http://taprewards.test/auth?mode=reset&token=");
    const remote = await t.app.inject({ url, remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain("token=");
    expect((await t.app.inject({ url: "/api/devnet/mail?to=not-an-email" })).statusCode).toBe(400);

    const withSmtp = await t.buildAnother({
      config: { telegramBotToken: TEST_BOT_TOKEN, smtpUrl: "smtp://127.0.0.1:1" },
    });
    expect((await withSmtp.inject({ url })).json()).toEqual({ mails: [] });
  });
});

describe("migration 013", () => {
  it("cleans the names stored before it, and keeps every other name as it was", async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const before = database.handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db: before, provider: { getMigrations: async () => migrations } });
      const upTo012 = await migrator.migrateTo("012-telegram-accounts");
      expect(upTo012.error).toBeUndefined();
      const bad = randomUUID();
      const fine = randomUUID();
      await sql`
        INSERT INTO users (id, email, password_hash, name, telegram_id)
        VALUES (${bad}, NULL, NULL, ${" Bad\u202eName\u0007 "}, 42),
               (${fine}, NULL, NULL, ${"سارا Zoë"}, 43)`.execute(before);
      await migrateToLatest(database.handle.db as Kysely<Database>);
      const { rows } = await sql<{ id: string; name: string }>`SELECT id, name FROM users`.execute(before);
      expect(Object.fromEntries(rows.map((row) => [row.id, row.name]))).toEqual({
        [bad]: "BadName",
        [fine]: "سارا Zoë",
      });
    } finally {
      await database.dispose();
    }
  });
});
