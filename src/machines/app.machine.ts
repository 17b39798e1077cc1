/**
 * The root actor of the app: one tree of the app-lifetime actors, each found by its systemId
 * (docs/design.md §3). `session` (the user's auth) and `adminSession` live as long as the app; `taps` exists
 * while a user is signed in, in `user.signedIn`, which is entered again when the user changes (the old taps
 * actor is told PAGEHIDE, so it sends what it holds, before it stops).
 * Actors outside the tree (page actors, the runtime's browser listeners) send AppMessages here; the root
 * passes each to the actor it concerns, or answers itself when that actor is not running. No actor looks
 * another up through a function: they meet through the system and events.
 */
import { enqueueActions, setup } from "xstate";
import { adminSessionMachine } from "./admin/admin-session.machine.ts";
import type { AppMessage } from "./app.types.ts";
import { authMachine } from "./auth/auth.machine.ts";
import { tapsMachine } from "./taps/taps.machine.ts";
import type { TapsEvent } from "./taps/taps.types.ts";

export interface AppInput {
  now: () => number;
  newId: () => string;
}

interface AppContext extends AppInput {
  /** The signed-in user the `user` region follows (from the session's snapshots). */
  userId: string | null;
}

type AppEvent = AppMessage | { type: "USER.CHANGED" };

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    children: {} as { session: "auth"; adminSession: "adminSession"; taps: "taps" },
  },
  actors: { auth: authMachine, adminSession: adminSessionMachine, taps: tapsMachine },
  actions: {
    followSessionUser: enqueueActions(({ context, enqueue }, userId: string | null) => {
      if (userId === context.userId) return;
      enqueue.assign({ userId });
      enqueue.raise({ type: "USER.CHANGED" });
    }),
    passToTaps: enqueueActions(({ event, system, enqueue }) => {
      const taps = system.get("taps");
      if (taps) enqueue.sendTo(taps, event as TapsEvent);
      // Nobody signed in: nothing is pending, so a withdrawal need not wait.
      else if (event.type === "TAPS.SETTLE") enqueue.sendTo(event.replyTo, { type: "TAPS.SETTLED" });
    }),
    adminSessionLost: enqueueActions(({ system, enqueue }) => {
      const adminSession = system.get("adminSession");
      if (adminSession) enqueue.sendTo(adminSession, { type: "SESSION.LOST" });
    }),
    /** The taps actor sends what it holds before it stops (a user change or sign-out). */
    flushTaps: enqueueActions(({ system, enqueue }) => {
      const taps = system.get("taps");
      if (taps) enqueue.sendTo(taps, { type: "PAGEHIDE" });
    }),
  },
  guards: {
    signedIn: ({ context }) => context.userId !== null,
  },
}).createMachine({
  id: "app",
  context: ({ input }) => ({ ...input, userId: null }),
  invoke: [
    {
      id: "session",
      systemId: "session",
      src: "auth",
      input: ({ context }) => ({ now: context.now }),
      onSnapshot: {
        actions: {
          type: "followSessionUser",
          params: ({ event }) => event.snapshot.context.user?.id ?? null,
        },
      },
    },
    { id: "adminSession", systemId: "adminSession", src: "adminSession" },
  ],
  on: {
    "REWARDS.UPDATED": { actions: "passToTaps" },
    "WALLET.MOVED": { actions: "passToTaps" },
    "TAPS.SETTLE": { actions: "passToTaps" },
    PAGEHIDE: { actions: "passToTaps" },
    ONLINE: { actions: "passToTaps" },
    "ADMIN.SESSION.LOST": { actions: "adminSessionLost" },
  },
  type: "parallel",
  states: {
    user: {
      initial: "signedOut",
      on: {
        "USER.CHANGED": [{ guard: "signedIn", target: ".signedIn", reenter: true }, { target: ".signedOut" }],
      },
      states: {
        signedOut: {},
        signedIn: {
          exit: "flushTaps",
          invoke: {
            id: "taps",
            systemId: "taps",
            src: "taps",
            input: ({ context }) => ({ userId: context.userId!, newId: context.newId, now: context.now }),
          },
        },
      },
    },
  },
});
