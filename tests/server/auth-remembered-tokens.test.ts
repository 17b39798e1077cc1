/**
 * A player's own routes trust a token this instance checked within the last seconds (docs/decisions/027), and
 * a logout or a password reset stops that at once: on the instance that ended the sessions, and on another
 * instance (its own pool and listener on PostgreSQL) as soon as the commit's NOTIFY reaches it.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { bearer, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();

const points = (app: FastifyInstance, user: { id: string; token: string }) =>
  app.inject({ url: `/api/user/${user.id}/points`, headers: bearer(user.token) });

async function eventually(check: () => Promise<boolean>, ms = 3_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe("remembered tokens", () => {
  it("a logout through one instance refuses the token on both, though both had it in memory", async () => {
    const other = await t.buildAnother({ ownPool: true });
    const signedIn = await signUpAndLogIn(t.app);
    const user = { id: signedIn.user.id, token: signedIn.session.access_token };
    // Both instances check the token once, so both remember it.
    expect((await points(t.app, user)).statusCode).toBe(200);
    expect((await points(other, user)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: bearer(user.token),
    });
    expect(logout.statusCode).toBe(204);
    expect((await points(t.app, user)).statusCode).toBe(401);
    expect(await eventually(async () => (await points(other, user)).statusCode === 401)).toBe(true);
  });

  it("a token whose session was revoked behind the server's back is trusted for at most the memory's life", async () => {
    const signedIn = await signUpAndLogIn(t.app);
    const user = { id: signedIn.user.id, token: signedIn.session.access_token };
    expect((await points(t.app, user)).statusCode).toBe(200);
    await t.database.handle.db
      .updateTable("auth_sessions")
      .set({ revoked_at: new Date() })
      .where("user_id", "=", user.id)
      .execute();
    // No logout announced it: remembered for now, refused once the memory lapses (30 s on the suite's clock).
    expect((await points(t.app, user)).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await points(t.app, user)).statusCode).toBe(401);
    // Routes other than the player's own always ask the database.
    expect((await t.app.inject({ url: "/api/wallet/balance", headers: bearer(user.token) })).statusCode).toBe(
      401,
    );
  });
});
