import { describe, expect, it } from "vitest";
import { type AnyActorRef, assign, createActor, createMachine, sendParent, setup } from "xstate";
import { appMachine } from "./app.machine.ts";
import type { LiveEvent, LiveReport } from "./live/live.types.ts";
import type { StreakClaimed } from "./taps/taps.types.ts";

type Logged = { actor: string; event: string; userId?: string; to?: string; reason?: string };

/**
 * The root actor with stand-ins for its children: a session whose user the test sets, and taps and admin
 * session actors that write what they are told into one log, so the order across actors shows.
 */
function start() {
  const log: Logged[] = [];
  /** A session whose user the test sets (USER); it logs everything else it is told. */
  const sessionLike = (name: string) =>
    createMachine({
      types: {} as {
        context: { user: { id: string } | null };
        events: { type: string; id?: string | null; to?: string; reason?: string };
      },
      context: { user: null },
      on: {
        USER: { actions: assign({ user: ({ event }) => (event.id ? { id: event.id } : null) }) },
        "*": {
          actions: ({ event }) =>
            log.push({
              actor: name,
              event: event.type,
              ...(event.to ? { to: event.to } : {}),
              ...(event.reason ? { reason: event.reason } : {}),
            }),
        },
      },
    });
  const recorder = (name: string) =>
    setup({
      types: {} as {
        input: { userId?: string; holder?: string; stream?: string };
        context: { userId?: string };
        events: {
          type: string;
          report?: LiveReport | { type: "BOOST.FACTOR"; factor: number } | StreakClaimed;
        };
      },
    }).createMachine({
      context: ({ input }) => ({ userId: input?.userId ?? input?.holder }),
      entry: ({ context }) => log.push({ actor: name, event: "start", userId: context.userId }),
      on: {
        // A stand-in stream: the test makes it report a live event to the root.
        REPORT: { actions: sendParent(({ event }) => event.report!) },
        "*": {
          actions: ({ context, event }) =>
            log.push({ actor: name, event: event.type, userId: context.userId }),
        },
      },
    });
  const app = createActor(
    appMachine.provide({
      actors: {
        auth: sessionLike("session") as never,
        adminSession: sessionLike("adminSession") as never,
        taps: recorder("taps") as never,
        boosters: recorder("boosters") as never,
        live: recorder("live") as never,
      },
    }),
    { input: { now: () => 0, newId: () => "id" } },
  ).start();
  const signIn = (id: string | null) => (app.system.get("session") as AnyActorRef).send({ type: "USER", id });
  const adminSignIn = (id: string | null) =>
    (app.system.get("adminSession") as AnyActorRef).send({ type: "USER", id });
  const push = (stream: "user" | "admin", event: LiveEvent) =>
    (app.system.get(stream === "user" ? "live" : "adminLive") as AnyActorRef).send({
      type: "REPORT",
      report: { type: "LIVE", stream, event },
    });
  const published: unknown[] = [];
  app.on("live", (fact) => published.push(fact));
  return { app, log, signIn, adminSignIn, push, published };
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

  it("signs out in one event: the pending taps leave first, then the session logs out to where it was told", () => {
    const { app, log, signIn } = start();
    signIn("u1");
    log.length = 0;
    app.send({ type: "LOGOUT", to: "/auth?mode=login" });
    expect(log).toEqual([
      { actor: "taps", event: "PAGEHIDE", userId: "u1" },
      { actor: "session", event: "LOGOUT", to: "/auth?mode=login" },
    ]);
  });

  it("tells the sessions a call answered 401: the user's always, the admin's for an admin call", () => {
    const { app, log } = start();
    app.send({ type: "API.UNAUTHORIZED", auth: "user" });
    app.send({ type: "API.UNAUTHORIZED", auth: "none" });
    expect(log).toEqual([
      { actor: "session", event: "SESSION.UNAUTHORIZED" },
      { actor: "session", event: "SESSION.UNAUTHORIZED" },
    ]);
    log.length = 0;
    app.send({ type: "API.UNAUTHORIZED", auth: "admin" });
    expect(log).toEqual([
      { actor: "adminSession", event: "SESSION.UNAUTHORIZED" },
      { actor: "session", event: "SESSION.UNAUTHORIZED" },
    ]);
  });

  it("tells the admin session it is lost when an admin call answered 401", () => {
    const { app, log } = start();
    app.send({ type: "ADMIN.SESSION.LOST" });
    expect(log).toContainEqual({ actor: "adminSession", event: "SESSION.LOST" });
  });
});

