/**
 * Failed logins are limited per account (10) and per IP (50) per 15 minutes, in the database, with growing
 * delays per account and address; login and forgot-password take as long for an unknown email as for a known
 * one. What the owner of an account keeps despite a stranger's failures is in abuse-limits.test.ts.
 */
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { logIn, MINUTE, setupTestApp, signUp, uniqueEmail } from "./helpers/test-app.ts";

const t = setupTestApp();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

describe("failed-login limits", () => {
  it("answers the 11th failed login for one account from strangers' addresses with 429 and Retry-After", async () => {
    const account = await signUp(t.app);
    // Ten addresses, one guess each: no single pair slows down, the account's own counter fills.
    for (let i = 0; i < 10; i += 1) {
      const res = await logIn(
        t.app,
        { email: account.email, password: `wrong ${i}` },
        `198.51.100.${10 + i}`,
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await logIn(t.app, account, "198.51.100.2");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many failed sign-in attempts. Please try again later." },
    });
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(15 * MINUTE);
    expect((await logIn(t.app, account, "198.51.100.2")).statusCode).toBe(200);
  });

  it("locks unknown emails exactly like known ones", async () => {
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < 10; i += 1)
      await logIn(t.app, { email: ghost, password: "guess" }, `198.51.100.${30 + i}`);
    const blocked = await logIn(t.app, { email: ghost, password: "guess" }, "198.51.100.3");
    expect(blocked.statusCode).toBe(429);
  });

  it("does not count successful logins, and slows a pair down after its third failure", async () => {
    const account = await signUp(t.app);
    for (let i = 0; i < 12; i += 1)
      expect((await logIn(t.app, account, "198.51.100.4")).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect(
        (await logIn(t.app, { email: account.email, password: "wrong" }, "198.51.100.4")).statusCode,
      ).toBe(401);
    // Failures 4, 5, 6 … make the next attempt wait 1 s, 2 s, 4 s …
    for (const delaySeconds of [1, 2, 4, 8]) {
      expect(
        (await logIn(t.app, { email: account.email, password: "wrong" }, "198.51.100.4")).statusCode,
      ).toBe(401);
      const early = await logIn(t.app, account, "198.51.100.4");
      expect(early.statusCode).toBe(429);
      expect(Number(early.headers["retry-after"])).toBe(delaySeconds);
      t.clock.advance(delaySeconds * 1000);
    }
    expect((await logIn(t.app, account, "198.51.100.4")).statusCode).toBe(200);
  });

  it("answers the 51st failed login from one IP with 429, whatever the account; other IPs are unaffected", async () => {
    const ip = "203.0.113.77";
    const account = await signUp(t.app);
    for (let i = 0; i < 50; i += 1) {
      const res = await logIn(t.app, { email: uniqueEmail("spray"), password: "guess" }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await logIn(t.app, account, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await logIn(t.app, account, "203.0.113.78")).statusCode).toBe(200);
  });

  it("keeps the counters in the database, shared by every app process", async () => {
    const other = await t.buildAnother();
    const account = await signUp(t.app);
    for (let i = 0; i < 5; i += 1)
      await logIn(t.app, { email: account.email, password: "x" }, `192.0.2.${10 + i}`);
    for (let i = 0; i < 5; i += 1)
      await logIn(other, { email: account.email, password: "x" }, `192.0.2.${15 + i}`);
    expect((await logIn(other, account, "192.0.2.11")).statusCode).toBe(429);
    const rows = await t.database.handle.db.selectFrom("rate_limits").selectAll().execute();
    expect(rows.find((row) => row.key === `login:account:${account.email}`)?.count).toBeGreaterThanOrEqual(
      10,
    );
  });
});

describe("enumeration safety", () => {
  it("takes about as long to refuse an unknown email as a wrong password (both verify a hash)", async () => {
    const account = await signUp(t.app);
    const ghost = uniqueEmail("ghost");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(
        await timed(() => logIn(t.app, { email: account.email, password: "wrong" }, `192.0.2.${30 + i}`)),
      );
      unknown.push(await timed(() => logIn(t.app, { email: ghost, password: "wrong" }, `192.0.2.${40 + i}`)));
    }
    const k = median(known);
    const u = median(unknown);
    // A hash costs tens of milliseconds; skipping it for unknown emails would make them several times faster.
    expect(u).toBeGreaterThan(k * 0.6);
    expect(k).toBeGreaterThan(u * 0.6);
  });

  it("answers forgot-password in about the same time for known and unknown emails", async () => {
    const account = await signUp(t.app);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      known.push(
        await timed(() =>
          t.app.inject({
            method: "POST",
            url: "/api/auth/forgot-password",
            payload: { email: account.email },
          }),
        ),
      );
      await t.app.ctx.background.drain();
      unknown.push(
        await timed(() =>
          t.app.inject({
            method: "POST",
            url: "/api/auth/forgot-password",
            payload: { email: uniqueEmail() },
          }),
        ),
      );
      await t.app.ctx.background.drain();
    }
    // Both do the same work before answering (one counter update); allow generous scheduling noise.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(15, median(unknown) * 2));
  });
});
