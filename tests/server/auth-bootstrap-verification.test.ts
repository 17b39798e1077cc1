/** First-start admin, migrations, the mailers, and the optional email verification. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#server/db/migrate.ts";
import { listOutboxMailFor } from "#server/db/repos/mail-outbox.repo.ts";
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from "#server/domain/auth/bootstrap-admin.ts";
import { createOutboxMailer } from "#server/mail/outbox-mailer.ts";
import { startFakeSmtp } from "./helpers/fake-smtp.ts";
import {
  createTestDatabase,
  errorBody,
  logIn,
  setupTestApp,
  signUp,
  type TestDatabase,
  uniqueEmail,
} from "./helpers/test-app.ts";

const t = setupTestApp();

describe("migrations", () => {
  it("are idempotent: a second run applies nothing", async () => {
    const result = await migrateToLatest(t.database.handle.db);
    expect(result.results).toEqual([]);
  });
});

describe("admin bootstrap on an empty database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("refuses to promote an existing user account", async () => {
    await database.handle.db
      .insertInto("users")
      .values({
        id: crypto.randomUUID(),
        email: "taken@example.com",
        name: "Someone",
        password_hash: "x",
        created_at: new Date(),
      })
      .execute();
    await expect(
      ensureAdmin({
        db: database.handle.db,
        clock: t.clock,
        adminEmail: "taken@example.com",
        adminPassword: null,
      }),
    ).rejects.toThrow("belongs to an existing non-admin account");
  });

  it("creates admin@taprewards.local with a generated password once, then does nothing", async () => {
    const first = await ensureAdmin({
      db: database.handle.db,
      clock: t.clock,
      adminEmail: null,
      adminPassword: null,
    });
    expect(first).toMatchObject({ created: true, email: DEFAULT_ADMIN_EMAIL, passwordGenerated: true });
    if (!first.created) throw new Error("unreachable");
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const second = await ensureAdmin({
      db: database.handle.db,
      clock: t.clock,
      adminEmail: "other@example.com",
      adminPassword: "other password",
    });
    expect(second).toEqual({ created: false });
    const admins = await database.handle.db
      .selectFrom("users")
      .select("email")
      .where("role", "=", "admin")
      .execute();
    expect(admins).toEqual([{ email: DEFAULT_ADMIN_EMAIL }]);
  });
});

describe("admin bootstrap with ADMIN_EMAIL / ADMIN_PASSWORD", () => {
  it("uses them and the admin can sign in", async () => {
    const result = await ensureAdmin({
      db: t.database.handle.db,
      clock: t.clock,
      adminEmail: "chief@example.com",
      adminPassword: "chief password",
    });
    expect(result).toEqual({
      created: true,
      email: "chief@example.com",
      password: "chief password",
      passwordGenerated: false,
    });
    const res = await logIn(t.app, { email: "chief@example.com", password: "chief password" });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe("admin");
  });
});

describe("outbox mailer", () => {
  it("keeps the mail in the outbox and logs its link", async () => {
    const lines: Array<{ object: unknown; message: string }> = [];
    const mailer = createOutboxMailer(t.database.handle.db, t.clock, {
      info: (object, message) => lines.push({ object, message }),
    });
    const to = uniqueEmail("mail");
    await mailer.send({ kind: "test", to, subject: "Hello", text: "Body", link: "http://taprewards.test/x" });
    expect(await listOutboxMailFor(t.database.handle.db, to)).toMatchObject([
      { kind: "test", subject: "Hello", text_body: "Body", sent_at: null },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toContain("http://taprewards.test/x");
  });
});

describe("SMTP mailer (SMTP_URL)", () => {
  it("delivers a reset mail over SMTP and marks it sent in the outbox", async () => {
    const smtp = await startFakeSmtp();
    try {
      const app = await t.buildAnother({ config: { smtpUrl: smtp.url, mailFrom: "Tap <tap@example.com>" } });
      const account = await signUp(app);
      await app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: account.email },
      });
      await app.ctx.background.drain();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain(`To: ${account.email}`);
      expect(smtp.messages[0]).toContain("From: Tap <tap@example.com>");
      // The body is quoted-printable: undo soft line breaks and the escaped "=".
      const body = (smtp.messages[0] ?? "").replaceAll("=\n", "").replaceAll("=3D", "=");
      expect(body).toContain("http://taprewards.test/auth?mode=reset&token=");
      const [kept] = await listOutboxMailFor(t.database.handle.db, account.email);
      expect(kept?.sent_at).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });
});

describe("REQUIRE_EMAIL_VERIFICATION=true", () => {
  it("mails a link at sign-up and refuses login (after the password check) until it is opened", async () => {
    const app = await t.buildAnother({ config: { requireEmailVerification: true } });
    const account = await signUp(app);

    const wrong = await logIn(app, { email: account.email, password: "not the password" });
    expect(wrong.statusCode).toBe(401);
    const unverified = await logIn(app, account);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual(
      errorBody("EMAIL_NOT_VERIFIED", "Please confirm your email address first: we sent you a link."),
    );

    await app.ctx.background.drain();
    const [mail] = await listOutboxMailFor(t.database.handle.db, account.email);
    expect(mail?.kind).toBe("email_verification");
    const token = /auth\?mode=verify&token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? "")?.[1] ?? "";

    const verify = (value: string) =>
      app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token: value } });
    expect((await verify("made-up")).statusCode).toBe(400);
    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true });
    expect((await logIn(app, account)).statusCode).toBe(200);
    const reused = await verify(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("INVALID_VERIFICATION_TOKEN");
  });

  it("is off by default: login works right after sign-up", async () => {
    const account = await signUp(t.app);
    expect((await logIn(t.app, account)).statusCode).toBe(200);
  });
});
