/**
 * The root actor of the app: owns the app-lifetime actors so every route reaches them through the actor
 * system. `session` lives as long as the app; `taps` exists while a user is signed in and is replaced when
 * the user changes (after being told to send what it holds). Later slices add the wallet child.
 */
import { type ActorRefFrom, enqueueActions, type SnapshotFrom, setup } from "xstate";
import { authMachine } from "./auth/auth.machine.ts";
import { tapsMachine } from "./taps/taps.machine.ts";
import type { TapsInput } from "./taps/taps.types.ts";

export interface AppInput {
  now: () => number;
  /** Builds a taps actor's input for a user (reads that user's stored rewards). */
  tapsInputFor: (userId: string) => TapsInput;
}

interface AppContext extends AppInput {
  taps: ActorRefFrom<typeof tapsMachine> | null;
}

export const appMachine = setup({
  types: { input: {} as AppInput, context: {} as AppContext },
  actors: { auth: authMachine, taps: tapsMachine },
  actions: {
    followSessionUser: enqueueActions(({ context, event, enqueue }) => {
      const snapshot = (event as { snapshot?: SnapshotFrom<typeof authMachine> }).snapshot;
      const userId = snapshot?.context.user?.id ?? null;
      const current = context.taps?.getSnapshot().context.userId ?? null;
      if (userId === current) return;
      if (context.taps) {
        enqueue.sendTo(context.taps, { type: "PAGEHIDE" });
        enqueue.stopChild(context.taps);
      }
      enqueue.assign({
        taps: ({ spawn }) =>
          userId
            ? spawn("taps", { id: "taps", systemId: "taps", input: context.tapsInputFor(userId) })
            : null,
      });
    }),
  },
}).createMachine({
  id: "app",
  context: ({ input }) => ({ ...input, taps: null }),
  invoke: {
    id: "session",
    systemId: "session",
    src: "auth",
    input: ({ context }) => ({ now: context.now }),
    onSnapshot: { actions: "followSessionUser" },
  },
});
