import { describe, expect, it } from "vitest";
import { type AnyActorRef, assign, createActor, createMachine, setup } from "xstate";
import { appMachine } from "./app.machine.ts";

type Logged = { actor: string; event: string; userId?: string };

/**
 * The root actor with stand-ins for its children: a session whose user the test sets, and taps and admin
 * session actors that write what they are told into one log, so the order across actors shows.
 */
function start() {
  const log: Logged[] = [];
  const session = createMachine({
    types: {} as { context: { user: { id: string } | null }; events: { type: "USER"; id: string | null } },
    context: { user: null },
    on: { USER: { actions: assign({ user: ({ event }) => (event.id ? { id: event.id } : null) }) } },
  });
  const recorder = (name: string) =>
    setup({ types: {} as { input: { userId?: string }; context: { userId?: string } } }).createMachine({
      context: ({ input }) => ({ userId: input?.userId }),
      entry: ({ context }) => log.push({ actor: name, event: "start", userId: context.userId }),
      on: {
        "*": {
          actions: ({ context, event }) =>
            log.push({ actor: name, event: event.type, userId: context.userId }),
        },
      },
    });
  const app = createActor(
    appMachine.provide({
      actors: {
        auth: session as never,
        taps: recorder("taps") as never,
        adminSession: recorder("adminSession") as never,
      },
    }),
    { input: { now: () => 0, newId: () => "id" } },
  ).start();
  const signIn = (id: string | null) => (app.system.get("session") as AnyActorRef).send({ type: "USER", id });
  return { app, log, signIn };
}

describe("app machine: one tree of the app-lifetime actors", () => {
  it("starts a taps actor for the signed-in user, found by its systemId, and none while signed out", () => {
    const { app, log, signIn } = start();
    expect(app.system.get("taps")).toBeUndefined();
    signIn("u1");
    expect(app.system.get("taps")).toBeDefined();
    expect(app.getSnapshot().children.taps).toBe(app.system.get("taps"));
    expect(log).toContainEqual({ actor: "taps", event: "start", userId: "u1" });
  });

  it("tells the old taps actor PAGEHIDE before it stops, when the user changes or signs out", () => {
    const { app, log, signIn } = start();
    signIn("u1");
    signIn("u2");
    const taps = log.filter((entry) => entry.actor === "taps");
    expect(taps).toEqual([
      { actor: "taps", event: "start", userId: "u1" },
      { actor: "taps", event: "PAGEHIDE", userId: "u1" },
      { actor: "taps", event: "start", userId: "u2" },
    ]);
    signIn(null);
    expect(log.at(-1)).toEqual({ actor: "taps", event: "PAGEHIDE", userId: "u2" });
    expect(app.system.get("taps")).toBeUndefined();
  });

  it("passes page actors' messages to the taps actor", () => {
    const { app, log, signIn } = start();
    signIn("u1");
    const replyTo = createActor(createMachine({})).start();
    app.send({ type: "REWARDS.UPDATED", walletBalanceMicro: 5 });
    app.send({ type: "WALLET.MOVED" });
    app.send({ type: "TAPS.SETTLE", replyTo });
    app.send({ type: "PAGEHIDE" });
    app.send({ type: "ONLINE" });
    expect(log.filter((entry) => entry.actor === "taps").map((entry) => entry.event)).toEqual([
      "start",
      "REWARDS.UPDATED",
      "WALLET.MOVED",
      "TAPS.SETTLE",
      "PAGEHIDE",
      "ONLINE",
    ]);
  });

  it("answers TAPS.SETTLE itself while nobody is signed in, so a withdrawal need not wait", () => {
    const { app } = start();
    const heard: string[] = [];
    const replyTo = createActor(
      createMachine({ on: { "*": { actions: ({ event }) => heard.push(event.type) } } }),
    ).start();
    app.send({ type: "TAPS.SETTLE", replyTo });
    expect(heard).toEqual(["TAPS.SETTLED"]);
  });

  it("tells the admin session it is lost when an admin call answered 401", () => {
    const { app, log } = start();
    app.send({ type: "ADMIN.SESSION.LOST" });
    expect(log).toContainEqual({ actor: "adminSession", event: "SESSION.LOST", userId: undefined });
  });
});
