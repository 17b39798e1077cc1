import { describe, expect, it } from "vitest";
import { bearer, errorBody, logIn, setupTestApp, signUp, uniqueEmail } from "./helpers/test-app.ts";

const t = setupTestApp();

const userRow = (email: string) =>
  t.database.handle.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

describe("POST /api/auth/signup", () => {
  it("creates a user account and answers 201 with the public user", async () => {
    const email = uniqueEmail("new");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email, password: "pass-phrase-1", name: "  Ann Lee " },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ success: true, user: { id: expect.any(String), email, name: "Ann Lee" } });
    expect(body.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const row = await userRow(email);
    expect(row).toMatchObject({ role: "user", trc20_address: null, last_login: null });
    expect(row?.email_verified_at).toBeInstanceOf(Date);
  });

  it("stores a lower-cased email and refuses case variants with EMAIL_TAKEN", async () => {
    const email = uniqueEmail("Case");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: email.toUpperCase(), password: "pass-phrase-1", name: "A" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(email.toLowerCase());
    for (const variant of [email, email.toLowerCase(), email.toUpperCase()]) {
      const again = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { email: variant, password: "pass-phrase-2", name: "B" },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(errorBody("EMAIL_TAKEN", "An account with this email already exists."));
    }
  });

  it("gives exactly one account to concurrent sign-ups with one email", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      [email, email.toUpperCase(), email].map((variant) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/signup",
          payload: { email: variant, password: "pass-phrase-1", name: "R" },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it("takes passwords of 8 to 128 characters and refuses the rest", async () => {
    const attempt = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { email: uniqueEmail(), password, name: "P" },
      });
    expect((await attempt("1234567")).json()).toEqual(
      errorBody("VALIDATION_ERROR", "body/password must NOT have fewer than 8 characters"),
    );
    expect((await attempt("x".repeat(129))).statusCode).toBe(400);
    expect((await attempt("k3v9-q2x")).statusCode).toBe(201);
    expect((await attempt("x".repeat(128))).statusCode).toBe(201);
  });

  it("refuses blank, common and own-email passwords with what to change, creating nothing", async () => {
    const email = uniqueEmail("weak");
    const attempt = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email, password, name: "P" } });
    const common = "This password is one of the most common ones. Choose one that is harder to guess.";
    for (const [password, message] of [
      ["12345678", common],
      ["password", common],
      ["PassWord1", common],
      ["        ", "Password must not be blank or only spaces."],
      ["\t        ", "Password must not be blank or only spaces."],
      [email, "Password must not be your email address. Choose something only you know."],
      [
        ` ${email.toUpperCase()} `,
        "Password must not be your email address. Choose something only you know.",
      ],
    ] as const) {
      const res = await attempt(password);
      if (password.startsWith("\t")) {
        // A tab is a control character: refused before the rules even run.
        expect(res.json().error.code).toBe("VALIDATION_ERROR");
        continue;
      }
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(errorBody("WEAK_PASSWORD", message));
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it("refuses a blank name", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: uniqueEmail(), password: "pass-phrase-1", name: "   " },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody("VALIDATION_ERROR", "body/name must not be blank"));
  });

  it("hashes with argon2id (m=19456, t=2, p=1) and never stores or returns the password", async () => {
    const account = await signUp(t.app, { password: "my secret password" });
    const row = await userRow(account.email);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_hash).not.toContain("my secret password");
  });
});

describe("POST /api/auth/login", () => {
  it("answers a bearer session and the user, and records the login", async () => {
    const account = await signUp(t.app);
    const before = Math.floor(t.clock().getTime() / 1000);
    const res = await logIn(t.app, account);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      session: {
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expires_at: before + 3600,
        token_type: "bearer",
      },
      user: { id: account.id, email: account.email, name: account.name, role: "user" },
    });
    expect((await userRow(account.email))?.last_login?.getTime()).toBe(t.clock().getTime());
    const sessions = await t.database.handle.db
      .selectFrom("auth_sessions")
      .select(["access_token_hash", "refresh_token_hash"])
      .where("user_id", "=", account.id)
      .execute();
    expect(sessions).toHaveLength(1);
    // Only hashes are stored.
    expect(JSON.stringify(sessions)).not.toContain(body.session.access_token);
    expect(sessions[0]?.access_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("finds the account whatever the case and spacing of the email", async () => {
    const account = await signUp(t.app);
    const res = await logIn(t.app, {
      email: `  ${account.email.toUpperCase()} `,
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown email with the same 401 body", async () => {
    const account = await signUp(t.app);
    const wrong = await logIn(t.app, { email: account.email, password: "wrong password" });
    const unknown = await logIn(t.app, { email: uniqueEmail("ghost"), password: "wrong password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual(errorBody("INVALID_CREDENTIALS", "Invalid email or password."));
    expect(wrong.headers["content-type"]).toBe(unknown.headers["content-type"]);
  });

  it("never truncates a long password", async () => {
    const password = `${"a".repeat(72)}tail-that-matters`;
    const account = await signUp(t.app, { password });
    expect((await logIn(t.app, { email: account.email, password: "a".repeat(72) })).statusCode).toBe(401);
    expect((await logIn(t.app, { email: account.email, password: `${"a".repeat(72)}tail` })).statusCode).toBe(
      401,
    );
    expect((await logIn(t.app, account)).statusCode).toBe(200);
  });

  it("refuses a malformed body without touching the limits", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "a@b.co" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody("VALIDATION_ERROR", "body/password is required"));
  });
});

describe("GET /api/auth/me", () => {
  it("answers the signed-in account and nothing secret", async () => {
    const account = await signUp(t.app);
    const token = (await logIn(t.app, account)).json().session.access_token;
    const res = await t.app.inject({ url: "/api/auth/me", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: account.id, email: account.email, name: account.name, role: "user", trc20_address: null },
    });
    expect(res.body).not.toMatch(/password|hash|token/);
  });
});
