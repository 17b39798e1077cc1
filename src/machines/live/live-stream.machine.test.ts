import { describe, expect, it, vi } from "vitest";
import { type AnyActorLogic, createActor, SimulatedClock, setup } from "xstate";
import { fakeEventSources, fakeTickets } from "../../../tests/support/fake-event-source.ts";
import { createLiveActors } from "./live.actors.ts";
import type { LiveEvent, LiveReport } from "./live.types.ts";
import { HEALTHY_MS, liveStreamMachine, RECONNECT_MAX_MS } from "./live-stream.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The stream under a parent that records its reports, on a simulated clock, with a fake server. */
function start(options: { tabLink?: AnyActorLogic; holder?: string; refuseTickets?: number } = {}) {
  const sources = fakeEventSources();
  const tickets = fakeTickets();
  tickets.refuse(options.refuseTickets ?? 0);
  const actors = createLiveActors({
    events: tickets.events,
    apiBase: "http://app.test/api",
    openEventSource: sources.open,
  });
  const reports: LiveEvent[] = [];
  const parent = setup({
    actors: {
      live: liveStreamMachine.provide({
        actors: {
          tabLink: (options.tabLink ?? actors.soloTab) as typeof actors.soloTab,
          ticket: actors.ticket,
          connection: actors.connection,
          network: actors.network,
        },
      }),
    },
  }).createMachine({
    invoke: { id: "live", src: "live", input: { stream: "user", holder: options.holder ?? "u1" } },
    on: { LIVE: { actions: ({ event }) => reports.push((event as LiveReport).event) } },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const live = () => actor.getSnapshot().children.live!;
  /** Moves the clock and lets the ticket call answer. */
  const advance = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, sources, tickets, reports, live, advance, types: () => reports.map((event) => event.type) };
}

describe("live stream: frames become machine events", () => {
  it("connects with a fresh ticket, says STREAM.UP once open, and turns each frame into its event", async () => {
    const { sources, tickets, reports } = start();
    await flush();
    expect(tickets.asked).toEqual(["user"]);
    expect(sources.opened).toHaveLength(1);
    const source = sources.latest();
    expect(source.url).toBe("http://app.test/api/events?ticket=ticket-1");
    expect(reports).toEqual([]);
    source.open();
    source.frame("points", { points: 1.5, totalTaps: 1500, multiplier: 0.001 }, "1");
    source.frame("wallet", { balance: 12.25 }, "2");
    source.frame("multiplier", { multiplier: 0.002 }, "3");
    source.frame("deposit", { txId: "tx", amount: 25, status: "credited" }, "4");
    source.frame("withdrawal", { id: "w1", amount: 300, status: "confirmed", txId: "t1" }, "5");
    source.frame("admin.metrics", { totalUsers: 3 }, "6");
    source.frame("admin.audit", { id: "a1", action: "fund-wallet" }, "7");
    source.frame("reset", "", "8");
    source.frame("achievement", { id: "first-tap", name: "First tap", rewardPoints: 1 }, "9");
    source.frame(
      "booster",
      { active: { id: "turbo-2x", factor: 2, endsAt: "2030-01-01T00:10:00.000Z" } },
      "10",
    );
    source.frame("booster", { active: null }, "11");
    source.frame("referral", { invited: 2, earnedPoints: 1.25, earnedToday: 0.5 }, "12");
    expect(reports).toEqual([
      { type: "STREAM.UP" },
      { type: "POINTS.UPDATED", points: 1.5, totalTaps: 1500, multiplier: 0.001 },
      { type: "WALLET.UPDATED", balance: 12.25 },
      { type: "MULTIPLIER.CHANGED", multiplier: 0.002 },
      { type: "DEPOSIT.UPDATED", txId: "tx", amount: 25, status: "credited" },
      { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "confirmed", txId: "t1" },
      { type: "ADMIN.METRICS", metrics: { totalUsers: 3 } },
      { type: "ADMIN.AUDIT", item: { id: "a1", action: "fund-wallet" } },
      { type: "STREAM.RESET" },
      { type: "ACHIEVEMENT.UNLOCKED", id: "first-tap", name: "First tap", rewardPoints: 1 },
      {
        type: "BOOSTER.CHANGED",
        active: { id: "turbo-2x", factor: 2, endsAt: Date.parse("2030-01-01T00:10:00.000Z") },
      },
      { type: "BOOSTER.CHANGED", active: null },
      { type: "REFERRAL.UPDATED", invited: 2, earnedPoints: 1.25, earnedToday: 0.5 },
    ]);
  });

  it("drops frames of types it does not know and data without the documented shape, keeping their ids", async () => {
    const { sources, reports, live, advance } = start();
    await flush();
    sources.latest().open();
    sources.latest().frame("leaderboard", { rank: 1 }, "9");
    sources.latest().frame("achievement", { id: "first-tap", name: "First tap" }, "10");
    sources.latest().frame("booster", { active: { id: "turbo-2x", factor: 2, endsAt: "soon" } }, "10b");
    sources.latest().frame("referral", { invited: 2, earnedPoints: "1.25", earnedToday: 0 }, "10c");
    sources.latest().frame("points", "{not json", "11");
    sources.latest().frame("wallet", { balance: "12" }, "12");
    sources.latest().frame("deposit", { txId: "tx", amount: 5, status: "confirmed" }, "13");
    expect(reports).toEqual([{ type: "STREAM.UP" }]);
    expect(live().getSnapshot().context.lastEventId).toBe("13");
    sources.latest().fail();
    await advance(1_000);
    expect(sources.latest().lastEventId).toBe("13");
  });
});

describe("live stream: reconnecting", () => {
  it("backs off 1 s, 2 s, 4 s … up to 30 s, each time with a new ticket and the last event id", async () => {
    const { sources, tickets, types, advance } = start();
    await flush();
    sources.latest().open();
    sources.latest().frame("wallet", { balance: 1 }, "41");
    sources.latest().fail();
    expect(types()).toEqual(["STREAM.UP", "WALLET.UPDATED", "STREAM.DOWN"]);
    const waits: number[] = [];
    for (const expected of [1_000, 2_000, 4_000, 8_000, 16_000, RECONNECT_MAX_MS, RECONNECT_MAX_MS]) {
      const before = sources.opened.length;
      await advance(expected - 1);
      expect(sources.opened).toHaveLength(before);
      await advance(1);
      expect(sources.opened).toHaveLength(before + 1);
      waits.push(expected);
      // The server refuses it (or the network is down): EventSource only says "error".
      sources.latest().fail();
    }
    expect(waits).toHaveLength(7);
    expect(tickets.asked).toHaveLength(8);
    const tickets_ = sources.opened.map((source) => source.ticket);
    expect(new Set(tickets_).size).toBe(tickets_.length);
    expect(sources.opened.slice(1).every((source) => source.lastEventId === "41")).toBe(true);
    // Only the first connection ever opened, and at most one is open at a time.
    expect(types()).toEqual(["STREAM.UP", "WALLET.UPDATED", "STREAM.DOWN"]);
    await flush();
    expect(sources.live()).toHaveLength(0);
  });

  it("starts the back-off again from 1 s after a minute up, but not after a shorter one", async () => {
    const { sources, advance } = start();
    await flush();
    sources.latest().fail();
    await advance(1_000);
    sources.latest().fail();
    await advance(2_000);
    // Up for less than a minute: the next wait is still doubled (4 s).
    sources.latest().open();
    await advance(HEALTHY_MS - 1);
    sources.latest().fail();
    await advance(3_999);
    expect(sources.opened).toHaveLength(3);
    await advance(1);
    expect(sources.opened).toHaveLength(4);
    // Up for a full minute: the next wait is 1 s again.
    sources.latest().open();
    await advance(HEALTHY_MS);
    sources.latest().fail();
    await advance(1_000);
    expect(sources.opened).toHaveLength(5);
  });

  it("closes the stream as the browser goes offline, tries nothing while offline, and connects at once when back", async () => {
    const { sources, tickets, types, advance } = start();
    await flush();
    const first = sources.latest();
    first.open();
    first.frame("points", { points: 2, totalTaps: 2000, multiplier: 0.001 }, "7");
    window.dispatchEvent(new Event("offline"));
    await flush();
    expect(first.closed).toBe(true);
    expect(types()).toEqual(["STREAM.UP", "POINTS.UPDATED", "STREAM.DOWN"]);
    // Offline for a long while: no ticket, no connection, however far the clock moves.
    await advance(10 * RECONNECT_MAX_MS);
    expect(tickets.asked).toHaveLength(1);
    expect(sources.opened).toHaveLength(1);
    // Back online: a new ticket at once (no back-off), resuming after the last event seen.
    window.dispatchEvent(new Event("online"));
    await flush();
    expect(tickets.asked).toHaveLength(2);
    expect(sources.opened).toHaveLength(2);
    expect(sources.latest().lastEventId).toBe("7");
    sources.latest().open();
    expect(types()).toEqual(["STREAM.UP", "POINTS.UPDATED", "STREAM.DOWN", "STREAM.UP"]);
    expect(sources.live()).toHaveLength(1);
  });

  it("waits for the network before its first ticket when the browser starts offline", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      const { sources, tickets, advance } = start();
      await advance(RECONNECT_MAX_MS);
      expect(tickets.asked).toHaveLength(0);
      expect(sources.opened).toHaveLength(0);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event("online"));
      await flush();
      expect(tickets.asked).toEqual(["user"]);
      expect(sources.opened).toHaveLength(1);
    } finally {
      onLine.mockRestore();
    }
  });

  it("stops hearing the network once it no longer leads (another tab holds the stream)", async () => {
    const { actor, tickets } = start();
    await flush();
    actor.stop();
    window.dispatchEvent(new Event("offline"));
    window.dispatchEvent(new Event("online"));
    await flush();
    expect(tickets.asked).toHaveLength(1);
  });

  it("retries a refused ticket (401) after the back-off, with a new ticket", async () => {
    const { sources, tickets, types, advance } = start({ refuseTickets: 1 });
    await flush();
    expect(sources.opened).toHaveLength(0);
    await advance(1_000);
    expect(tickets.asked).toHaveLength(2);
    expect(sources.latest().ticket).toBe("ticket-2");
    sources.latest().open();
    expect(types()).toEqual(["STREAM.UP"]);
  });

  it("retries a ticket the stream refused (EventSource cannot read the 401) with a new one", async () => {
    const { sources, tickets, advance } = start();
    await flush();
    sources.latest().fail();
    expect(sources.latest().closed).toBe(false);
    await flush();
    expect(sources.latest().closed).toBe(true);
    await advance(1_000);
    expect(tickets.asked).toHaveLength(2);
    expect(sources.latest().ticket).toBe("ticket-2");
    expect(sources.live()).toHaveLength(1);
  });

  it("says STREAM.RESET when the server can no longer replay from the last id", async () => {
    const { sources, reports, advance } = start();
    await flush();
    sources.latest().open();
    sources.latest().frame("points", { points: 1, totalTaps: 1, multiplier: 0.001 }, "old");
    sources.latest().fail();
    await advance(1_000);
    expect(sources.latest().lastEventId).toBe("old");
    sources.latest().open();
    sources.latest().frame("reset", "", "new-1");
    expect(reports.at(-1)).toEqual({ type: "STREAM.RESET" });
  });

  it("reports a revoked session and does not reconnect: the stream is over", async () => {
    const { sources, types, live, advance } = start();
    await flush();
    sources.latest().open();
    sources.latest().frame("session", { reason: "logout" }, "9");
    expect(types()).toEqual(["STREAM.UP", "STREAM.DOWN", "SESSION.REVOKED"]);
    expect(live().getSnapshot().value).toBe("ended");
    await flush();
    expect(sources.latest().closed).toBe(true);
    await advance(RECONNECT_MAX_MS * 2);
    expect(sources.opened).toHaveLength(1);
  });

  it("closes its connection when it stops (the user signed out)", async () => {
    const { actor, sources } = start();
    await flush();
    sources.latest().open();
    actor.stop();
    await flush();
    expect(sources.live()).toHaveLength(0);
  });
});
