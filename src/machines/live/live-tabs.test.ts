/**
 * One stream per browser (docs/design.md §10): two tabs over one fake lock manager and one fake channel. The
 * tab holding the lock holds the stream and shares its frames and up/down; the other hears them as its own;
 * when the holder closes, the other takes the lock and resumes from the last id it heard, with a new ticket.
 */
import { describe, expect, it } from "vitest";
import { type AnyActorLogic, createActor, SimulatedClock, setup } from "xstate";
import { fakeEventSources, fakeTickets } from "../../../tests/support/fake-event-source.ts";
import { channelHub, fakeLocks } from "../../../tests/support/fake-tabs.ts";
import { createLiveActors, createTabLink } from "./live.actors.ts";
import type { LiveEvent, LiveReport } from "./live.types.ts";
import { liveStreamMachine } from "./live-stream.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function browser() {
  const sources = fakeEventSources();
  const tickets = fakeTickets();
  const { locks } = fakeLocks();
  const hub = channelHub();
  const actors = createLiveActors({
    events: tickets.events,
    apiBase: "http://app.test/api",
    openEventSource: sources.open,
  });
  const shared = createTabLink({ locks, openChannel: hub.open });
  /** A tab of this browser with its stream (shared, or its own when `solo`). */
  const tab = (options: { solo?: boolean } = {}) => {
    const reports: LiveEvent[] = [];
    const parent = setup({
      actors: {
        live: liveStreamMachine.provide({
          actors: {
            tabLink: (options.solo ? actors.soloTab : shared) as AnyActorLogic as typeof actors.soloTab,
            ticket: actors.ticket,
            connection: actors.connection,
            network: actors.network,
          },
        }),
      },
    }).createMachine({
      invoke: { id: "live", src: "live", input: { stream: "user", holder: "u1" } },
      on: { LIVE: { actions: ({ event }) => reports.push((event as LiveReport).event) } },
    });
    const actor = createActor(parent, { clock: new SimulatedClock() }).start();
    const state = () => actor.getSnapshot().children.live!.getSnapshot();
    return { actor, reports, state, types: () => reports.map((event) => event.type) };
  };
  return { sources, tickets, hub, tab };
}

describe("one live stream per browser", () => {
  it("the first tab holds the stream; the second follows and hears its frames and its up and down", async () => {
    const { sources, tab } = browser();
    const first = tab();
    const second = tab();
    await flush();
    expect(sources.opened).toHaveLength(1);
    expect(first.state().matches("leading")).toBe(true);
    expect(second.state().matches("following")).toBe(true);
    sources.latest().open();
    sources.latest().frame("wallet", { balance: 12 }, "7");
    await flush();
    expect(first.types()).toEqual(["STREAM.UP", "WALLET.UPDATED"]);
    expect(second.types()).toEqual(["STREAM.UP", "WALLET.UPDATED"]);
    expect(second.reports[1]).toEqual({ type: "WALLET.UPDATED", balance: 12 });
    sources.latest().fail();
    await flush();
    expect(second.types().at(-1)).toBe("STREAM.DOWN");
  });

  it("a tab that joins while the stream is up is told so at once", async () => {
    const { sources, tab } = browser();
    tab();
    await flush();
    sources.latest().open();
    const late = tab();
    await flush();
    expect(late.types()).toEqual(["STREAM.UP"]);
  });

  it("when the holder closes, the next tab takes the stream and resumes from the last id it heard, with a new ticket", async () => {
    const { sources, tickets, tab } = browser();
    const first = tab();
    const second = tab();
    await flush();
    sources.latest().open();
    sources.latest().frame("points", { points: 1, totalTaps: 1000, multiplier: 0.001 }, "41");
    await flush();
    first.actor.stop();
    await flush();
    expect(second.state().matches("leading")).toBe(true);
    expect(second.types()).toEqual(["STREAM.UP", "POINTS.UPDATED", "STREAM.DOWN"]);
    expect(sources.opened).toHaveLength(2);
    expect(sources.latest().lastEventId).toBe("41");
    expect(sources.latest().ticket).toBe("ticket-2");
    expect(tickets.asked).toHaveLength(2);
    expect(sources.live()).toHaveLength(1);
    sources.latest().open();
    expect(second.types().at(-1)).toBe("STREAM.UP");
  });

  it("a revoked session relayed to a following tab ends its stream too", async () => {
    const { sources, tab } = browser();
    tab();
    const second = tab();
    await flush();
    sources.latest().open();
    sources.latest().frame("session", { reason: "logout" }, "9");
    await flush();
    expect(second.types()).toContain("SESSION.REVOKED");
    expect(second.state().matches("ended")).toBe(true);
  });

  it("where the browser cannot share (no Web Locks or BroadcastChannel) every tab holds its own stream", async () => {
    const { sources, tab } = browser();
    const first = tab({ solo: true });
    const second = tab({ solo: true });
    await flush();
    expect(sources.opened).toHaveLength(2);
    sources.opened[0]!.open();
    sources.opened[1]!.open();
    sources.opened[0]!.frame("wallet", { balance: 1 }, "1");
    expect(first.types()).toEqual(["STREAM.UP", "WALLET.UPDATED"]);
    expect(second.types()).toEqual(["STREAM.UP"]);
  });
});
