/**
 * The root actor of the app: one tree of the app-lifetime actors, each found by its systemId
 * (docs/design.md §3, §10). `session` (the user's auth) and `adminSession` live as long as the app.
 * Regions: user [signedOut | signedIn: `taps`, `boosters` and the user's stream `live`], admin [signedOut | signedIn:
 * the back office's stream `adminLive`]. A signed-in region is entered again when its user changes (the
 * old taps actor is told PAGEHIDE, so it sends what it holds, before it stops).
 * Actors outside the tree (page actors, the runtime's browser listeners) send AppMessages here; the root
 * passes each to the actor it concerns, or answers itself when that actor is not running. Live events go to
 * the actors they concern (figures to `taps`, a revoked session to its session) and are published to page
 * actors as `live` emitted events; `streamsUp` says which stream is up, so pages know whether to poll. A tap
 * sync that claimed the day's streak reward (STREAK.CLAIMED from `taps`) is published as `autoClaim`.
 */
import { assertEvent, assign, emit, enqueueActions, setup } from "xstate";
import { adminSessionMachine } from "./admin/admin-session.machine.ts";
import type { AppContext, AppEvent, AppFact, AppInput, AppLink, LiveFact } from "./app.types.ts";
import { authMachine } from "./auth/auth.machine.ts";
import { boostersMachine } from "./economy/boosters.machine.ts";
import type { LiveEvent, StreamName } from "./live/live.types.ts";
import { liveStreamMachine } from "./live/live-stream.machine.ts";
import { tapsMachine } from "./taps/taps.machine.ts";
import type { TapsEvent } from "./taps/taps.types.ts";

export type { AppInput } from "./app.types.ts";

