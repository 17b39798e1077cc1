/** Forgot / reset password: same answer for every email, a single-use 30-minute link, sessions ended. */
import { describe, expect, it } from "vitest";
import { listOutboxMailFor } from "#server/db/repos/mail-outbox.repo.ts";
import {
  bearer,
  errorBody,
  logIn,
  MINUTE,
  setupTestApp,
  signUp,
  signUpAndLogIn,
  uniqueEmail,
} from "./helpers/test-app.ts";

const t = setupTestApp();

const forgot = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password } });

/** The token of the newest reset mail to `email` (after the background work has finished). */
async function latestResetToken(email: string): Promise<string> {
  await t.app.ctx.background.drain();
  const [mail] = await listOutboxMailFor(t.database.handle.db, email);
  const link = /http:\/\/taprewards\.test\/auth\?mode=reset&token=([A-Za-z0-9_-]{43})/.exec(
    mail?.text_body ?? "",
  );
  if (!link?.[1]) throw new Error(`no reset mail for ${email}`);
  return link[1];
}

const INVALID = errorBody(
  "INVALID_RESET_TOKEN",
  "This reset link is invalid or has expired. Please ask for a new one.",
);

describe("POST /api/auth/forgot-password", () => {
  it("answers the same bytes for known and unknown emails, and mails only the known one", async () => {
    const account = await signUp(t.app);
    const ghost = uniqueEmail("ghost");
    const known = await forgot(account.email.toUpperCase());
    const unknown = await forgot(ghost);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true });

    await t.app.ctx.background.drain();
    const mails = await listOutboxMailFor(t.database.handle.db, account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "password_reset", subject: "Reset your TapRewards password" });
    expect(mails[0]?.text_body).toContain("http://taprewards.test/auth?mode=reset&token=");
    expect(await listOutboxMailFor(t.database.handle.db, ghost)).toHaveLength(0);
  });

  it("stores only a hash of the reset token", async () => {
    const account = await signUp(t.app);
    await forgot(account.email);
    const token = await latestResetToken(account.email);
    const rows = await t.database.handle.db.selectFrom("one_time_tokens").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("allows 5 requests per address per hour, then 429 with Retry-After, known or not", async () => {
    const account = await signUp(t.app);
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < 5; i += 1) {
      expect((await forgot(account.email)).statusCode).toBe(200);
      expect((await forgot(ghost)).statusCode).toBe(200);
    }
    const known = await forgot(account.email);
    const unknown = await forgot(ghost);
    expect(known.statusCode).toBe(429);
    expect(known.body).toBe(unknown.body);
    expect(known.json().error.code).toBe("RATE_LIMITED");
    expect(Number(known.headers["retry-after"])).toBeGreaterThan(3500);
    expect(Number(known.headers["retry-after"])).toBeLessThanOrEqual(3600);
    t.clock.advance(60 * MINUTE);
    expect((await forgot(account.email)).statusCode).toBe(200);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password, ends every session, and works only once", async () => {
    const { account, session } = await signUpAndLogIn(t.app);
    await forgot(account.email);
    const token = await latestResetToken(account.email);

    const res = await reset(token, "brand new password");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect(
      (await t.app.inject({ url: "/api/auth/me", headers: bearer(session.access_token) })).statusCode,
    ).toBe(401);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await logIn(t.app, account)).statusCode).toBe(401);
    expect((await logIn(t.app, { email: account.email, password: "brand new password" })).statusCode).toBe(
      200,
    );

    const again = await reset(token, "another password");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
  });

  it("expires the link after 30 minutes", async () => {
    const account = await signUp(t.app);
    await forgot(account.email);
    const early = await latestResetToken(account.email);
    t.clock.advance(29 * MINUTE);
    await forgot(account.email);
    const late = await latestResetToken(account.email);
    t.clock.advance(2 * MINUTE);
    expect(await reset(early, "new password 1")).toMatchObject({ statusCode: 400 });
    expect((await reset(late, "new password 2")).statusCode).toBe(200);
  });

  it("spends every other outstanding link of the account once one is used", async () => {
    const account = await signUp(t.app);
    await forgot(account.email);
    const first = await latestResetToken(account.email);
    t.clock.advance(1000); // so "newest mail" is well defined
    await forgot(account.email);
    const second = await latestResetToken(account.email);
    expect(first).not.toBe(second);
    expect((await reset(second, "new password 1")).statusCode).toBe(200);
    expect((await reset(first, "new password 2")).json()).toEqual(INVALID);
  });

  it("refuses made-up tokens and short passwords", async () => {
    expect((await reset("made-up-token", "long enough password")).json()).toEqual(INVALID);
    const short = await reset("made-up-token", "short");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("refuses a weak new password with what to change, and the link still works for a good one", async () => {
    const account = await signUp(t.app);
    await forgot(account.email);
    const token = await latestResetToken(account.email);
    for (const [password, message] of [
      ["12345678", "This password is one of the most common ones. Choose one that is harder to guess."],
      ["        ", "Password must not be blank or only spaces."],
      [account.email, "Password must not be your email address. Choose something only you know."],
    ] as const) {
      const res = await reset(token, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(errorBody("WEAK_PASSWORD", message));
    }
    expect((await logIn(t.app, account)).statusCode).toBe(200);
    expect((await reset(token, "a far better passphrase")).statusCode).toBe(200);
  });
});
