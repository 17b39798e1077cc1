/**
 * Limits that stop scripts without locking out real people (docs/decisions/015): sign-ups per address,
 * failed logins that never stop the owner's correct password from their own address, forgot-password per
 * address, and counters that stay bounded however many requests a script sends.
 */
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { runMaintenance } from "#server/domain/maintenance.ts";
import { HOUR, logIn, setupTestApp, signUp, uniqueEmail } from "./helpers/test-app.ts";

const t = setupTestApp();
let limited: FastifyInstance;

beforeAll(async () => {
  limited = await t.buildAnother({ config: { signupLimitPerIpHour: 20 } });
});

const signUpFrom = (app: FastifyInstance, remoteAddress: string, email = uniqueEmail("farm")) =>
  app.inject({
    method: "POST",
    url: "/api/auth/signup",
    remoteAddress,
    payload: { email, password: "correct horse battery", name: "Farmer" },
  });

const forgotFrom = (remoteAddress: string, email = uniqueEmail("forgot")) =>
  t.app.inject({ method: "POST", url: "/api/auth/forgot-password", remoteAddress, payload: { email } });

const countUsers = async () =>
  Number(
    (
      await t.database.handle.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst()
    )?.n ?? 0,
  );
const rateLimitRows = async (prefix: string) =>
  (await t.database.handle.db.selectFrom("rate_limits").select("key").execute()).filter((row) =>
    row.key.startsWith(prefix),
  ).length;

describe("sign-ups per address", () => {
  it("creates 20 accounts an hour from one address, then answers 429 with Retry-After and creates none", async () => {
    for (let i = 0; i < 20; i += 1) expect((await signUpFrom(limited, "203.0.113.50")).statusCode).toBe(201);
    const users = await countUsers();
    const refused = await signUpFrom(limited, "203.0.113.50");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: "RATE_LIMITED",
        message: "Too many sign-ups from your network. Please try again later.",
      },
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await countUsers()).toBe(users);
    // Another address is not affected; after the hour the first one may sign up again.
    expect((await signUpFrom(limited, "203.0.113.51")).statusCode).toBe(201);
    t.clock.advance(HOUR);
    expect((await signUpFrom(limited, "203.0.113.50")).statusCode).toBe(201);
  });

  it("counts IPv6 addresses by their /64", async () => {
    for (let i = 0; i < 20; i += 1) {
      expect((await signUpFrom(limited, `2001:db8:aa:bb::${(i + 1).toString(16)}`)).statusCode).toBe(201);
    }
    expect((await signUpFrom(limited, "2001:db8:aa:bb:ffff:1:2:3")).statusCode).toBe(429);
    expect((await signUpFrom(limited, "2001:db8:aa:bc::1")).statusCode).toBe(201);
  });

  it("throttles probing which emails have accounts (EMAIL_TAKEN) like any sign-up", async () => {
    const taken = await signUp(t.app);
    for (let i = 0; i < 20; i += 1) {
      const res = await signUpFrom(limited, "203.0.113.60", taken.email);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("EMAIL_TAKEN");
    }
    expect((await signUpFrom(limited, "203.0.113.60", taken.email)).statusCode).toBe(429);
  });

  it("has no limit when SIGNUP_LIMIT_PER_IP_HOUR is 0", async () => {
    for (let i = 0; i < 25; i += 1) expect((await signUpFrom(t.app, "203.0.113.70")).statusCode).toBe(201);
  });
});

