/**
 * Deny by default: every /api route has an explicit policy, a route without one stops the app from starting,
 * and each policy lets exactly the right callers through, in the contract's order (401, 403, then 400).
 */
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { defineEndpoint } from "#contracts/endpoint.ts";
import { allEndpoints } from "#contracts/index.ts";
import { buildApp } from "#server/app.ts";
import { ensureAdmin } from "#server/domain/auth/bootstrap-admin.ts";
import { registerEndpoint } from "#server/routes/register-endpoint.ts";
import { bearer, errorBody, logIn, setupTestApp, signUpAndLogIn, testConfig } from "./helpers/test-app.ts";

const strict = { additionalProperties: false } as const;
const ok = { 200: Type.Object({ ok: Type.Literal(true) }, strict) };
const tags = ["test"];

const selfRoute = defineEndpoint({
  method: "PATCH",
  path: "/test/users/:id",
  policy: "self",
  summary: "Self only",
  tags,
  params: Type.Object({ id: Type.String({ format: "uuid" }) }, strict),
  body: Type.Object({ name: Type.String() }, strict),
  response: ok,
});
const adminRoute = defineEndpoint({
  method: "POST",
  path: "/test/admin",
  policy: "admin",
  summary: "Admins only",
  tags,
  body: Type.Object({ amount: Type.Integer() }, strict),
  response: ok,
});
const loopbackRoute = defineEndpoint({
  method: "POST",
  path: "/test/devnet",
  policy: "loopback",
  summary: "Local callers only",
  tags,
  response: ok,
});

const t = setupTestApp({
  config: { trustProxy: true },
  plugins: [
    async (app) => {
      for (const endpoint of [selfRoute, adminRoute, loopbackRoute]) {
        registerEndpoint(app, endpoint, async () => ({ ok: true as const }));
      }
    },
  ],
});

describe("route registry", () => {
  it("gives every /api route an explicit policy and registers every contract endpoint with its own", () => {
    const routes = t.app.registeredRoutes;
    for (const route of routes)
      expect(["public", "authenticated", "self", "admin", "loopback", "metrics"]).toContain(route.policy);
    // Behind a proxy (this app trusts one) the devnet's tools do not exist at all (wallet-rewards.test.ts).
    for (const endpoint of allEndpoints.filter((e) => !e.path.startsWith("/devnet/"))) {
      expect(routes, `${endpoint.method} ${endpoint.path}`).toContainEqual({
        method: endpoint.method,
        path: `/api${endpoint.path}`,
        policy: endpoint.policy,
      });
    }
    const undocumentedPublic = routes.filter(
      (r) => !r.path.startsWith("/api/docs") && !r.path.startsWith("/api/test/") && r.policy === "public",
    );
    expect(undocumentedPublic.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        "GET /api/health",
        "GET /api/ready",
        "POST /api/auth/forgot-password",
        "POST /api/auth/login",
        "POST /api/auth/refresh",
        "POST /api/auth/reset-password",
        "POST /api/auth/signup",
        "POST /api/auth/telegram",
        "POST /api/auth/verify-email",
      ].sort(),
    );
  });

  it("refuses to start when a route has no policy", async () => {
    await expect(
      buildApp({
        config: testConfig(),
        db: t.database.handle,
        logger: false,
        plugins: [
          async (app) => {
            app.get("/api/unguarded", async () => ({ secret: true }));
          },
        ],
      }),
    ).rejects.toThrow("GET /api/unguarded has no authorization policy");
  });

  it("lets routes outside /api (the SPA) go without a policy", async () => {
    const app = await t.buildAnother({
      plugins: [
        async (instance) => {
          instance.get("/robots.txt", async () => "User-agent: *");
        },
      ],
    });
    expect((await app.inject({ url: "/robots.txt" })).statusCode).toBe(200);
  });
});

describe("policies", () => {
  it("self: 401 without a token, 403 for another user's id (even with a bad body), 200 for one's own", async () => {
    const alice = await signUpAndLogIn(t.app);
    const bob = await signUpAndLogIn(t.app);
    const url = (id: string) => `/api/test/users/${id}`;
    const anonymous = await t.app.inject({ method: "PATCH", url: url(alice.user.id), payload: { name: 1 } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(errorBody("UNAUTHORIZED", "Please sign in to continue."));
    const other = await t.app.inject({
      method: "PATCH",
      url: url(alice.user.id),
      payload: { name: 1 },
      headers: bearer(bob.session.access_token),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe("FORBIDDEN");
    const badId = await t.app.inject({
      method: "PATCH",
      url: url("not-a-uuid"),
      payload: { name: "x" },
      headers: bearer(alice.session.access_token),
    });
    expect(badId.statusCode).toBe(403);
    const ownBadBody = await t.app.inject({
      method: "PATCH",
      url: url(alice.user.id),
      payload: { name: 1 },
      headers: bearer(alice.session.access_token),
    });
    expect(ownBadBody.statusCode).toBe(400);
    const own = await t.app.inject({
      method: "PATCH",
      url: url(alice.user.id),
      payload: { name: "x" },
      headers: bearer(alice.session.access_token),
    });
    expect(own.statusCode).toBe(200);
  });

  it("admin: 401 anonymous, 403 for a user (before the body is checked), 200 for an admin", async () => {
    const user = await signUpAndLogIn(t.app);
    await ensureAdmin({
      db: t.database.handle.db,
      clock: t.clock,
      adminEmail: "root@example.com",
      adminPassword: "admin password",
    });
    const admin = await logIn(t.app, { email: "root@example.com", password: "admin password" });
    expect(admin.json().user.role).toBe("admin");
    const adminToken = admin.json().session.access_token as string;

    const call = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: "POST", url: "/api/test/admin", headers, payload: payload as object });
    expect((await call({}, { amount: 1 })).statusCode).toBe(401);
    expect((await call(bearer(user.session.access_token), { amount: "1" })).statusCode).toBe(403);
    expect((await call(bearer(adminToken), { amount: "1" })).statusCode).toBe(400);
    expect((await call(bearer(adminToken), { amount: 1 })).statusCode).toBe(200);
  });

  it("loopback: only callers on 127.0.0.1/::1, whatever X-Forwarded-For claims", async () => {
    const local = await t.app.inject({ method: "POST", url: "/api/test/devnet" });
    expect(local.statusCode).toBe(200);
    const remote = await t.app.inject({
      method: "POST",
      url: "/api/test/devnet",
      remoteAddress: "203.0.113.9",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().error.code).toBe("FORBIDDEN");
    // A reverse proxy on this machine connects from loopback, but says it forwards: not a local caller.
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "via"]) {
      const proxied = await t.app.inject({
        method: "POST",
        url: "/api/test/devnet",
        headers: { [header]: header === "forwarded" ? "for=203.0.113.9" : "203.0.113.9" },
      });
      expect(proxied.statusCode, header).toBe(403);
    }
  });

  it("authenticated: refuses missing, malformed and unknown tokens alike", async () => {
    for (const authorization of [
      undefined,
      "Bearer",
      "Basic abc",
      "Bearer a b",
      "Bearer unknown-token",
      "Bearer ✓",
    ]) {
      const res = await t.app.inject({
        url: "/api/auth/me",
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual(errorBody("UNAUTHORIZED", "Please sign in to continue."));
    }
  });
});
