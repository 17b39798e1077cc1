import type { Kysely } from "kysely";
import { describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import type { LiveFrame } from "./live-subscription.ts";

/** The log of stream "u1" (pruning = dropping a prefix), every read made, and a gate that holds reads. */
const log = vi.hoisted(() => ({
  events: [] as { seq: number }[],
  reads: [] as number[],
  gate: null as Promise<void> | null,
  fail: false,
}));
vi.mock("../../db/repos/live-events.repo.ts", () => ({
  readLiveEventsAfter: async (_db: unknown, _stream: string, afterSeq: number, limit: number) => {
    log.reads.push(afterSeq);
    if (log.gate) await log.gate;
    if (log.fail) throw new Error("connection lost");
    return log.events
      .filter((event) => event.seq > afterSeq)
      .slice(0, limit)
      .map((event) => ({ ...event, type: "points", payload: {}, familyId: null, createdAt: new Date(0) }));
  },
}));
const { StreamFeed } = await import("./stream-feed.ts");
const { LiveSubscription } = await import("./live-subscription.ts");

const quiet = { error() {} } as unknown as Logger;
const feedOfU1 = () => new StreamFeed("u1", {} as Kysely<Database>, quiet);
const commit = (...seqs: number[]) => log.events.push(...seqs.map((seq) => ({ seq })));

function subscriber(position: number) {
  const frames: LiveFrame[] = [];
  let ended = false;
  const subscription = new LiveSubscription(
    { userId: "u1", familyId: "f", isAdmin: false },
    new Map([["u1", position]]),
    {
      send: (frame) => frames.push(frame) > 0,
      end: () => {
        ended = true;
      },
    },
    () => {},
  );
  return {
    subscription,
    frames,
    ids: () => frames.map((frame) => `${frame.type}:${frame.id}`),
    ended: () => ended,
  };
}

function reset(): void {
  log.events = [];
  log.reads = [];
  log.gate = null;
  log.fail = false;
}

describe("one feed, many streams of one user", () => {
  it("reads the log once for all of them; each gets what lies past its own position, once, in order", async () => {
    reset();
    commit(1, 2, 3, 4);
    const feed = feedOfU1();
    const [a, b] = [subscriber(2), subscriber(3)];
    feed.add(a.subscription);
    feed.add(b.subscription);
    await feed.catchUp();
    expect(log.reads).toEqual([2]);
    expect(a.ids()).toEqual(["points:3", "points:4"]);
    expect(b.ids()).toEqual(["points:4"]);

    commit(5);
    expect(feed.awaits(5)).toBe(true);
    await feed.catchUp();
    expect(log.reads).toEqual([2, 4]);
    expect(a.ids()).toEqual(["points:3", "points:4", "points:5"]);
    expect(b.ids()).toEqual(["points:4", "points:5"]);
    expect(feed.awaits(5)).toBe(false);
  });

  it("serves a stream that joins during a read by the one read queued behind it, not by the running one", async () => {
    reset();
    commit(1, 2, 3, 4, 5, 6);
    const feed = feedOfU1();
    const live = subscriber(5);
    feed.add(live.subscription);
    let open: () => void = () => {};
    log.gate = new Promise((resolve) => {
      open = resolve;
    });
    const running = feed.catchUp();
    // Joins at 1 while the read after 5 is under way: that read must not look like a gap (a reset) to it.
    const late = subscriber(1);
    feed.add(late.subscription);
    const queued = [feed.catchUp(), feed.catchUp(), feed.catchUp()];
    log.gate = null;
    open();
    await Promise.all([running, ...queued]);
    expect(log.reads).toEqual([5, 1]);
    expect(late.ids()).toEqual(["points:2", "points:3", "points:4", "points:5", "points:6"]);
    expect(live.ids()).toEqual(["points:6"]);
  });

  it("sends reset, then goes on, to a stream whose next event was pruned; the others notice nothing", async () => {
    reset();
    commit(4, 5, 6);
    const feed = feedOfU1();
    const [behind, current] = [subscriber(1), subscriber(4)];
    feed.add(behind.subscription);
    feed.add(current.subscription);
    await feed.catchUp();
    expect(behind.ids()).toEqual(["reset:3", "points:4", "points:5", "points:6"]);
    expect(current.ids()).toEqual(["points:5", "points:6"]);
  });

  it("pages through a long backlog and ends every stream it was reading for when a read fails", async () => {
    reset();
    commit(...Array.from({ length: 450 }, (_, index) => index + 1));
    const feed = feedOfU1();
    const a = subscriber(0);
    feed.add(a.subscription);
    await feed.catchUp();
    expect(log.reads).toEqual([0, 200, 400]);
    expect(a.frames).toHaveLength(450);

    commit(451);
    log.fail = true;
    await feed.catchUp();
    expect(a.ended()).toBe(true);
  });
});