describe("app machine: boosters in the tree", () => {
  it("runs a boosters actor beside the taps actor while a user is signed in, and a new one for the next user", () => {
    const { app, log, signIn } = start();
    expect(app.system.get("boosters")).toBeUndefined();
    signIn("u1");
    expect(app.system.get("boosters")).toBeDefined();
    signIn("u2");
    expect(log.filter((entry) => entry.actor === "boosters" && entry.event === "start")).toHaveLength(2);
    signIn(null);
    expect(app.system.get("boosters")).toBeUndefined();
  });

  it("passes the booster's factor to the taps actor, and booster pushes and resets to the boosters actor", () => {
    const { app, log, signIn, push } = start();
    signIn("u1");
    (app.system.get("boosters") as AnyActorRef).send({
      type: "REPORT",
      report: { type: "BOOST.FACTOR", factor: 2 },
    });
    expect(log).toContainEqual({ actor: "taps", event: "BOOST.FACTOR", userId: "u1" });
    push("user", { type: "BOOSTER.CHANGED", active: { id: "turbo-2x", factor: 2, endsAt: 1 } });
    push("user", { type: "ACHIEVEMENT.UNLOCKED", id: "first-tap", name: "First tap", rewardPoints: 1 });
    push("user", { type: "POINTS.UPDATED", points: 1, totalTaps: 10, multiplier: 0.001 });
    push("user", { type: "STREAM.RESET" });
    expect(log.filter((entry) => entry.actor === "boosters").map((entry) => entry.event)).toEqual([
      "start",
      "BOOSTER.CHANGED",
      "STREAM.RESET",
    ]);
    // Neither the booster nor the achievement is the taps actor's business.
    expect(log.filter((entry) => entry.actor === "taps").map((entry) => entry.event)).toEqual([
      "start",
      "BOOST.FACTOR",
      "POINTS.UPDATED",
      "STREAM.RESET",
    ]);
  });
});

