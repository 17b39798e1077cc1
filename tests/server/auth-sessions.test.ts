/**
 * Access tokens expire after an hour, refresh tokens rotate (a reuse more than 10 s after the rotation kills
 * the family; within 10 s it is two tabs racing and gets another session), logout is immediate.
 */
import { describe, expect, it } from "vitest";
import {
  bearer,
  errorBody,
  HOUR,
  MINUTE,
  type SessionBody,
  setupTestApp,
  signUpAndLogIn,
} from "./helpers/test-app.ts";

const t = setupTestApp();

const me = (token: string) => t.app.inject({ url: "/api/auth/me", headers: bearer(token) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/refresh", payload: { refresh_token: refreshToken } });
const logout = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
const ENDED = errorBody("UNAUTHORIZED", "Your session has ended. Please sign in again.");

describe("access token expiry", () => {
  it("works for an hour, then answers 401 TOKEN_EXPIRED", async () => {
    const { session } = await signUpAndLogIn(t.app);
    t.clock.advance(59 * MINUTE);
    expect((await me(session.access_token)).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    const expired = await me(session.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(
      errorBody("TOKEN_EXPIRED", "Your session has expired. Please sign in again."),
    );
    // The refresh token still works and gives a fresh hour.
    const renewed = await refresh(session.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().session.access_token)).statusCode).toBe(200);
  });
});

describe("POST /api/auth/refresh", () => {
  it("answers a new session and user; the old refresh token dies", async () => {
    const { session, user } = await signUpAndLogIn(t.app);
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json<SessionBody>();
    expect(next.user).toEqual(user);
    expect(next.session.token_type).toBe("bearer");
    expect(next.session.access_token).not.toBe(session.access_token);
    expect(next.session.refresh_token).not.toBe(session.refresh_token);
    expect(next.session.expires_at).toBe(Math.floor(t.clock().getTime() / 1000) + 3600);
    expect((await me(next.session.access_token)).statusCode).toBe(200);
    expect((await refresh(next.session.refresh_token)).statusCode).toBe(200);
  });

  it("treats a refresh token reused more than 10 s after its rotation as theft: 401, the family revoked", async () => {
    const { session } = await signUpAndLogIn(t.app);
    const second = (await refresh(session.refresh_token)).json<SessionBody>().session;
    const third = (await refresh(second.refresh_token)).json<SessionBody>().session;

    t.clock.advance(10_000);
    const reuse = await refresh(session.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(ENDED);
    // Everything issued in that family is dead now, including the newest pair.
    expect((await me(third.access_token)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
  });

  it("keeps other sessions of the same user alive when one family is revoked", async () => {
    const { session, account } = await signUpAndLogIn(t.app);
    const other = (
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: account.email, password: account.password },
      })
    ).json<SessionBody>().session;
    await refresh(session.refresh_token);
    t.clock.advance(11_000);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it("gives both of two simultaneous refreshes with one token a working session (two tabs at expiry), every time", async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { session } = await signUpAndLogIn(t.app);
      const results = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const [a, b] = results.map((r) => r.json<SessionBody>().session);
      expect(a?.access_token).not.toBe(b?.access_token);
      for (const pair of [a, b]) {
        expect((await me(pair?.access_token ?? "")).statusCode).toBe(200);
        expect((await refresh(pair?.refresh_token ?? "")).statusCode).toBe(200);
      }
    }
  });

  it("answers a reuse within 10 s with another session of the family, which logout still ends", async () => {
    const { session } = await signUpAndLogIn(t.app);
    const first = (await refresh(session.refresh_token)).json<SessionBody>().session;
    t.clock.advance(9_000);
    const late = await refresh(session.refresh_token);
    expect(late.statusCode).toBe(200);
    const sibling = late.json<SessionBody>().session;
    expect((await me(sibling.access_token)).statusCode).toBe(200);
    // One family: logging out in one tab ends the other's session too, and the grace no longer applies.
    expect((await logout(first.access_token)).statusCode).toBe(204);
    expect((await me(sibling.access_token)).statusCode).toBe(401);
    const afterLogout = await refresh(session.refresh_token);
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toEqual(ENDED);
  });

  it("refuses unknown tokens and refresh tokens older than 30 days", async () => {
    expect((await refresh("not-a-real-token")).statusCode).toBe(401);
    const { session } = await signUpAndLogIn(t.app);
    t.clock.advance(30 * 24 * HOUR);
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(errorBody("UNAUTHORIZED", "Your session has expired. Please sign in again."));
  });

  it("validates its body strictly", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refresh_token: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody("VALIDATION_ERROR", "body/refresh_token must be string"));
  });
});

describe("POST /api/auth/logout", () => {
  it("answers 204 and kills the access and refresh tokens at once", async () => {
    const { session } = await signUpAndLogIn(t.app);
    const res = await logout(session.access_token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const after = await me(session.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(errorBody("UNAUTHORIZED", "Please sign in to continue."));
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await logout(session.access_token)).statusCode).toBe(401);
  });

  it("needs a valid token", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/logout" });
    expect(res.statusCode).toBe(401);
  });

  it("also ends the tokens of earlier rotations of that session", async () => {
    const { session } = await signUpAndLogIn(t.app);
    const next = (await refresh(session.refresh_token)).json<SessionBody>().session;
    expect((await logout(next.access_token)).statusCode).toBe(204);
    expect((await me(session.access_token)).statusCode).toBe(401);
  });
});
