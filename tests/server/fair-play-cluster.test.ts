/**
 * Fair play's decisions across instances (docs/fair-play.md): a ban decided on one instance ends the sessions
 * another instance remembered, and a freeze decided on one stops the syncs another instance prices from its
 * remembered rewards row. On PGlite (one process's database) the instances share the handle.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { ACCOUNT_FROZEN_MESSAGE } from "#contracts/fair-play-rules.ts";
import { signInAdmin } from "./helpers/live.ts";
import { sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { decide } from "./helpers/risk.ts";
import { bearer, errorBody, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();
let second: FastifyInstance | undefined;
const instanceB = async () => {
  second ??= await t.buildAnother({ ownPool: true });
  return second;
};
const waitFor = async (check: () => Promise<boolean>) => {
  const until = Date.now() + 3_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("not seen within 3 s");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe("two instances", () => {
  it("a ban on A ends on B the session B had checked and remembered", async () => {
    const b = await instanceB();
    const admin = await signInAdmin(t);
    const caller = sessionCaller(await signUpAndLogIn(b));
    // A player's own routes trust a token from this instance's memory for a few seconds (docs/decisions/027).
    const me = () => b.inject({ url: `/api/user/${caller.id}/standing`, headers: bearer(caller.token) });
    expect((await me()).statusCode).toBe(200);
    expect((await decide(t.app, admin, caller.id, { action: "ban", reason: "Farm." })).statusCode).toBe(200);
    await waitFor(async () => (await me()).statusCode === 401);
    const login = await b.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: caller.email, password: "correct horse battery" },
    });
    expect(login.statusCode).toBe(403);
  });

  it("a freeze on A refuses the next sync on B, which had priced the account's last batch", async () => {
    const b = await instanceB();
    const admin = await signInAdmin(t);
    const caller = sessionCaller(await signUpAndLogIn(b));
    for (let i = 0; i < 3; i += 1) expect((await syncTaps(b, caller, { taps: 4 })).statusCode).toBe(200);
    expect((await decide(t.app, admin, caller.id, { action: "freeze", reason: "Check." })).statusCode).toBe(
      200,
    );
    const refused = await syncTaps(b, caller, { taps: 4 });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      errorBody("ACCOUNT_FROZEN", ACCOUNT_FROZEN_MESSAGE),
    ]);
    const points = await b.inject({ url: `/api/user/${caller.id}/points`, headers: bearer(caller.token) });
    expect(points.json()).toMatchObject({ totalTaps: 12 });
    expect((await decide(b, admin, caller.id, { action: "unfreeze", reason: "Fine." })).statusCode).toBe(200);
    expect((await syncTaps(t.app, caller, { taps: 4 })).statusCode).toBe(200);
  });
});
