/**
 * The HTTP shell around the routes: health, request ids, security headers, CORS, error bodies for every kind
 * of failure, strict input handling, OpenAPI, and the SPA with its history fallback.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { afterAll, describe, expect, it } from "vitest";
import { defineEndpoint } from "#contracts/endpoint.ts";
import { PRERENDERED_PAGES } from "#contracts/prerendered-pages.ts";
import { registerEndpoint } from "#server/routes/register-endpoint.ts";
import { precompressDir } from "../../scripts/precompress.ts";
import { errorBody, setupTestApp, testEngine, uniqueEmail } from "./helpers/test-app.ts";

const distDir = mkdtempSync(path.join(tmpdir(), "tr-dist-"));
mkdirSync(path.join(distDir, "assets"));
writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>TapRewards SPA</title>");
writeFileSync(path.join(distDir, "assets", "app-abc123.js"), "console.log('app')");
/** A bundle big enough to be worth compressing, with its .br and .gz written as the build writes them. */
const bundle = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
writeFileSync(path.join(distDir, "assets", "big-def456.js"), bundle);
const compressedFiles = precompressDir(distDir);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const boom = defineEndpoint({
  method: "GET",
  path: "/test/boom",
  policy: "public",
  summary: "Throws an unexpected error",
  tags: ["test"],
  response: { 200: Type.Object({}) },
});

const echo = defineEndpoint({
  method: "POST",
  path: "/test/echo",
  policy: "public",
  summary: "Echoes a strictly typed body",
  tags: ["test"],
  body: Type.Object({ n: Type.Integer(), flag: Type.Boolean() }, { additionalProperties: false }),
  response: { 200: Type.Object({ n: Type.Integer(), flag: Type.Boolean() }) },
});

const list = defineEndpoint({
  method: "GET",
  path: "/test/list",
  policy: "public",
  summary: "Echoes a typed query string",
  tags: ["test"],
  querystring: Type.Object(
    {
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      ratio: Type.Optional(Type.Number()),
      flag: Type.Optional(Type.Boolean()),
      cursor: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ query: Type.Any() }) },
});

const t = setupTestApp({
  distDir,
  plugins: [
    async (app) => {
      registerEndpoint(app, boom, async () => {
        throw new Error("secret internals: password=hunter2 at /srv/db.ts:42");
      });
      registerEndpoint(app, echo, async ({ body }) => body);
      registerEndpoint(app, list, async ({ query }) => ({ query }));
    },
  ],
});

const countUsers = async () => {
  const row = await t.database.handle.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
};

describe("health", () => {
  it("says which database and chain this process uses", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: testEngine(), chain: "local" });
  });
});

