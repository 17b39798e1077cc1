import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient, normaliseThrown, REQUEST_TIMEOUT_MS } from "#src/api/client.ts";
import { cleanMessage, outcomeUnknown } from "#src/api/errors.ts";
import { STORAGE_KEYS } from "#src/api/storage-keys.ts";

// msw intercepts ofetch in node when the base URL is absolute (docs/toolchain.md).
const BASE = "http://api.test/api";
const server = setupServer();
/** Tokens come from the caller (the runtime reads them from the stored sessions); these are the test's. */
const tokens: { user: string | null; admin: string | null } = { user: null, admin: null };
const client = () => createApiClient({ baseURL: BASE, getToken: (auth) => tokens[auth] });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  tokens.user = null;
  tokens.admin = null;
});

describe("successful answers", () => {
  it("resolves the body as data and sends the user's bearer token and JSON content type", async () => {
    tokens.user = "tok-123";
    let seen: { auth: string | null; type: string | null } = { auth: null, type: null };
    server.use(
      http.post(`${BASE}/echo`, async ({ request }) => {
        seen = { auth: request.headers.get("authorization"), type: request.headers.get("content-type") };
        return HttpResponse.json({ ok: true, got: await request.json() });
      }),
    );
    const result = await client().post<{ ok: boolean; got: unknown }>("/echo", { a: 1 });
    expect(result).toEqual({ data: { ok: true, got: { a: 1 } }, error: null });
    expect(seen).toEqual({ auth: "Bearer tok-123", type: "application/json" });
  });

  it("sends no Authorization header when there is no token, or the call needs none", async () => {
    tokens.admin = "adm";
    let auth: string | null = "unset";
    server.use(
      http.get(`${BASE}/me`, ({ request }) => {
        auth = request.headers.get("authorization");
        return HttpResponse.json({});
      }),
    );
    await client().get("/me");
    expect(auth).toBeNull();
    await client().get("/me", { auth: "none" });
    expect(auth).toBeNull();
  });
});

describe("docs/product.md §8 (1): a 2xx body carrying an error object", () => {
  it("becomes data null with the body's message, code and the HTTP status", async () => {
    server.use(
      http.get(`${BASE}/x`, () =>
        HttpResponse.json({ error: { message: "wallet_not_ready", code: "WALLET_BUSY" } }),
      ),
    );
    expect(await client().get("/x")).toEqual({
      data: null,
      error: { message: "Wallet not ready", code: "WALLET_BUSY", status: 200 },
    });
  });

  it("defaults the code to API_RESPONSE_ERROR", async () => {
    server.use(http.get(`${BASE}/x`, () => HttpResponse.json({ error: { message: "bad thing" } })));
    expect((await client().get("/x")).error).toEqual({
      message: "Bad thing",
      code: "API_RESPONSE_ERROR",
      status: 200,
    });
  });
});

describe("docs/product.md §8 (2): a failed response", () => {
  it("takes message and code from the body's top level first", async () => {
    server.use(
      http.get(`${BASE}/x`, () =>
        HttpResponse.json(
          { message: "top message", code: "TOP", error: { message: "nested", code: "NESTED" } },
          { status: 400 },
        ),
      ),
    );
    expect((await client().get("/x")).error).toEqual({ message: "Top message", code: "TOP", status: 400 });
  });

  it("falls back to the nested error object (our server's shape)", async () => {
    server.use(
      http.post(`${BASE}/auth/login`, () =>
        HttpResponse.json(
          { error: { code: "INVALID_CREDENTIALS", message: "Invalid email or password." } },
          { status: 403 },
        ),
      ),
    );
    expect((await client().post("/auth/login", {})).error).toEqual({
      message: "Invalid email or password.",
      code: "INVALID_CREDENTIALS",
      status: 403,
    });
  });

  it("uses the client's message and API_ERROR when the body says nothing", async () => {
    server.use(http.get(`${BASE}/x`, () => new HttpResponse("nope", { status: 404 })));
    const { data, error } = await client().get("/x");
    expect(data).toBeNull();
    expect(error?.code).toBe("API_ERROR");
    expect(error?.status).toBe(404);
    expect(error?.message).toMatch(/404/);
  });

  it("reads a 5xx without a message as a server error", async () => {
    server.use(http.get(`${BASE}/x`, () => new HttpResponse(null, { status: 502 })));
    expect((await client().get("/x")).error).toEqual({
      message: "An error occurred with the server",
      code: "SERVER_ERROR",
      status: 502,
    });
  });

  it("keeps a 5xx body's own message and code", async () => {
    server.use(
      http.get(`${BASE}/x`, () =>
        HttpResponse.json({ error: { code: "SERVER_ERROR", message: "Something broke." } }, { status: 500 }),
      ),
    );
    expect((await client().get("/x")).error).toEqual({
      message: "Something broke.",
      code: "SERVER_ERROR",
      status: 500,
    });
  });

  it("returns a 401 as its error and touches no storage: the session machines decide what follows", async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, "t");
    localStorage.setItem(STORAGE_KEYS.userData, "{}");
    localStorage.setItem(STORAGE_KEYS.authSession, "{}");
    localStorage.setItem(STORAGE_KEYS.adminSession, JSON.stringify({ accessToken: "adm" }));
    localStorage.setItem(STORAGE_KEYS.adminUser, "{}");
    tokens.user = "t";
    server.use(
      http.get(`${BASE}/me`, () =>
        HttpResponse.json({ error: { code: "UNAUTHORIZED", message: "Sign in." } }, { status: 401 }),
      ),
    );
    const { error } = await client().get("/me");
    expect(error).toEqual({ message: "Sign in.", code: "UNAUTHORIZED", status: 401 });
    expect(localStorage.length).toBe(5);
  });

  it("sends the admin's token to an admin call, and returns its 401 as the error", async () => {
    tokens.admin = "adm";
    let auth: string | null = null;
    server.use(
      http.get(`${BASE}/admin/metrics`, ({ request }) => {
        auth = request.headers.get("authorization");
        return HttpResponse.json({ error: { code: "TOKEN_EXPIRED", message: "Expired." } }, { status: 401 });
      }),
    );
    const { error } = await client().get("/admin/metrics", { auth: "admin" });
    expect(auth).toBe("Bearer adm");
    expect(error).toEqual({ message: "Expired.", code: "TOKEN_EXPIRED", status: 401 });
  });

  it("reports a token that cannot be read as REQUEST_ERROR, sending nothing", async () => {
    const broken = createApiClient({
      baseURL: BASE,
      getToken: () => {
        throw new Error("storage refused");
      },
    });
    expect((await broken.get("/x")).error).toEqual({
      code: "REQUEST_ERROR",
      message: "Request configuration error.",
    });
  });
});