/** Live events the taps actor reconciles (docs/decisions/007). */
const FOR_TAPS = new Set<LiveEvent["type"]>([
  "POINTS.UPDATED",
  "WALLET.UPDATED",
  "MULTIPLIER.CHANGED",
  "STREAM.RESET",
  "STREAM.DOWN",
  "STANDING.CHANGED",
]);
/** Live events the boosters actor follows (docs/decisions/020). */
const FOR_BOOSTERS = new Set<LiveEvent["type"]>(["BOOSTER.CHANGED", "STREAM.RESET"]);

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    emitted: {} as AppFact,
    children: {} as {
      session: "auth";
      adminSession: "adminSession";
      taps: "taps";
      boosters: "boosters";
      live: "live";
      adminLive: "live";
    },
  },
  actors: {
    auth: authMachine,
    adminSession: adminSessionMachine,
    taps: tapsMachine,
    boosters: boostersMachine,
    live: liveStreamMachine,
  },
  actions: {
    followSessionUser: enqueueActions(({ context, enqueue }, userId: string | null) => {
      if (userId === context.userId) return;
      enqueue.assign({ userId });
      enqueue.raise({ type: "USER.CHANGED" });
    }),
    followAdmin: enqueueActions(({ context, enqueue }, adminId: string | null) => {
      if (adminId === context.adminId) return;
      enqueue.assign({ adminId });
      enqueue.raise({ type: "ADMIN.CHANGED" });
    }),
    passToTaps: enqueueActions(({ event, system, enqueue }) => {
      const taps = system.get("taps");
      if (taps) enqueue.sendTo(taps, event as TapsEvent);
      // Nobody signed in: nothing is pending, so a withdrawal need not wait.
      else if (event.type === "TAPS.SETTLE") enqueue.sendTo(event.replyTo, { type: "TAPS.SETTLED" });
    }),
    /** A live event to the actors it concerns. */
    routeLive: enqueueActions(({ event, system, enqueue }) => {
      if (event.type !== "LIVE") return;
      const { stream, event: live } = event;
      const taps = system.get("taps");
      if (stream === "user" && taps && FOR_TAPS.has(live.type)) enqueue.sendTo(taps, live);
      const boosters = system.get("boosters");
      if (stream === "user" && boosters && FOR_BOOSTERS.has(live.type)) enqueue.sendTo(boosters, live);
      if (live.type !== "SESSION.REVOKED") return;
      // The server ended this session (docs/api.md): this tab signs out as after an expired session.
      const session = system.get(stream === "user" ? "session" : "adminSession");
      const lost = { type: "SESSION.LOST", reason: live.reason } as const;
      if (session) enqueue.sendTo(session, lost);
    }),
    noteStreamStatus: assign({
      streamsUp: ({ context, event }) =>
        event.type === "LIVE" && (event.event.type === "STREAM.UP" || event.event.type === "STREAM.DOWN")
          ? { ...context.streamsUp, [event.stream]: event.event.type === "STREAM.UP" }
          : context.streamsUp,
    }),
    publishLive: emit(({ event }): LiveFact => {
      assertEvent(event, "LIVE");
      return { type: "live", stream: event.stream, event: event.event };
    }),
    /** The taps actor's sync claimed the day's streak reward: the page actors (the streak card) hear it. */
    publishAutoClaim: emit(({ event }): AppFact => {
      assertEvent(event, "STREAK.CLAIMED");
      return { type: "autoClaim", current: event.current, reward: event.reward };
    }),
    /** A stopped stream cannot say it went down: the root says it for it. */
    streamGone: enqueueActions(({ context, enqueue }, stream: StreamName) => {
      if (!context.streamsUp[stream]) return;
      enqueue.assign({ streamsUp: { ...context.streamsUp, [stream]: false } });
      enqueue.emit({ type: "live", stream, event: { type: "STREAM.DOWN" } });
    }),
    adminSessionLost: enqueueActions(({ system, enqueue }) => {
      const adminSession = system.get("adminSession");
      if (adminSession) enqueue.sendTo(adminSession, { type: "SESSION.LOST" });
    }),
    /** Taps not yet sent leave first, while the token is still valid; then the session logs out. */
    logOut: enqueueActions(({ event, system, enqueue }) => {
      assertEvent(event, "LOGOUT");
      const taps = system.get("taps");
      if (taps) enqueue.sendTo(taps, { type: "PAGEHIDE" });
      const session = system.get("session");
      if (session) enqueue.sendTo(session, { type: "LOGOUT", ...(event.to ? { to: event.to } : {}) });
    }),
    /**
     * docs/product.md §4: any 401 removes the user's stored session, and a 401 to an admin call the admin's
     * too. Each session clears its own keys; what it does next is its own (the checks that watch storage).
     */
    sessionsRefused: enqueueActions(({ event, system, enqueue }) => {
      assertEvent(event, "API.UNAUTHORIZED");
      const adminSession = system.get("adminSession");
      if (event.auth === "admin" && adminSession)
        enqueue.sendTo(adminSession, { type: "SESSION.UNAUTHORIZED" });
      const session = system.get("session");
      if (session) enqueue.sendTo(session, { type: "SESSION.UNAUTHORIZED" });
    }),
    /** The taps actor sends what it holds before it stops (a user change or sign-out). */
    flushTaps: enqueueActions(({ system, enqueue }) => {
      const taps = system.get("taps");
      if (taps) enqueue.sendTo(taps, { type: "PAGEHIDE" });
    }),
  },
  guards: {
    signedIn: ({ context }) => context.userId !== null,
    adminSignedIn: ({ context }) => context.adminId !== null,
    // While the stream is up it brings the balance (a `wallet` event): no read that could be older.
    userStreamDown: ({ context }) => !context.streamsUp.user,
  },
}).createMachine({
  id: "app",
  context: ({ input }) => ({
    ...input,
    userId: null,
    adminId: null,
    streamsUp: { user: false, admin: false },
  }),
  invoke: [
    {
      id: "session",
      systemId: "session",
      src: "auth",
      input: ({ context }) => ({ now: context.now, telegramInitData: context.telegramInitData ?? null }),
      onSnapshot: {
        actions: {
          type: "followSessionUser",
          params: ({ event }) => event.snapshot.context.user?.id ?? null,
        },
      },
    },
    {
      id: "adminSession",
      systemId: "adminSession",
      src: "adminSession",
      onSnapshot: {
        actions: { type: "followAdmin", params: ({ event }) => event.snapshot.context.user?.id ?? null },
      },
    },
  ],
  on: {
    "REWARDS.UPDATED": { actions: "passToTaps" },
    "BOOST.FACTOR": { actions: "passToTaps" },
    "WALLET.MOVED": { guard: "userStreamDown", actions: "passToTaps" },
    "TAPS.SETTLE": { actions: "passToTaps" },
    PAGEHIDE: { actions: "passToTaps" },
    ONLINE: { actions: "passToTaps" },
    LOGOUT: { actions: "logOut" },
    "ADMIN.SESSION.LOST": { actions: "adminSessionLost" },
    "API.UNAUTHORIZED": { actions: "sessionsRefused" },
    LIVE: { actions: ["noteStreamStatus", "routeLive", "publishLive"] },
    "STREAK.CLAIMED": { actions: "publishAutoClaim" },
  },
  type: "parallel",
  states: {
    // The changes are handled on the leaf states: a re-entering transition on a region would exit the
    // other region too.
    user: {
      initial: "signedOut",
      states: {
        signedOut: { on: { "USER.CHANGED": { guard: "signedIn", target: "signedIn" } } },
        signedIn: {
          on: {
            "USER.CHANGED": [
              { guard: "signedIn", target: "signedIn", reenter: true },
              { target: "signedOut" },
            ],
          },
          exit: ["flushTaps", { type: "streamGone", params: "user" }],
          invoke: [
            {
              id: "taps",
              systemId: "taps",
              src: "taps",
              input: ({ context }) => ({ ...context, userId: context.userId! }),
            },
            {
              id: "boosters",
              systemId: "boosters",
              src: "boosters",
              // The root is the boosters actor's AppLink, as it is every page actor's.
              input: ({ context, self }) => ({
                app: self as unknown as AppLink,
                newId: context.newId,
                now: context.now,
              }),
            },
            {
              id: "live",
              systemId: "live",
              src: "live",
              input: ({ context }) => ({ stream: "user" as const, holder: context.userId! }),
            },
          ],
        },
      },
    },
    admin: {
      initial: "signedOut",
      states: {
        signedOut: { on: { "ADMIN.CHANGED": { guard: "adminSignedIn", target: "signedIn" } } },
        signedIn: {
          on: {
            "ADMIN.CHANGED": [
              { guard: "adminSignedIn", target: "signedIn", reenter: true },
              { target: "signedOut" },
            ],
          },
          exit: { type: "streamGone", params: "admin" },
          invoke: {
            id: "adminLive",
            systemId: "adminLive",
            src: "live",
            input: ({ context }) => ({ stream: "admin" as const, holder: context.adminId! }),
          },
        },
      },
    },
  },
});
