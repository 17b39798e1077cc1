/**
 * GET /api/events itself (docs/api.md, Live events; docs/decisions/018): who may open it (bearer token or a
 * single-use ticket), its headers and pings, resuming after an id exactly once and in order, `reset` past
 * retention, dropping a client that cannot keep up, and ending promptly at shutdown.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { appendLiveEvents } from "#server/db/repos/live-events.repo.ts";
import { runMaintenance } from "#server/domain/maintenance.ts";
import { openEventStream } from "#server/routes/event-stream.ts";
import { openStream, ticketFor } from "./helpers/live.ts";
import { type Caller, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { SseClient } from "./helpers/sse-client.ts";
import { bearer, errorBody, MINUTE, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp({ live: { pingIntervalMs: 100, sweepIntervalMs: 200 } });
const UNAUTHORIZED = errorBody("UNAUTHORIZED", "Please sign in to continue.");

const newCaller = async (): Promise<Caller> => sessionCaller(await signUpAndLogIn(t.app));
const events = (query = "", headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/events${query}`, headers });

/**
 * `count` tap syncs of one tap each. Each appends one `points` event, and a caller's very first also an
 * `achievement` (`first-tap`), so a stream's positions run 1 (points), 2 (achievement), 3, 4, … (points).
 */
async function tap(caller: Caller, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1)
    expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
}

describe("who may open the stream", () => {
  it("401 with the error body without a token, with a bad one, or with a ticket that is not one", async () => {
    for (const res of [
      await events(),
      await events("", bearer("not-a-real-token")),
      await events("?ticket=not-a-real-ticket"),
      await events("?ticket=%20"),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
    // Over a real connection too: the answer is the JSON error, not a stream.
    const refused = await SseClient.open(t.app, { ticket: "x".repeat(43) });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body ?? "")).toEqual(UNAUTHORIZED);
  });

  it("a ticket: for a signed-in caller, stored hashed, good once", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/events/ticket" })).statusCode).toBe(401);
    const caller = await newCaller();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/events/ticket",
      headers: bearer(caller.token),
    });
    expect(res.statusCode).toBe(200);
    const { ticket, expiresIn } = res.json<{ ticket: string; expiresIn: number }>();
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresIn).toBe(60);
    const rows = await t.database.handle.db.selectFrom("live_tickets").select("ticket_hash").execute();
    expect(rows.map((row) => row.ticket_hash)).not.toContain(ticket);

    const stream = await SseClient.open(t.app, { ticket });
    expect(stream.status).toBe(200);
    await tap(caller, 1);
    expect(await stream.next()).toMatchObject({ id: "1", event: "points" });
    const again = await events(`?ticket=${ticket}`);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(UNAUTHORIZED);
    stream.close();
  });

  it("a ticket expires after 60 s and dies with its session", async () => {
    const caller = await newCaller();
    const late = await ticketFor(t.app, caller.token);
    t.clock.advance(61_000);
    expect((await events(`?ticket=${late}`)).statusCode).toBe(401);
    const orphan = await ticketFor(t.app, caller.token);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(caller.token) });
    expect((await events(`?ticket=${orphan}`)).statusCode).toBe(401);
  });

  it("checks the query like any route: 400 for an unknown field", async () => {
    const caller = await newCaller();
    const res = await events("?since=1", bearer(caller.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });
});

