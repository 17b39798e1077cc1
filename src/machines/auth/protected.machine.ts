/**
 * The one storage check (docs/product.md §4): every `intervalMs` it looks for the stored session, and ends once
 * it is gone. It has two users:
 * - the protected wrapper, as its page actor (created by the protected layout while a user is signed in):
 *   every 10 s, with the session actor in its input; when the session is gone it shows the one-time
 *   `Session Expired` toast and tells the session actor, whose signed-out state then sends the user to /auth;
 * - the session actor itself, as its invoked child while signed in: every 30 s, without a session to tell (it
 *   ends the session on this machine's done).
 * States: watching → checking → (watching | expired). `expired` is final: the toast is shown once. A check that
 * fails (storage unreadable) counts as still stored.
 */

import type { AnyActorRef } from "xstate";
import { enqueueActions, fromPromise, setup } from "xstate";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { TOASTS } from "./auth.messages.ts";
import type { AuthEmitted } from "./auth.types.ts";

export const PROTECTED_CHECK_INTERVAL_MS = 10_000;

export interface StorageCheckInput {
  /** The session actor to tell when the stored session is gone; none when the session actor runs the check. */
  session?: AnyActorRef | null;
  intervalMs?: number;
}

export const protectedMachine = setup({
  types: {
    context: {} as { session: AnyActorRef | null; intervalMs: number },
    input: {} as StorageCheckInput,
    emitted: {} as AuthEmitted,
  },
  actors: {
    isSessionStored: fromPromise<boolean>(notProvided("protected machine", "isSessionStored")),
  },
  delays: { CHECK_INTERVAL: ({ context }) => context.intervalMs },
  actions: {
    /** The wrapper's part: the toast once, and the session told (the session actor needs neither). */
    announceExpiry: enqueueActions(({ context, enqueue }) => {
      if (!context.session) return;
      enqueue.emit({
        type: "toast",
        tone: "error",
        title: TOASTS.sessionExpiredTitle,
        description: TOASTS.sessionExpired,
      });
      enqueue.sendTo(context.session, { type: "SESSION.LOST" });
    }),
  },
}).createMachine({
  id: "protected",
  context: ({ input }) => ({
    session: input.session ?? null,
    intervalMs: input.intervalMs ?? PROTECTED_CHECK_INTERVAL_MS,
  }),
  initial: "watching",
  states: {
    watching: { after: { CHECK_INTERVAL: "checking" } },
    checking: {
      invoke: {
        id: "isSessionStored",
        src: "isSessionStored",
        onDone: [
          { guard: ({ event }) => event.output, target: "watching" },
          { target: "expired", actions: "announceExpiry" },
        ],
        onError: "watching",
      },
    },
    expired: { type: "final" },
  },
});
