/**
 * The protected wrapper's own check (docs/product.md §4): every 10 s it looks for the stored session; when it
 * is gone it shows the one-time `Session Expired` toast and tells the session actor, whose signed-out state
 * then sends the user to /auth. Page-lifetime: the protected layout creates it while a user is signed in.
 * States: watching → checking → (watching | expired). `expired` is final: the toast is shown once.
 */

import type { AnyActorRef } from "xstate";
import { emit, fromPromise, sendTo, setup } from "xstate";
import { notProvided } from "../shared/not-provided.ts";
import type { AuthEmitted } from "./auth.machine.ts";
import { TOASTS } from "./auth.messages.ts";

export const PROTECTED_CHECK_INTERVAL_MS = 10_000;

export const protectedMachine = setup({
  types: {
    context: {} as { session: AnyActorRef },
    input: {} as { session: AnyActorRef },
    emitted: {} as AuthEmitted,
  },
  actors: {
    isSessionStored: fromPromise<boolean>(notProvided("protected machine", "isSessionStored")),
  },
  delays: { CHECK_INTERVAL: PROTECTED_CHECK_INTERVAL_MS },
  actions: {
    toastSessionExpired: emit({
      type: "toast" as const,
      tone: "error" as const,
      title: TOASTS.sessionExpiredTitle,
      description: TOASTS.sessionExpired,
    }),
    tellSessionItIsLost: sendTo(({ context }) => context.session, { type: "SESSION.LOST" }),
  },
}).createMachine({
  id: "protected",
  context: ({ input }) => ({ session: input.session }),
  initial: "watching",
  states: {
    watching: { after: { CHECK_INTERVAL: "checking" } },
    checking: {
      invoke: {
        id: "isSessionStored",
        src: "isSessionStored",
        onDone: [
          { guard: ({ event }) => event.output, target: "watching" },
          { target: "expired", actions: ["toastSessionExpired", "tellSessionItIsLost"] },
        ],
        onError: "watching",
      },
    },
    expired: { type: "final" },
  },
});