describe("app machine: live streams in the tree", () => {
  it("runs the user's stream while signed in and the back office's while an admin is", () => {
    const { app, log, signIn, adminSignIn } = start();
    expect(app.system.get("live")).toBeUndefined();
    signIn("u1");
    expect(log).toContainEqual({ actor: "live", event: "start", userId: "u1" });
    adminSignIn("a1");
    expect(log).toContainEqual({ actor: "live", event: "start", userId: "a1" });
    expect(app.system.get("adminLive")).toBeDefined();
    adminSignIn(null);
    expect(app.system.get("adminLive")).toBeUndefined();
    // The admin's comings and goings leave the user's actors alone (and the other way round).
    expect(app.system.get("live")).toBeDefined();
    expect(log.filter((entry) => entry.event === "PAGEHIDE")).toEqual([]);
    signIn("u2");
    expect(log.filter((entry) => entry.actor === "live" && entry.event === "start")).toHaveLength(3);
    adminSignIn("a2");
    expect(app.getSnapshot().value).toEqual({ user: "signedIn", admin: "signedIn" });
  });

  it("passes the user's figures and stream facts to the taps actor and publishes every live event", () => {
    const { log, signIn, push, published } = start();
    signIn("u1");
    push("user", { type: "STREAM.UP" });
    push("user", { type: "POINTS.UPDATED", points: 1, totalTaps: 10, multiplier: 0.001 });
    push("user", { type: "DEPOSIT.UPDATED", txId: "t", amount: 5, status: "credited" });
    push("user", { type: "STREAM.DOWN" });
    expect(log.filter((entry) => entry.actor === "taps").map((entry) => entry.event)).toEqual([
      "start",
      "POINTS.UPDATED",
      "STREAM.DOWN",
    ]);
    expect(published).toEqual([
      { type: "live", stream: "user", event: { type: "STREAM.UP" } },
      {
        type: "live",
        stream: "user",
        event: { type: "POINTS.UPDATED", points: 1, totalTaps: 10, multiplier: 0.001 },
      },
      {
        type: "live",
        stream: "user",
        event: { type: "DEPOSIT.UPDATED", txId: "t", amount: 5, status: "credited" },
      },
      { type: "live", stream: "user", event: { type: "STREAM.DOWN" } },
    ]);
  });

  it("knows which stream is up: WALLET.MOVED reaches the taps actor only while the user's stream is down", () => {
    const { app, log, signIn, push } = start();
    signIn("u1");
    const moved = () => log.filter((entry) => entry.event === "WALLET.MOVED").length;
    app.send({ type: "WALLET.MOVED" });
    expect(moved()).toBe(1);
    push("user", { type: "STREAM.UP" });
    expect(app.getSnapshot().context.streamsUp).toEqual({ user: true, admin: false });
    app.send({ type: "WALLET.MOVED" });
    expect(moved()).toBe(1);
    push("user", { type: "STREAM.DOWN" });
    app.send({ type: "WALLET.MOVED" });
    expect(moved()).toBe(2);
  });

  it("a revoked session signs that session out: the user's, or the admin's", () => {
    const { log, signIn, adminSignIn, push } = start();
    signIn("u1");
    adminSignIn("a1");
    push("user", { type: "SESSION.REVOKED", reason: "logout" });
    expect(log).toContainEqual({ actor: "session", event: "SESSION.LOST", reason: "logout" });
    expect(log.filter((entry) => entry.actor === "adminSession" && entry.event === "SESSION.LOST")).toEqual(
      [],
    );
    push("admin", { type: "SESSION.REVOKED", reason: "logout" });
    expect(log).toContainEqual({ actor: "adminSession", event: "SESSION.LOST", reason: "logout" });
    // A closed account (docs/fair-play.md): the session hears why, and says so on the login page.
    push("user", { type: "SESSION.REVOKED", reason: "banned" });
    expect(log).toContainEqual({ actor: "session", event: "SESSION.LOST", reason: "banned" });
  });

  it("passes a change of standing to the taps actor (a frozen account's taps wait, an unfrozen one's go)", () => {
    const { log, signIn, push } = start();
    signIn("u1");
    push("user", { type: "STANDING.CHANGED", status: "ok" });
    expect(log).toContainEqual({ actor: "taps", event: "STANDING.CHANGED", userId: "u1" });
  });

  it("publishes the taps actor's auto-claim to page actors (the streak card), and nothing else hears of it", () => {
    const { app, log, signIn } = start();
    signIn("u1");
    const claims: unknown[] = [];
    app.on("autoClaim", (fact) => claims.push(fact));
    const before = log.length;
    (app.system.get("taps") as AnyActorRef).send({
      type: "REPORT",
      report: { type: "STREAK.CLAIMED", current: 5, reward: 5 },
    });
    expect(claims).toEqual([{ type: "autoClaim", current: 5, reward: 5 }]);
    // Nor is it passed to any app-lifetime actor (the taps actor itself sent it).
    expect(log.slice(before)).toEqual([]);
  });

  it("says STREAM.DOWN for a stream that stops while up (its owner signed out)", () => {
    const { app, signIn, push, published } = start();
    signIn("u1");
    push("user", { type: "STREAM.UP" });
    signIn(null);
    expect(app.getSnapshot().context.streamsUp.user).toBe(false);
    expect(published.at(-1)).toEqual({ type: "live", stream: "user", event: { type: "STREAM.DOWN" } });
  });
});
