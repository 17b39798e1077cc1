import { describe, expect, it } from "vitest";
import type * as auth from "#contracts/auth.ts";
import { allEndpoints } from "#contracts/index.ts";
import type * as user from "#contracts/user.ts";
import type * as wallet from "#contracts/wallet.ts";
import { adminApi } from "./admin.ts";
import { authApi } from "./auth.ts";
import { call, fillPath, type Requester, route } from "./call.ts";
import type { ApiClient, HttpMethod, RequestOptions } from "./client.ts";
import { economyApi } from "./economy.ts";
import { eventsApi } from "./events.ts";
import { rewardsApi } from "./rewards.ts";
import { standingsApi } from "./standings.ts";
import { walletApi } from "./wallet.ts";

interface Sent {
  method: HttpMethod;
  path: string;
  options: RequestOptions | undefined;
}

/** A client that records what it is asked to send and answers `{ data: "answer" }`. */
function recorder() {
  const sent: Sent[] = [];
  const request = async (method: HttpMethod, path: string, options?: RequestOptions) => {
    sent.push({ method, path, options });
    return { data: "answer", error: null };
  };
  return { sent, client: { request } as unknown as ApiClient & Requester };
}

describe("call", () => {
  it("sends the route's method and path, its parameters URL-encoded, and the rest as given", async () => {
    const { sent, client } = recorder();
    const answer = await call(
      client,
      route<typeof wallet.withdrawalStatus>("GET", "/wallet/withdrawals/:id"),
      {
        params: { id: "a/b c" },
        auth: "admin",
      },
    );
    expect(answer).toEqual({ data: "answer", error: null });
    expect(sent).toEqual([
      { method: "GET", path: "/wallet/withdrawals/a%2Fb%20c", options: { auth: "admin" } },
    ]);
  });

  it("passes body, query and headers through, and needs no options for a route without any", async () => {
    const { sent, client } = recorder();
    await call(client, route<typeof user.syncTaps>("POST", "/user/:id/points"), {
      params: { id: "u1" },
      body: { taps: 3, batchId: "b1" },
      headers: { "Idempotency-Key": "k" },
      keepalive: true,
    });
    await call(client, route<typeof auth.me>("GET", "/auth/me"));
    expect(sent[0]).toEqual({
      method: "POST",
      path: "/user/u1/points",
      options: { body: { taps: 3, batchId: "b1" }, headers: { "Idempotency-Key": "k" }, keepalive: true },
    });
    expect(sent[1]).toEqual({ method: "GET", path: "/auth/me", options: {} });
  });

  it("fills every parameter of a path", () => {
    expect(fillPath("/a/:first/b/:second", { first: "1", second: "2" })).toBe("/a/1/b/2");
    expect(fillPath("/plain")).toBe("/plain");
  });

  it("does not compile with a path or method that is not the descriptor's", () => {
    // @ts-expect-error a misspelt path
    route<typeof auth.me>("GET", "/auth/mee");
    // @ts-expect-error the wrong method
    route<typeof auth.me>("POST", "/auth/me");
    // @ts-expect-error a path parameter left out
    void call(recorder().client, route<typeof user.getUser>("GET", "/user/:id"), {});
    expect(true).toBe(true);
  });
});

/** `/user/:id/points` → a pattern that `/user/u1/points` matches. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, "[^/]+")}$`);

describe("the API facades", () => {
  const { sent, client } = recorder();
  const facades = {
    admin: adminApi(client),
    auth: authApi(client),
    economy: economyApi(client),
    events: eventsApi(client),
    rewards: rewardsApi(client),
    standings: standingsApi(client),
    wallet: walletApi(client),
  };

  it.each(Object.entries(facades))("%s: every call is a route the server registers", async (_, facade) => {
    for (const [name, method] of Object.entries(facade)) {
      sent.length = 0;
      await (method as (...args: unknown[]) => Promise<unknown>)("u1", {}, "key-1");
      expect(sent, name).toHaveLength(1);
      const { method: verb, path } = sent[0]!;
      const registered = allEndpoints.some(
        (endpoint) => endpoint.method === verb && patternOf(endpoint.path).test(path),
      );
      expect(registered, `${name}: ${verb} ${path}`).toBe(true);
    }
  });
});
