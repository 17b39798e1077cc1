/**
 * The maintenance round keeps the session, ticket and idempotency tables bounded (docs/decisions/035): a
 * session goes a day after it was revoked or its refresh token expired, never while refresh or reuse
 * detection may still need it; a stream ticket goes once expired; an idempotency row goes after seven days,
 * and within them a replay still answers the stored result.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { runMaintenance } from "#server/domain/maintenance.ts";
import { PRUNE_BATCH } from "#server/domain/prune-in-batches.ts";
import { claimStreak, DAY_MS, signInAgain } from "./helpers/economy.ts";
import { ticketFor } from "./helpers/live.ts";
import { type Caller, randomKey, sessionCaller } from "./helpers/rewards.ts";
import { bearer, HOUR, type SessionBody, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();
const db = () => t.database.handle.db;
const maintain = () => runMaintenance(t.app.ctx);

const refresh = (refreshToken: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/refresh", payload: { refresh_token: refreshToken } });
const logout = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });

async function sessionsOf(userId: string): Promise<number> {
  const rows = await db().selectFrom("auth_sessions").select("id").where("user_id", "=", userId).execute();
  return rows.length;
}

async function idempotencyRows(callerId: string, key: string): Promise<number> {
  const rows = await db()
    .selectFrom("idempotency_keys")
    .select("key")
    .where("caller_id", "=", callerId)
    .where("key", "=", key)
    .execute();
  return rows.length;
}

describe("sessions", () => {
  it("a signed-out session goes a day after its logout, not before; a live one stays", async () => {
    const leaving = await signUpAndLogIn(t.app);
    const staying = await signUpAndLogIn(t.app);
    expect((await logout(leaving.session.access_token)).statusCode).toBe(204);

    t.clock.advance(23 * HOUR);
    await maintain();
    expect(await sessionsOf(leaving.user.id)).toBe(1);

    t.clock.advance(2 * HOUR);
    const pruned = await maintain();
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(leaving.user.id)).toBe(0);
    expect(await sessionsOf(staying.user.id)).toBe(1);
    expect((await refresh(staying.session.refresh_token)).statusCode).toBe(200);
  });

  it("keeps a rotated session while its refresh token could be presented, so a reuse still revokes the family", async () => {
    const signedIn = await signUpAndLogIn(t.app);
    const next = (await refresh(signedIn.session.refresh_token)).json<SessionBody>().session;
    t.clock.advance(2 * DAY_MS);
    await maintain();
    expect(await sessionsOf(signedIn.user.id)).toBe(2);

    // The old refresh token again: theft. Had its row gone, this would be a plain 401 and the thief's
    // family would live on.
    expect((await refresh(signedIn.session.refresh_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it("a session goes a day after its refresh token expired, not before", async () => {
    const idle = await signUpAndLogIn(t.app);
    t.clock.advance(30 * DAY_MS + 23 * HOUR);
    await maintain();
    expect(await sessionsOf(idle.user.id)).toBe(1);
    t.clock.advance(2 * HOUR);
    await maintain();
    expect(await sessionsOf(idle.user.id)).toBe(0);
  });
});

describe("stream tickets", () => {
  it("go once expired; a ticket still good stays", async () => {
    const caller: Caller = sessionCaller(await signUpAndLogIn(t.app));
    await ticketFor(t.app, caller.token);
    const tickets = () => db().selectFrom("live_tickets").select("ticket_hash").execute();
    await maintain();
    expect(await tickets()).toHaveLength(1);
    t.clock.advance(61_000);
    const pruned = await maintain();
    expect(pruned.streamTickets).toBe(1);
    expect(await tickets()).toHaveLength(0);
  });
});

describe("idempotency keys", () => {
  it("a replay within seven days answers the stored result; after them the row is gone, newer rows stay", async () => {
    let caller: Caller = sessionCaller(await signUpAndLogIn(t.app));
    const key = randomKey();
    const first = await claimStreak(t.app, caller, key);
    expect(first.statusCode).toBe(200);

    t.clock.advance(7 * DAY_MS - HOUR);
    caller = await signInAgain(t.app, caller);
    await maintain();
    expect(await idempotencyRows(caller.id, key)).toBe(1);
    // Another day: run again, the claim would pay again and answer other figures. The stored answer comes back.
    const replay = await claimStreak(t.app, caller, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);

    const newer = randomKey();
    expect((await claimStreak(t.app, caller, newer)).statusCode).toBe(200);
    t.clock.advance(2 * HOUR);
    const pruned = await maintain();
    expect(pruned.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await idempotencyRows(caller.id, key)).toBe(0);
    expect(await idempotencyRows(caller.id, newer)).toBe(1);
  });

  it("works off a backlog larger than one batch in one run, batch after batch", async () => {
    const caller: Caller = sessionCaller(await signUpAndLogIn(t.app));
    const backlog = PRUNE_BATCH + 500;
    const old = new Date(t.clock().getTime() - 8 * DAY_MS);
    await sql`
      INSERT INTO idempotency_keys (caller_id, key, request_hash, attempt_id, status_code, response, created_at)
      SELECT ${caller.id}::uuid, 'old-' || n, 'hash', gen_random_uuid(), 200, '{}'::jsonb, ${old}
      FROM generate_series(1, ${backlog}::int) AS n`.execute(db());
    const pruned = await maintain();
    expect(pruned.idempotencyKeys).toBe(backlog);
    const left = await db()
      .selectFrom("idempotency_keys")
      .select("key")
      .where("caller_id", "=", caller.id)
      .execute();
    expect(left).toEqual([]);
  });
});