describe("docs/product.md §8 (3) and (4): no response, bad request", () => {
  it("normalises a network failure to NETWORK_ERROR with status 0", async () => {
    server.use(http.get(`${BASE}/x`, () => HttpResponse.error()));
    expect(await client().get("/x")).toEqual({
      data: null,
      error: { code: "NETWORK_ERROR", status: 0, message: "Network error. Please check your connection." },
    });
  });

  it("gives up after the 10 s time-out as a network error, without rejecting", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      server.use(
        http.get(`${BASE}/slow`, async () => {
          await delay("infinite");
          return HttpResponse.json({});
        }),
      );
      const pending = client().get("/slow");
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 10);
      expect((await pending).error?.code).toBe("NETWORK_ERROR");
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports a request that cannot be built as REQUEST_ERROR", async () => {
    const broken = createApiClient({ baseURL: "http://[bad", getToken: () => null });
    expect((await broken.get("/x")).error).toEqual({
      code: "REQUEST_ERROR",
      message: "Request configuration error.",
    });
  });

  it("treats a fetch that throws (offline) as a network error", async () => {
    const offline = createApiClient({
      baseURL: BASE,
      getToken: () => null,
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    expect((await offline.get("/x")).error?.code).toBe("NETWORK_ERROR");
  });

  it("reports anything else thrown as UNKNOWN_ERROR", () => {
    expect(normaliseThrown({ weird: true })).toEqual({
      code: "UNKNOWN_ERROR",
      message: "An unexpected error occurred. Please try again.",
    });
  });
});

describe("message cleaning", () => {
  it.each([
    ["invalid_credentials", "Invalid credentials"],
    ["already Clean", "Already Clean"],
    ["  padded_value ", "Padded value"],
  ])("%s → %s", (raw, cleaned) => {
    expect(cleanMessage(raw)).toBe(cleaned);
  });
});

describe("outcomeUnknown: may the server have done it anyway?", () => {
  it("says yes for a network error, a 5xx and a key still being processed", async () => {
    server.use(
      http.post(`${BASE}/down`, () => HttpResponse.error()),
      http.post(`${BASE}/broken`, () => HttpResponse.json({}, { status: 502 })),
      http.post(`${BASE}/busy`, () =>
        HttpResponse.json({ error: { code: "CONFLICT", message: "Still running." } }, { status: 409 }),
      ),
    );
    for (const path of ["/down", "/broken", "/busy"]) {
      const { error } = await client().post(path, {});
      expect(error && outcomeUnknown(error), path).toBe(true);
    }
  });

  it("says no for a definitive answer, even a 409", async () => {
    server.use(
      http.post(`${BASE}/refused`, () =>
        HttpResponse.json(
          { error: { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance" } },
          { status: 409 },
        ),
      ),
      http.post(`${BASE}/invalid`, () =>
        HttpResponse.json({ error: { code: "VALIDATION_ERROR", message: "Bad." } }, { status: 400 }),
      ),
    );
    for (const path of ["/refused", "/invalid"]) {
      const { error } = await client().post(path, {});
      expect(error, path).not.toBeNull();
      expect(error && outcomeUnknown(error), path).toBe(false);
    }
  });
});
