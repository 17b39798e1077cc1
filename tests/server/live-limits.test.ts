/**
 * What one account may hold of the live machinery (docs/api.md, Live events; docs/decisions/035): at most 8
 * open streams per user on one instance (a 9th ends the oldest), 30 tickets a minute per user counted in the
 * database (so every instance sees one count), one read of the log per user per announced commit however many
 * streams that user holds, and no ticket once the access token it was issued under has expired.
 */
import { describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_SECONDS } from "#server/domain/auth/tokens.ts";
import { openStream, ticketFor } from "./helpers/live.ts";
import { type Caller, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { SseClient } from "./helpers/sse-client.ts";
import { bearer, errorBody, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

/** Every read of the event log, by the stream it read (the repository function is wrapped, not replaced). */
const logReads = vi.hoisted(() => ({ streams: [] as string[] }));
vi.mock("#server/db/repos/live-events.repo.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#server/db/repos/live-events.repo.ts")>();
  return {
    ...actual,
    readLiveEventsAfter: (...args: Parameters<typeof actual.readLiveEventsAfter>) => {
      logReads.streams.push(args[1]);
      return actual.readLiveEventsAfter(...args);
    },
  };
});

// No sweep during a test: it may read the log as well, and the count of reads per commit must be exact.
const t = setupTestApp({ live: { sweepIntervalMs: 600_000 } });
const UNAUTHORIZED = errorBody("UNAUTHORIZED", "Please sign in to continue.");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const newCaller = async (): Promise<Caller> => sessionCaller(await signUpAndLogIn(t.app));
const hub = () => t.app.ctx.live;
const askTicket = (app = t.app, caller: Caller) =>
  app.inject({ method: "POST", url: "/api/events/ticket", headers: bearer(caller.token) });

async function tap(caller: Caller): Promise<void> {
  expect((await syncTaps(t.app, caller, { taps: 1 })).statusCode).toBe(200);
}

/** Opens the caller's streams one after the other, each registered on the hub before the next opens. */
async function openStreams(caller: Caller, count: number): Promise<SseClient[]> {
  const streams: SseClient[] = [];
  for (let i = 0; i < count; i += 1) {
    const before = hub().openStreams;
    streams.push(await openStream(t.app, caller));
    await expect.poll(() => hub().openStreams).toBe(before + 1);
  }
  return streams;
}

/** Every test starts and ends with no stream open on the app, so counts of open streams are exact. */
async function closeAll(streams: SseClient[]): Promise<void> {
  for (const stream of streams) stream.close();
  await expect.poll(() => hub().openStreams).toBe(0);
}

