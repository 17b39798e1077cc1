/**
 * The admin back office on the server (docs/api.md, Admin; docs/design.md §7): every route refuses anonymous
 * callers and users, bad input changes nothing, every action is audited in the same transaction, and the pool
 * is never overdrawn by concurrent fundings and withdrawals (on PostgreSQL in the postgres project).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "#contracts/admin.ts";
import { DEVNET_CONFIRM_MS } from "#server/chain/local/devnet-gateway.ts";
import { ensureAdmin } from "#server/domain/auth/bootstrap-admin.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { advanceOpenWithdrawals } from "#server/domain/wallet/usdt-withdrawal.ts";
import { randomKey, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { bearer, logIn, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const POOL = 1000;
const t = setupTestApp({ config: { demoTreasuryUsdt: POOL } });
const OUTSIDE = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
let adminToken = "";

beforeAll(async () => {
  await ensureAdmin({
    db: t.database.handle.db,
    clock: t.clock,
    adminEmail: "root@example.com",
    adminPassword: "admin password",
  });
  adminToken = (await logIn(t.app, { email: "root@example.com", password: "admin password" })).json().session
    .access_token;
});

const admin = (method: "GET" | "POST", url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(adminToken), ...headers },
    ...(payload ? { payload } : {}),
  });
const pool = async () => (await admin("GET", "/admin/pool-balance")).json<{ balance: number }>().balance;
const audit = async () =>
  (await admin("GET", "/admin/audit-log?limit=100")).json<{
    items: { action: string; target: string; amount: number | null; actor: string }[];
  }>().items;
const newUser = async () => sessionCaller(await signUpAndLogIn(t.app));

describe("authorization", () => {
  it("every admin route answers 401 anonymous and 403 to a user, before looking at the body", async () => {
    const user = await newUser();
    expect(adminEndpoints).toHaveLength(14);
    for (const endpoint of adminEndpoints) {
      const url = `/api${endpoint.path}`;
      const anonymous = await t.app.inject({
        method: endpoint.method,
        url,
        payload: endpoint.method === "POST" ? {} : undefined,
      });
      expect(anonymous.statusCode, `${endpoint.method} ${url}`).toBe(401);
      const asUser = await t.app.inject({
        method: endpoint.method,
        url,
        headers: bearer(user.token),
        payload: endpoint.method === "POST" ? {} : undefined,
      });
      expect(asUser.statusCode, `${endpoint.method} ${url}`).toBe(403);
      const asAdmin = await t.app.inject({
        method: endpoint.method,
        url,
        headers: bearer(adminToken),
        payload: endpoint.method === "POST" ? {} : undefined,
      });
      expect(asAdmin.statusCode, `${endpoint.method} ${url}`).toBe(endpoint.method === "POST" ? 400 : 200);
    }
  });
});

describe("funding a wallet", () => {
  it("moves treasury USDT to the user, moves them to the funded list, and audits it", async () => {
    const user = await newUser();
    const before = await pool();
    const res = await admin("POST", "/admin/fund-wallet", { userId: user.id, amount: 12.5 });
    expect(res.json()).toEqual({ success: true, balance: 12.5 });
    expect(await pool()).toBe(before - 12.5);
    const funded = (
      await admin("GET", `/admin/users-with-funded-wallets?q=${encodeURIComponent(user.email)}`)
    ).json<{ items: { id: string }[]; total: number }>();
    expect(funded.items.map((i) => i.id)).toEqual([user.id]);
    const unfunded = (
      await admin("GET", `/admin/users-without-funded-wallets?q=${encodeURIComponent(user.email)}`)
    ).json<{ total: number }>();
    expect(unfunded.total).toBe(0);
    expect((await audit())[0]).toMatchObject({
      action: "fund-wallet",
      target: user.email,
      amount: 12.5,
      actor: "root@example.com",
    });
    const wallets = (await admin("GET", "/admin/funded-wallets")).json<{
      items: { email: string; balance: number }[];
      count: number;
      totalBalance: number;
    }>();
    expect(wallets.items).toContainEqual(expect.objectContaining({ email: user.email, balance: 12.5 }));
    expect(wallets.count).toBeGreaterThanOrEqual(1);
  });

  it("refuses bad input with 4xx and changes nothing", async () => {
    const user = await newUser();
    const before = { pool: await pool(), audit: (await audit()).length };
    const cases: [object, number][] = [
      [{ userId: user.id, amount: -1 }, 400],
      [{ userId: user.id, amount: 0 }, 400],
      [{ userId: user.id, amount: 1.0000001 }, 400],
      [{ userId: user.id, amount: "1" }, 400],
      [{ userId: user.id, amount: 1, note: "x" }, 400],
      [{ userId: "not-a-uuid", amount: 1 }, 400],
      [{ userId: "00000000-0000-4000-8000-000000000000", amount: 1 }, 404],
      [{ userId: user.id, amount: POOL * 10 }, 409],
    ];
    for (const [payload, status] of cases) {
      expect((await admin("POST", "/admin/fund-wallet", payload)).statusCode, JSON.stringify(payload)).toBe(
        status,
      );
    }
    expect(await pool()).toBe(before.pool);
    expect((await audit()).length).toBe(before.audit);
  });

  it("answers a repeated Idempotency-Key once", async () => {
    const user = await newUser();
    const key = randomKey();
    const first = await admin(
      "POST",
      "/admin/fund-wallet",
      { userId: user.id, amount: 1 },
      { "idempotency-key": key },
    );
    const again = await admin(
      "POST",
      "/admin/fund-wallet",
      { userId: user.id, amount: 1 },
      { "idempotency-key": key },
    );
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toEqual({ success: true, balance: 1 });
  });
});

describe("multipliers", () => {
  it("sets a user's multiplier, recorded in their history; the next tap earns at it", async () => {
    const user = await newUser();
    const res = await admin("POST", "/admin/update-multiplier", { userId: user.id, multiplier: 0.25 });
    expect(res.json()).toEqual({ success: true, multiplier: 0.25 });
    const sync = await syncTaps(t.app, user, { taps: 4 });
    expect(sync.json()).toMatchObject({ points: 1, multiplier: 0.25 });
    const history = await t.app.inject({
      url: `/api/user/${user.id}/multiplier/history`,
      headers: bearer(user.token),
    });
    expect(history.json().history[0]).toMatchObject({ oldMultiplier: 0.001, newMultiplier: 0.25 });
    expect((await audit())[0]).toMatchObject({
      action: "update-multiplier",
      target: user.email,
      amount: 0.25,
    });
    for (const multiplier of [0.0009, 1001, 0.0010001, -1]) {
      expect(
        (await admin("POST", "/admin/update-multiplier", { userId: user.id, multiplier })).statusCode,
      ).toBe(400);
    }
    const stats = (await admin("GET", "/admin/multiplier-stats")).json();
    expect(stats.highestMultiplier).toBeGreaterThanOrEqual(0.25);
    expect(stats.lowestMultiplier).toBe(0.001);
  });
});

describe("treasury withdrawals", () => {
  it("reserves from the pool at once, sends through the chain, and lists it; a bad address or too much is refused", async () => {
    const before = await pool();
    expect(
      (await admin("POST", "/admin/withdraw", { address: `${OUTSIDE.slice(0, -1)}L`, amount: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await admin("POST", "/admin/withdraw-usdt", { address: OUTSIDE, amount: before + 1 })).json().error
        .code,
    ).toBe("INSUFFICIENT_POOL_BALANCE");
    const res = await admin("POST", "/admin/withdraw-usdt", { address: OUTSIDE, amount: 5 });
    expect(res.statusCode).toBe(202);
    expect(await pool()).toBe(before - 5);
    await t.app.ctx.background.drain();
    t.clock.advance(DEVNET_CONFIRM_MS + 1);
    await advanceOpenWithdrawals(t.app.ctx);
    const list = (await admin("GET", "/admin/withdrawals")).json<{
      items: { type: string; address: string; amount: number; status: string }[];
    }>();
    expect(list.items[0]).toMatchObject({
      type: "withdrawal",
      address: OUTSIDE,
      amount: 5,
      status: "completed",
    });
    expect(list.items.some((item) => item.type === "deposit")).toBe(true);
    expect((await audit())[0]).toMatchObject({ action: "treasury-withdrawal", target: OUTSIDE, amount: 5 });
  });
});

describe("admins and figures", () => {
  it("creates an admin who can sign in, with the sign-up password rules", async () => {
    expect(
      (
        await admin("POST", "/admin/create-admin", {
          email: "second@example.com",
          password: "short",
          name: "Two",
        })
      ).statusCode,
    ).toBe(400);
    const common = await admin("POST", "/admin/create-admin", {
      email: "second@example.com",
      password: "password123",
      name: "Two",
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe("WEAK_PASSWORD");
    const res = await admin("POST", "/admin/create-admin", {
      email: "Second@Example.com",
      password: "a long password",
      name: "Two",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: "second@example.com", role: "admin" });
    expect(
      (
        await admin("POST", "/admin/create-admin", {
          email: "second@example.com",
          password: "a long password",
          name: "Two",
        })
      ).statusCode,
    ).toBe(409);
    const login = await logIn(t.app, { email: "second@example.com", password: "a long password" });
    expect(login.json().user.role).toBe("admin");
    expect((await audit())[0]).toMatchObject({ action: "create-admin", target: "second@example.com" });
  });

  it("computes metrics over users only, and pages, searches and sorts the users list", async () => {
    const metrics = (await admin("GET", "/admin/metrics")).json();
    const users = (await admin("GET", "/admin/users?limit=2&sort=email:asc")).json<{
      items: { email: string }[];
      nextCursor: string;
      total: number;
    }>();
    expect(metrics.totalUsers).toBe(users.total);
    expect(metrics.activeUsers).toBe(users.total);
    expect(users.items).toHaveLength(2);
    const next = (await admin("GET", `/admin/users?limit=2&sort=email:asc&cursor=${users.nextCursor}`)).json<{
      items: { email: string }[];
    }>();
    const emails = [...users.items, ...next.items].map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).not.toContain("root@example.com");
    expect((await admin("GET", "/admin/users?sort=password:asc")).statusCode).toBe(400);
    expect((await admin("GET", "/admin/users?cursor=bogus")).statusCode).toBe(400);
    expect((await admin("GET", "/admin/users?q=%25")).json().total).toBe(0);
  });
});

it("concurrent fundings and withdrawals never overdraw the pool", async () => {
  const users = await Promise.all(Array.from({ length: 5 }, newUser));
  const left = await pool();
  const unit = Math.floor(left / 20);
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? admin("POST", "/admin/fund-wallet", { userId: users[i % 5]?.id, amount: unit })
        : admin("POST", "/admin/withdraw", { address: OUTSIDE, amount: unit }),
    ),
  );
  const ok = answers.filter((res) => res.statusCode === 200 || res.statusCode === 202).length;
  expect(ok).toBe(20);
  expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(20);
  expect(await pool()).toBe(Math.round((left - 20 * unit) * 1e6) / 1e6);
  await t.app.ctx.background.drain();
  expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
});
