/**
 * Defects found by attacking the product from outside: each answers 4xx with the error body (never a 500)
 * and changes nothing. Control characters in text, crafted list cursors, money routes for users who never
 * had a ledger account, malformed HTTP, and the transport headers.
 */
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "#server/domain/auth/bootstrap-admin.ts";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import {
  type Caller,
  purchase,
  randomKey,
  sessionCaller,
  snapshot,
  withdrawRewards,
} from "./helpers/rewards.ts";
import { bearer, logIn, setupTestApp, signUpAndLogIn, uniqueEmail } from "./helpers/test-app.ts";

const t = setupTestApp();
let caller: Caller;
let adminToken = "";

beforeAll(async () => {
  caller = sessionCaller(await signUpAndLogIn(t.app));
  await ensureAdmin({
    db: t.database.handle.db,
    clock: t.clock,
    adminEmail: "boss@example.com",
    adminPassword: "a long admin password",
  });
  adminToken = (await logIn(t.app, { email: "boss@example.com", password: "a long admin password" })).json()
    .session.access_token;
});

const NUL = "\u0000";

function expectErrorBody(res: { statusCode: number; json: () => unknown }, status: number, label: string) {
  expect(res.statusCode, label).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(Object.keys(body), label).toEqual(["error"]);
  return body.error;
}