describe("streams per user on one instance", () => {
  it("a 9th stream ends the oldest; the other eight still receive, and other users' streams are untouched", async () => {
    const caller = await newCaller();
    const bystander = await newCaller();
    const [other] = await openStreams(bystander, 1);
    const streams = await openStreams(caller, 8);
    expect(hub().openStreams).toBe(9);

    const ninth = await openStream(t.app, caller);
    const [oldest, ...kept] = streams;
    await oldest?.untilEnded();
    await expect.poll(() => hub().openStreams).toBe(9);

    await tap(caller);
    for (const stream of [...kept, ninth]) {
      expect(stream.ended).toBe(false);
      expect(await stream.next()).toMatchObject({ id: "1", event: "points" });
    }
    expect(other?.ended).toBe(false);
    expect(await other?.rest()).toEqual([]);
    await closeAll([...kept, ninth, other as SseClient]);
  });

  it("reads the log once per announced commit for all of a user's streams", async () => {
    const caller = await newCaller();
    await tap(caller);
    const streams = await openStreams(caller, 5);
    await sleep(100);
    logReads.streams.length = 0;

    for (let i = 0; i < 3; i += 1) {
      await tap(caller);
      for (const stream of streams) expect(await stream.next()).toMatchObject({ event: "points" });
    }
    await sleep(300);
    expect(logReads.streams.filter((stream) => stream === caller.id)).toHaveLength(3);
    await closeAll(streams);
  });

  it("a stream resuming from an older id beside live ones, while taps go on, gets every later event once, in order", async () => {
    const caller = await newCaller();
    await tap(caller);
    await tap(caller);
    const live = await openStreams(caller, 2);
    // Taps committed while the resuming stream opens: the shared reads serve streams at different positions.
    const taps = (async () => {
      for (let i = 0; i < 6; i += 1) await tap(caller);
    })();
    const resumed = await openStream(t.app, caller, { lastEventId: "1" });
    await taps;
    const ids = (frames: { id?: string }[]) => frames.map((frame) => frame.id);
    expect(ids(await resumed.take(8))).toEqual(["2", "3", "4", "5", "6", "7", "8", "9"]);
    for (const stream of live) expect(ids(await stream.take(6))).toEqual(["4", "5", "6", "7", "8", "9"]);
    for (const stream of [resumed, ...live]) expect(await stream.rest()).toEqual([]);
    await closeAll([resumed, ...live]);
  });

  it("five tap syncs stay fast while one token opens 300 streams (figures printed)", async () => {
    const caller = await newCaller();
    await tap(caller);
    const streams: SseClient[] = [];
    for (let i = 0; i < 300; i += 1) streams.push(await openStream(t.app, caller));
    await sleep(300);
    const held = hub().openStreams;
    logReads.streams.length = 0;

    const started = performance.now();
    for (let i = 0; i < 5; i += 1) await tap(caller);
    const elapsedMs = performance.now() - started;
    await sleep(300);
    const reads = logReads.streams.filter((stream) => stream === caller.id).length;
    console.info(
      `live limits: 300 streams opened, ${held} held; 5 tap syncs took ${elapsedMs.toFixed(0)} ms; ${reads} log reads`,
    );
    expect(held).toBe(8);
    // Announcements that arrive while a read is under way share the read queued behind it.
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(5);
    await closeAll(streams);
  });
});

describe("tickets", () => {
  it("the 31st within a minute is 429 with Retry-After, counted once across two instances", async () => {
    const b = await t.buildAnother({ ownPool: true, live: { sweepIntervalMs: 600_000 } });
    const caller = await newCaller();
    for (let i = 0; i < 30; i += 1) expect((await askTicket(i % 2 ? b : t.app, caller)).statusCode).toBe(200);

    for (const app of [t.app, b]) {
      const refused = await askTicket(app, caller);
      expect(refused.statusCode).toBe(429);
      expect(Object.keys(refused.json().error)).toEqual(["code", "message"]);
      expect(refused.json().error.code).toBe("RATE_LIMITED");
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Per user: somebody else still gets one; and the caller again once the minute is over.
    expect((await askTicket(t.app, await newCaller())).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await askTicket(b, caller)).statusCode).toBe(200);
  });

  it("follows STREAM_TICKETS_PER_USER_MINUTE: a server set to 3 refuses the 4th", async () => {
    const strict = await t.buildAnother({ config: { streamTicketsPerUserMinute: 3 } });
    const caller = await newCaller();
    for (let i = 0; i < 3; i += 1) expect((await askTicket(strict, caller)).statusCode).toBe(200);
    const refused = await askTicket(strict, caller);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
  });

  it("is refused once the access token it was issued under has expired, though the ticket has not", async () => {
    const caller = await newCaller();
    t.clock.advance(ACCESS_TOKEN_SECONDS * 1000 - 30_000);
    const inTime = await ticketFor(t.app, caller.token);
    const late = await ticketFor(t.app, caller.token);
    t.clock.advance(20_000);
    const opened = await SseClient.open(t.app, { ticket: inTime });
    expect(opened.status).toBe(200);
    opened.close();

    t.clock.advance(11_000);
    const refused = await SseClient.open(t.app, { ticket: late });
    refused.close();
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body ?? "")).toEqual(UNAUTHORIZED);
    await expect.poll(() => hub().openStreams).toBe(0);
  });
});
