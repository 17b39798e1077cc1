import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache.ts";
import type { AuthenticatedSession } from "./sessions.ts";

const T0 = Date.parse("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0 + ms);
const session = (userId: string, expiresInMs = 3_600_000): AuthenticatedSession => ({
  sessionId: `s-${userId}`,
  familyId: `f-${userId}`,
  accessExpiresAt: at(expiresInMs),
  revokedAt: null,
  user: {
    id: userId,
    email: `${userId}@example.com`,
    name: userId,
    role: "user",
    trc20_address: null,
  },
});

describe("remembered access tokens", () => {
  it("keeps a token for the TTL, never past its own expiry", () => {
    const cache = new SessionCache(30_000, 10);
    cache.put("a", session("ann"), at(0));
    cache.put("b", session("ben", 10_000), at(0));
    expect(cache.get("a", at(29_999))?.user.id).toBe("ann");
    expect(cache.get("a", at(30_000))).toBeUndefined();
    expect(cache.get("b", at(9_999))?.user.id).toBe("ben");
    expect(cache.get("b", at(10_000))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets every token of a user whose sessions ended, and everything when told", () => {
    const cache = new SessionCache(30_000, 10);
    cache.put("a1", session("ann"), at(0));
    cache.put("a2", session("ann"), at(0));
    cache.put("b", session("ben"), at(0));
    cache.forgetUser("ann");
    expect(cache.get("a1", at(1))).toBeUndefined();
    expect(cache.get("a2", at(1))).toBeUndefined();
    expect(cache.get("b", at(1))?.user.id).toBe("ben");
    cache.clear();
    expect(cache.get("b", at(1))).toBeUndefined();
  });

  it("holds at most its capacity, the oldest going first", () => {
    const cache = new SessionCache(30_000, 2);
    cache.put("a", session("ann"), at(0));
    cache.put("b", session("ben"), at(0));
    cache.put("c", session("cat"), at(0));
    expect(cache.size).toBe(2);
    expect(cache.get("a", at(1))).toBeUndefined();
    expect(cache.get("c", at(1))?.user.id).toBe("cat");
  });
});