describe("failed logins never lock the owner out of their own address", () => {
  it("lets the owner in from where they signed in before, after a stranger's 11 failures and 50 sprayed ones", async () => {
    const owner = await signUp(t.app);
    const home = "198.18.0.1";
    const attacker = "198.18.5.5";
    expect((await logIn(t.app, owner, home)).statusCode).toBe(200);

    const attackerStatuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      attackerStatuses.push(
        (await logIn(t.app, { email: owner.email, password: `guess ${i}` }, attacker)).statusCode,
      );
    }
    for (let i = 0; i < 50; i += 1) {
      await logIn(t.app, { email: uniqueEmail("spray"), password: "guess" }, attacker);
    }
    // The stranger was slowed, then refused…
    expect(attackerStatuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(attackerStatuses).toContain(429);
    const attackerWithRightPassword = await logIn(t.app, owner, attacker);
    expect(attackerWithRightPassword.statusCode).toBe(429);
    // …while the owner's correct password from home still works at once.
    expect((await logIn(t.app, owner, home)).statusCode).toBe(200);
  });

  it("lets an owner in from a shared address after strangers there failed 50 times for other accounts", async () => {
    const owner = await signUp(t.app);
    const office = "198.18.9.9";
    expect((await logIn(t.app, owner, office)).statusCode).toBe(200);
    for (let i = 0; i < 55; i += 1) {
      await logIn(t.app, { email: uniqueEmail("spray"), password: "guess" }, office);
    }
    expect((await logIn(t.app, { email: uniqueEmail("spray"), password: "x" }, office)).statusCode).toBe(429);
    expect((await logIn(t.app, owner, office)).statusCode).toBe(200);
  });

  it("still limits the owner's own address: ten failures there lock that pair for the window", async () => {
    const owner = await signUp(t.app);
    const home = "198.18.1.1";
    expect((await logIn(t.app, owner, home)).statusCode).toBe(200);
    let failures = 0;
    while (failures < 10) {
      const res = await logIn(t.app, { email: owner.email, password: "typo" }, home);
      if (res.statusCode === 401) failures += 1;
      else t.clock.advance(Number(res.headers["retry-after"]) * 1000);
    }
    const locked = await logIn(t.app, owner, home);
    expect(locked.statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await logIn(t.app, owner, home)).statusCode).toBe(200);
  });
});

describe("counters stay bounded", () => {
  it("writes nothing more once an address is refused, however many emails it tries", async () => {
    const ip = "198.18.20.20";
    for (let i = 0; i < 200; i += 1) await logIn(t.app, { email: uniqueEmail("noise"), password: "x" }, ip);
    // 50 failures were counted (one address row, 50 pair and 50 account rows); the other 150 wrote nothing.
    const rows = await t.database.handle.db.selectFrom("rate_limits").select(["key", "count"]).execute();
    const fromThisScript = rows.filter((row) => row.key.includes("noise.") || row.key.endsWith(ip));
    expect(fromThisScript.length).toBe(101);
    expect(rows.find((row) => row.key === `login:ip:${ip}`)?.count).toBe(50);
  });

  it("limits forgot-password to 20 an hour per address, and a refused address writes nothing", async () => {
    const before = await rateLimitRows("forgot-password:account:");
    for (let i = 0; i < 20; i += 1) expect((await forgotFrom("198.18.30.30")).statusCode).toBe(200);
    const refused = await forgotFrom("198.18.30.30");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    for (let i = 0; i < 30; i += 1) expect((await forgotFrom("198.18.30.30")).statusCode).toBe(429);
    expect(await rateLimitRows("forgot-password:account:")).toBe(before + 20);
    expect((await forgotFrom("198.18.30.31")).statusCode).toBe(200);
    await t.app.ctx.background.drain();
  });

  it("purges counters whose window has ended", async () => {
    await logIn(t.app, { email: uniqueEmail("old"), password: "x" }, "198.18.40.40");
    expect(await rateLimitRows("login:ip:198.18.40.40")).toBe(1);
    t.clock.advance(2 * HOUR);
    const purged = await runMaintenance(t.app.ctx);
    expect(purged.windows).toBeGreaterThan(0);
    expect(await rateLimitRows("login:ip:198.18.40.40")).toBe(0);
    expect(await rateLimitRows("signup:ip:")).toBe(0);
  });
});