describe("control characters in text", () => {
  it("refuses NUL and other control characters in every text field with 400, creating nothing", async () => {
    const users = async () => (await t.database.handle.db.selectFrom("users").select("id").execute()).length;
    const before = await users();
    const cases: [string, string, object, Record<string, string>?][] = [
      ["login email", "/api/auth/login", { email: `a${NUL}@example.com`, password: "whatever1" }],
      ["login password", "/api/auth/login", { email: caller.email, password: `pass${NUL}word` }],
      ["forgot email", "/api/auth/forgot-password", { email: `a${NUL}@example.com` }],
      [
        "signup name",
        "/api/auth/signup",
        { email: uniqueEmail(), password: "correct horse battery", name: `A${NUL}B` },
      ],
      [
        "signup name (bell)",
        "/api/auth/signup",
        { email: uniqueEmail(), password: "correct horse battery", name: "A\u0007B" },
      ],
      [
        "signup email",
        "/api/auth/signup",
        { email: `x${NUL}@example.com`, password: "correct horse battery", name: "A" },
      ],
      [
        "create-admin name",
        "/api/admin/create-admin",
        { email: uniqueEmail(), password: "correct horse battery", name: `Boss${NUL}` },
        bearer(adminToken),
      ],
    ];
    for (const [label, url, payload, headers] of cases) {
      const res = await t.app.inject({ method: "POST", url, payload, headers: headers ?? {} });
      const error = expectErrorBody(res, 400, label);
      expect(error.code, label).toBe("VALIDATION_ERROR");
      // Names shown to others also refuse text-direction characters, and say so (docs/decisions/033).
      expect(error.message, label).toMatch(
        label.includes("name")
          ? /^body\/name must not contain control or text-direction characters$/
          : /must not contain control characters$/,
      );
    }
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/user/${caller.id}`,
      headers: bearer(caller.token),
      payload: { name: `Me${NUL}` },
    });
    expect(expectErrorBody(patch, 400, "PATCH name").message).toBe(
      "body/name must not contain control or text-direction characters",
    );
    const reversed = await t.app.inject({
      method: "PATCH",
      url: `/api/user/${caller.id}`,
      headers: bearer(caller.token),
      payload: { name: "Me\u202eem" },
    });
    expect(expectErrorBody(reversed, 400, "PATCH name (override)").message).toBe(
      "body/name must not contain control or text-direction characters",
    );
    for (const list of ["users", "users-with-funded-wallets", "users-without-funded-wallets"]) {
      const res = await t.app.inject({
        url: `/api/admin/${list}?q=${encodeURIComponent(`a${NUL}b`)}`,
        headers: bearer(adminToken),
      });
      expect(expectErrorBody(res, 400, list).message).toBe(
        "querystring/q must not contain control characters",
      );
    }
    expect(await users()).toBe(before);
    const me = await t.app.inject({ url: `/api/user/${caller.id}`, headers: bearer(caller.token) });
    expect(me.json().name).toBe("Test User");
  });

  it("still takes ordinary text, including accents, emoji and spaces", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/user/${caller.id}`,
      headers: bearer(caller.token),
      payload: { name: "Zoë 🚀 Ångström" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe("Zoë 🚀 Ångström");
  });
});

describe("crafted list cursors", () => {
  const cursorOf = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString("base64url");

  it("answers 400 for a position in a year the database cannot hold, on every keyset list", async () => {
    const urls: [string, string, string][] = [
      [`/api/user/${caller.id}/points/history`, "00000000-0000-4000-8000-000000000000", caller.token],
      [`/api/user/${caller.id}/multiplier/history`, "1", caller.token],
      ["/api/wallet/history", "1", caller.token],
      ["/api/admin/withdrawals", "1", adminToken],
      ["/api/admin/audit-log", "1", adminToken],
    ];
    for (const [url, id, token] of urls) {
      for (const at of [
        "-271821-04-20T00:00:00.000Z",
        "+275760-09-13T00:00:00.000Z",
        "0001-01-01T00:00:00.000Z",
      ]) {
        const res = await t.app.inject({ url: `${url}?cursor=${cursorOf(at, id)}`, headers: bearer(token) });
        const error = expectErrorBody(res, 400, `${url} ${at}`);
        expect(error.message).toBe("querystring/cursor is invalid: pass back a nextCursor unchanged");
      }
      const fine = await t.app.inject({
        url: `${url}?cursor=${cursorOf("2026-01-01T00:00:00.000Z", id)}`,
        headers: bearer(token),
      });
      expect(fine.statusCode, url).toBe(200);
    }
  });
});

describe("money routes for a user with no ledger account yet", () => {
  it("refuses each money movement with its own 409, never a 500, and changes nothing", async () => {
    const fresh = sessionCaller(await signUpAndLogIn(t.app));
    const generated = await t.app.inject({
      method: "POST",
      url: "/api/wallet/generate",
      headers: bearer(fresh.token),
      payload: { type: "trc20" },
    });
    expect(generated.statusCode).toBe(200);
    const before = await snapshot(t.app, fresh);

    const transfer = await t.app.inject({
      method: "POST",
      url: "/api/wallet/token/transfer",
      headers: { ...bearer(fresh.token), "idempotency-key": randomKey() },
      payload: { to: "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K", amount: 300 },
    });
    const transferError = expectErrorBody(transfer, 409, "token/transfer");
    expect(transferError).toEqual({
      code: "INSUFFICIENT_BALANCE",
      message: "Insufficient balance for withdrawal",
    });
    expect(
      expectErrorBody(await purchase(t.app, fresh, { multiplier_value: 0.002 }), 409, "purchase").code,
    ).toBe("NOT_ENOUGH_POINTS");
    expect(
      expectErrorBody(await withdrawRewards(t.app, fresh, { amount: 1 }), 409, "withdraw-rewards").code,
    ).toBe("INSUFFICIENT_BALANCE");
    const balance = await t.app.inject({ url: "/api/wallet/balance", headers: bearer(fresh.token) });
    expect(balance.json()).toEqual({ success: true, balance: 0 });
    expect(await snapshot(t.app, fresh)).toEqual(before);
    await checkLedgerInvariants(t.database.handle.db);
  });
});

describe("HTTP edges", () => {
  it("answers malformed HTTP with the API's error body", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, "127.0.0.1", () =>
        socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"),
      );
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk.toString();
      });
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain("Content-Type: application/json");
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4));
    expect(body).toEqual({ error: { code: "VALIDATION_ERROR", message: "The request is not valid HTTP." } });
  });

  it("sends HSTS only over HTTPS, as a trusted proxy reports it", async () => {
    const plain = await t.app.inject({ url: "/api/health" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim HTTPS.
    const claimed = await t.app.inject({ url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(claimed.headers["strict-transport-security"]).toBeUndefined();
    const behindProxy = await t.buildAnother({ config: { trustProxy: true } });
    const viaProxy = await behindProxy.inject({
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(viaProxy.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("marks API answers no-store, authenticated or not, and leaves the app's assets cacheable", async () => {
    const me = await t.app.inject({ url: "/api/auth/me", headers: bearer(caller.token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-store");
    const login = await logIn(t.app, { email: caller.email, password: "wrong password" });
    expect(login.headers["cache-control"]).toBe("no-store");
    const multipliers = await t.app.inject({ url: "/api/wallet/multipliers", headers: bearer(caller.token) });
    expect(multipliers.headers["cache-control"]).toBe("no-store");
  });
});