describe("the stream", () => {
  it("answers text/event-stream that no cache or proxy holds back, with the usual headers, and pings", async () => {
    const caller = await newCaller();
    const stream = await openStream(t.app, caller);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(stream.headers.get("x-accel-buffering")).toBe("no");
    expect(stream.headers.get("connection")).toBe("keep-alive");
    expect(stream.headers.get("x-request-id")).toBeTruthy();
    expect(stream.headers.get("x-content-type-options")).toBe("nosniff");
    await stream.rest(350);
    expect(stream.comments.filter((comment) => comment === "ping").length).toBeGreaterThanOrEqual(2);
    stream.close();
  });

  it("resumes after Last-Event-ID (header or query) with every later event, once and in order", async () => {
    const caller = await newCaller();
    const first = await openStream(t.app, caller);
    await tap(caller, 5);
    const seen = await first.take(6);
    expect(seen.map((frame) => frame.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(seen[1]?.event).toBe("achievement");
    first.close();
    await tap(caller, 3);

    for (const resume of [{ lastEventId: "3" }, { lastEventIdQuery: "3" }]) {
      const again = await openStream(t.app, caller, resume);
      const replayed = await again.take(6);
      expect(replayed.map((frame) => frame.id)).toEqual(["4", "5", "6", "7", "8", "9"]);
      expect(replayed.map((frame) => (frame.data as { totalTaps: number }).totalTaps)).toEqual([
        3, 4, 5, 6, 7, 8,
      ]);
      expect(replayed[0]).toEqual(seen[3]);
      expect(await again.rest()).toEqual([]);
      again.close();
    }
    // Up to date: nothing to replay, and the next change comes once.
    const current = await openStream(t.app, caller, { lastEventId: "9" });
    await tap(caller, 1);
    expect((await current.take(1))[0]?.id).toBe("10");
    expect(await current.rest()).toEqual([]);
    current.close();
  });

  it("sends an event whose announcement was lost (its process died after the commit) at the next sweep", async () => {
    const caller = await newCaller();
    const stream = await openStream(t.app, caller);
    await t.database.handle.db
      .transaction()
      .execute((trx) =>
        appendLiveEvents(
          trx,
          caller.id,
          [{ type: "points", payload: { totalTaps: 7 }, familyId: null }],
          t.clock(),
        ),
      );
    expect(await stream.next(2_000)).toEqual({ id: "1", event: "points", data: { totalTaps: 7 } });
    stream.close();
  });

  it("without an id, starts from now", async () => {
    const caller = await newCaller();
    await tap(caller, 2);
    const stream = await openStream(t.app, caller);
    await tap(caller, 1);
    expect((await stream.take(1))[0]?.id).toBe("4");
    expect(await stream.rest()).toEqual([]);
    stream.close();
  });

  it("starts with reset (then goes on live) when the id is older than retention or not one of ours", async () => {
    const caller = await newCaller();
    await tap(caller, 2);
    t.clock.advance(16 * MINUTE);
    await tap(caller, 1);
    const pruned = await runMaintenance(t.app.ctx);
    expect(pruned.liveEvents).toBeGreaterThanOrEqual(3);

    for (const lastEventId of ["1", "2", "0", "99", "1.1", "banana"]) {
      const stream = await openStream(t.app, caller, { lastEventId });
      expect(await stream.next()).toEqual({ id: "4", event: "reset", data: {} });
      stream.close();
    }
    // Event 4 is still kept: resuming from 3 is exact.
    const exact = await openStream(t.app, caller, { lastEventId: "3" });
    expect(await exact.next()).toMatchObject({ id: "4", event: "points" });
    await tap(caller, 1);
    expect(await exact.next()).toMatchObject({ id: "5", event: "points" });
    exact.close();
    // Ten minutes later event 4 is still there (at least ten minutes of replay are promised).
    t.clock.advance(10 * MINUTE);
    await runMaintenance(t.app.ctx);
    const stillExact = await openStream(t.app, caller, { lastEventId: "3" });
    expect(await stillExact.next()).toMatchObject({ id: "4", event: "points" });
    stillExact.close();
  });
});

describe("slow clients and shutdown", () => {
  it("cuts a client whose unsent frames pass the cap, instead of buffering them", () => {
    const raw = Object.assign(new EventEmitter(), {
      writableLength: 0,
      writableEnded: false,
      destroyed: false,
      setHeader() {},
      writeHead() {},
      flushHeaders() {},
      write(text: string) {
        raw.writableLength += text.length;
        return false;
      },
      end() {
        raw.writableEnded = true;
      },
      destroy() {
        raw.destroyed = true;
        raw.emit("close");
      },
    });
    const reply = { raw, getHeaders: () => ({}) };
    const stream = openEventStream({ id: "r1", protocol: "http" } as never, reply as never, {
      pingIntervalMs: 60_000,
      maxBufferedBytes: 1024,
    });
    let closed = false;
    stream.whenClosed(() => {
      closed = true;
    });
    const sent: boolean[] = [];
    for (let i = 0; i < 50; i += 1)
      sent.push(stream.sink.send({ id: String(i), type: "points", data: { i } }));
    expect(raw.destroyed).toBe(true);
    expect(closed).toBe(true);
    expect(raw.writableLength).toBeLessThan(1024 + 100);
    expect(sent.indexOf(false)).toBeGreaterThan(0);
    expect(sent.slice(sent.indexOf(false)).every((ok) => !ok)).toBe(true);
  });

  it("ends a stream whose sink refuses a frame, and forgets it", async () => {
    const caller = await newCaller();
    const hub = t.app.ctx.live;
    const before = hub.openStreams;
    let ended = 0;
    const subscription = await hub.open({ userId: caller.id, familyId: "f", isAdmin: false }, null, {
      send: () => false,
      end: () => {
        ended += 1;
      },
    });
    expect(hub.openStreams).toBe(before + 1);
    await tap(caller, 1);
    await expect.poll(() => subscription.ended).toBe(true);
    expect(ended).toBe(1);
    expect(hub.openStreams).toBe(before);
  });

  it("app.close() ends open streams at once instead of waiting for them", async () => {
    const another = await t.buildAnother();
    const caller = await newCaller();
    const stream = await openStream(another, caller);
    const started = Date.now();
    await another.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await stream.untilEnded();
  });
});
