/**
 * React StrictMode mounts, unmounts and mounts again every effect, so an actor made with useActorRef is
 * started, stopped and started again, and its invoked callback actors with it (statelyai/xstate#5272). The
 * stream's connection must survive that as one EventSource, never two.
 */
import { render } from "@testing-library/react";
import { useActorRef } from "@xstate/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { createActor, createMachine, setup } from "xstate";
import { createLiveActors } from "#src/machines/live/live.actors.ts";
import { liveStreamMachine } from "#src/machines/live/live-stream.machine.ts";
import { fakeEventSources, fakeTickets } from "../support/fake-event-source.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function liveActors() {
  const sources = fakeEventSources();
  const tickets = fakeTickets();
  const actors = createLiveActors({
    events: tickets.events,
    apiBase: "http://app.test/api",
    openEventSource: sources.open,
  });
  return { sources, tickets, actors };
}

describe("the live stream under React StrictMode", () => {
  it("a connection started twice by StrictMode opens one EventSource, and closes it on unmount", async () => {
    const { sources, actors } = liveActors();
    const holder = setup({ actors: { connection: actors.connection } }).createMachine({
      invoke: { src: "connection", input: { stream: "user", ticket: "t-1", lastEventId: null } },
    });
    function Probe() {
      useActorRef(holder);
      return null;
    }
    const view = render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    );
    await flush();
    expect(sources.opened).toHaveLength(1);
    expect(sources.live()).toHaveLength(1);
    view.unmount();
    await flush();
    expect(sources.live()).toHaveLength(0);
  });

  it("the whole stream mounted under StrictMode never holds two connections at once", async () => {
    const { sources, actors } = liveActors();
    const stream = liveStreamMachine.provide({
      actors: {
        tabLink: actors.soloTab,
        ticket: actors.ticket,
        connection: actors.connection,
        network: actors.network,
      },
    });
    const parent = setup({ actors: { live: stream } }).createMachine({
      invoke: { id: "live", src: "live", input: { stream: "user", holder: "u1" } },
    });
    let ref: ReturnType<typeof useActorRef<typeof parent>> | undefined;
    function Probe() {
      ref = useActorRef(parent);
      return null;
    }
    render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    );
    await flush();
    await flush();
    expect(sources.live()).toHaveLength(1);
    sources.latest().open();
    expect(
      ref
        ?.getSnapshot()
        .children.live?.getSnapshot()
        .matches({ leading: { open: "up" } }),
    ).toBe(true);
  });

  it("outside StrictMode a stopped connection closes its EventSource (the guard keeps nothing alive)", async () => {
    const { sources, actors } = liveActors();
    const holder = createActor(
      createMachine({
        invoke: { src: actors.connection, input: { stream: "user", ticket: "t", lastEventId: null } },
      }),
    ).start();
    expect(sources.live()).toHaveLength(1);
    holder.stop();
    await flush();
    expect(sources.live()).toHaveLength(0);
  });
});