describe("every answer", () => {
  it("carries an x-request-id, also on errors and unknown paths", async () => {
    for (const url of ["/api/health", "/api/auth/me", "/api/nope", "/api/test/boom"]) {
      const res = await t.app.inject({ url });
      expect(res.headers["x-request-id"], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("keeps a well-formed incoming request id and replaces a malformed one", async () => {
    const kept = await t.app.inject({ url: "/api/health", headers: { "x-request-id": "edge-42.abc" } });
    expect(kept.headers["x-request-id"]).toBe("edge-42.abc");
    const replaced = await t.app.inject({ url: "/api/health", headers: { "x-request-id": "<script>" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("has security headers and a CSP that allows only our own scripts", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("CORS", () => {
  it("is closed by default: no CORS headers, preflight finds nothing", async () => {
    const res = await t.app.inject({ url: "/api/health", headers: { origin: "https://evil.example.com" } });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/auth/login",
      headers: { origin: "https://evil.example.com", "access-control-request-method": "POST" },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows exactly the configured origins", async () => {
    const app = await t.buildAnother({ config: { corsOrigins: ["https://app.example.com"] } });
    const preflight = await app.inject({
      method: "OPTIONS",
      url: "/api/auth/login",
      headers: { origin: "https://app.example.com", "access-control-request-method": "POST" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://app.example.com");
    expect(String(preflight.headers["access-control-allow-headers"])).toContain("Authorization");
    const other = await app.inject({ url: "/api/health", headers: { origin: "https://evil.example.com" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("errors", () => {
  it("answers unknown /api paths with a JSON 404", async () => {
    for (const req of [
      { url: "/api/nope" },
      { url: "/api/nope", headers: { accept: "text/html" } },
      { method: "DELETE" as const, url: "/api/auth/me" },
    ]) {
      const res = await t.app.inject(req);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody("NOT_FOUND", "There is nothing at this address."));
    }
  });

  it("turns an unexpected error into a 500 without stack or internals", async () => {
    const res = await t.app.inject({ url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(
      errorBody("SERVER_ERROR", "Something went wrong on our side. Please try again."),
    );
    expect(res.body).not.toMatch(/stack|hunter2|srv|\.ts/);
  });
});

describe("bad input", () => {
  const send = (payload: string, contentType = "application/json") =>
    t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      payload,
      headers: { "content-type": contentType },
    });

  it("takes a well-formed body", async () => {
    const res = await send(JSON.stringify({ n: 5, flag: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 5, flag: true });
  });

  it.each([
    ['{"n":"5","flag":true}', "body/n must be integer"],
    ['{"n":"1e3","flag":true}', "body/n must be integer"],
    ['{"n":5,"flag":1}', "body/flag must be boolean"],
    ['{"n":5,"flag":"true"}', "body/flag must be boolean"],
    ['{"n":5.5,"flag":true}', "body/n must be integer"],
    ['{"n":5,"flag":true,"extra":1}', "body/extra is not allowed"],
    ['{"n":5}', "body/flag is required"],
    ["[1,2]", "body must be a JSON object"],
    ['"text"', "body must be a JSON object"],
    ["null", "body must be a JSON object"],
  ])("never coerces or drops fields: %s", async (payload, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody("VALIDATION_ERROR", message));
  });

  it.each([
    ['{"n":5,"flag":true,"__proto__":{"admin":true}}'],
    ['{"n":5,"flag":true,"constructor":{"prototype":{"admin":true}}}'],
    ['{"n":5,'],
    ["not json"],
  ])("refuses prototype pollution and malformed JSON: %s", async (payload) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody("VALIDATION_ERROR", "The request body is not valid JSON."));
  });

  it("refuses an empty JSON body and a missing body", async () => {
    const empty = await send("");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("VALIDATION_ERROR");
    const missing = await t.app.inject({ method: "POST", url: "/api/test/echo" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(errorBody("VALIDATION_ERROR", "body must be a JSON object"));
  });

  it("refuses bodies over 16 KiB with 413 and other media types with 415", async () => {
    const huge = await send(JSON.stringify({ n: 1, flag: true, pad: "x".repeat(20 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual(errorBody("PAYLOAD_TOO_LARGE", "The request body is larger than 16 KiB."));
    const xml = await send("<n>5</n>", "application/xml");
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("leaves the database untouched when sign-up input is bad", async () => {
    const before = await countUsers();
    const email = uniqueEmail();
    const bodies: Array<string> = [
      JSON.stringify({ email, password: 12345678, name: "N" }),
      JSON.stringify({ email, password: "pass-phrase-1", name: "N", role: "admin" }),
      `{"email":"${email}","password":"pass-phrase-1","name":"N","__proto__":{"role":"admin"}}`,
      JSON.stringify({ email: [email], password: "pass-phrase-1", name: "N" }),
      JSON.stringify({ email: "not-an-email", password: "pass-phrase-1", name: "N" }),
      JSON.stringify({ email, password: "short", name: "N" }),
      JSON.stringify({ email, password: "pass-phrase-1", name: "" }),
      JSON.stringify({ email, password: "pass-phrase-1", name: "N", pad: "x".repeat(20 * 1024) }),
      "{",
      "",
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload,
        headers: { "content-type": "application/json" },
      });
      expect([400, 413], payload.slice(0, 80)).toContain(res.statusCode);
      expect(Object.keys(res.json())).toEqual(["error"]);
      expect(Object.keys(res.json().error)).toEqual(["code", "message"]);
    }
    expect(await countUsers()).toBe(before);
  });
});

describe("query strings", () => {
  const query = async (qs: string) => {
    const res = await t.app.inject({ url: `/api/test/list?${qs}` });
    return { status: res.statusCode, body: res.json() };
  };

  it("reads declared numbers and booleans from their plain spelling only", async () => {
    expect(await query("limit=10&ratio=0.5&flag=true&cursor=10")).toEqual({
      status: 200,
      body: { query: { limit: 10, ratio: 0.5, flag: true, cursor: "10" } },
    });
    for (const qs of [
      "limit=1e1",
      "limit=0x10",
      "limit=%2010",
      "limit=10.0",
      "limit=abc",
      "flag=1",
      "limit=0",
    ]) {
      const res = await query(qs);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("refuses unknown and repeated parameters", async () => {
    expect((await query("limit=1&extra=1")).body).toEqual(
      errorBody("VALIDATION_ERROR", "querystring/extra is not allowed"),
    );
    expect((await query("limit=1&limit=2")).body).toEqual(
      errorBody("VALIDATION_ERROR", "querystring/limit must be integer"),
    );
  });
});

describe("OpenAPI", () => {
  it("lists every auth path with its schemas and the shared error body", async () => {
    const res = await t.app.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      "/api/health",
      "/api/auth/signup",
      "/api/auth/login",
      "/api/auth/refresh",
      "/api/auth/logout",
      "/api/auth/forgot-password",
      "/api/auth/reset-password",
      "/api/auth/me",
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths["/api/auth/signup"].post.responses).toHaveProperty(["201"]);
    expect(doc.paths["/api/auth/me"].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.schemas).toHaveProperty(["ErrorBody"]);
  });

  it("serves the browsable page", async () => {
    const res = await t.app.inject({ url: "/api/docs", headers: { accept: "text/html" } });
    const page = res.statusCode === 302 ? await t.app.inject({ url: String(res.headers.location) }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger-ui");
    const initializer = await t.app.inject({ url: "/api/docs/static/swagger-initializer.js" });
    expect(initializer.statusCode).toBe(200);
  });
});

describe("the SPA", () => {
  it("serves index.html at / and for any client route a browser opens", async () => {
    for (const url of ["/", "/auth?mode=reset&token=abc", "/admin/users", "/wallet"]) {
      const res = await t.app.inject({ url, headers: { accept: "text/html,application/xhtml+xml" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("TapRewards SPA");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves fingerprinted assets for a year and 404s missing ones as JSON", async () => {
    const asset = await t.app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const missing = await t.app.inject({ url: "/assets/gone.js", headers: { accept: "*/*" } });
    expect(missing.statusCode).toBe(404);
  });

  it("compresses at build time only what is worth it: text files of 1 KiB and more", () => {
    expect(compressedFiles).toBe(1);
    expect(existsSync(path.join(distDir, "assets", "app-abc123.js.br"))).toBe(false);
    expect(existsSync(path.join(distDir, "assets", "big-def456.js.br"))).toBe(true);
  });

  it("sends the pre-compressed copy the browser accepts, the same bytes once decoded, and varies on it", async () => {
    const url = "/assets/big-def456.js";
    const brotli = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("Accept-Encoding");
    expect(brotli.headers["content-type"]).toContain("javascript");
    expect(brotli.headers["cache-control"]).toContain("immutable");
    expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(bundle) / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bundle);

    const gzip = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);

    const plain = await t.app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it("answers / to any client, not only to browsers, as the folder's index did", async () => {
    const res = await t.app.inject({ url: "/", headers: { accept: "*/*" } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("TapRewards SPA");
    expect((await t.app.inject({ method: "POST", url: "/" })).statusCode).toBe(404);
  });

  it("says how to build it when dist is missing", async () => {
    const app: FastifyInstance = await t.buildAnother({ distDir: path.join(distDir, "does-not-exist") });
    const res = await app.inject({ url: "/wallet", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(503);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("npm run build");
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
  });
});

describe("the public pages built as HTML (docs/decisions/043)", () => {
  /** A build with the shell and every built page, each page naming itself in its body. */
  const builtDir = mkdtempSync(path.join(tmpdir(), "tr-built-"));
  writeFileSync(path.join(builtDir, "index.html"), "<!doctype html><title>TapRewards SPA</title>");
  for (const page of PRERENDERED_PAGES) {
    mkdirSync(path.dirname(path.join(builtDir, page.file)), { recursive: true });
    // Big enough to be compressed, as the build's pages are.
    writeFileSync(
      path.join(builtDir, page.file),
      `<title>built ${page.href}</title>${"<p>text</p>".repeat(200)}`,
    );
  }
  precompressDir(builtDir);
  afterAll(() => rmSync(builtDir, { recursive: true, force: true }));
  const html = { accept: "text/html" };

  it("sends each address its own page, and the shell to every other client route", async () => {
    const app = await t.buildAnother({ distDir: builtDir });
    const expected: [string, string][] = [
      ["/", "built /"],
      ["/?utm_source=x", "built /"],
      ["/auth", "built /auth<"],
      ["/auth?mode=login&redirect=%2Fwallet", "built /auth<"],
      ["/auth?mode=signup&ref=abc", "built /auth?mode=signup"],
      ["/auth?mode=reset&token=abc", "built /auth?mode=reset"],
      ["/auth?mode=verify&token=abc", "built /auth?mode=verify"],
      ["/auth?mode=forgot", "built /auth?mode=forgot"],
      ["/auth?mode=nonsense", "built /auth<"],
      ["/wallet", "TapRewards SPA"],
      ["/features", "TapRewards SPA"],
      ["/admin/users", "TapRewards SPA"],
      ["/no/such/page", "TapRewards SPA"],
    ];
    for (const [url, body] of expected) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(body);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("sends a page compressed like every other file", async () => {
    const app = await t.buildAnother({ distDir: builtDir });
    const res = await app.inject({ url: "/auth?mode=signup", headers: { ...html, "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toContain("text/html");
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain("built /auth?mode=signup");
  });
});
