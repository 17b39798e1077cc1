/**
 * The protected layout's storage check walked on the real /home screen (the exported
 * tests/e2e/generated/protected.spec.ts): every 10 s it looks for the stored session. The check reads the
 * browser's storage, not the API, so its answers are what the storage holds when the clock moves on: still
 * there (the app answers itself), gone (the person cleared the site's data: the `Session Expired` toast and
 * the login page), or unreadable (a browser that blocks storage: counted as still stored, the page stays).
 */

import { STORAGE_KEYS } from "#src/api/storage-keys.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { PROTECTED_CHECK_INTERVAL_MS } from "#src/machines/auth/protected.machine.ts";
import { protectedChecks } from "../models/protected.model.ts";
import type { ModelEvent } from "../path-runner.ts";
import { blockStorage, clock, type Expectation, forget, type Gesture, type Walk } from "./actions.ts";

/**
 * The machine has no events of its own: only its timer needs a gesture. The check's answer is the app's own
 * read of the storage, there at once (no entry: the walk sets what the storage holds before the timer fires).
 */
type ProtectedWalkEvent = "xstate.after.CHECK_INTERVAL.protected.watching";

const answerIs = (next: ModelEvent | undefined, type: string, output?: unknown) =>
  next?.type === type && (output === undefined || (next as { output?: unknown }).output === output);

export const protectedGestures = {
  // What the storage holds is set just before the check runs: the path's next step says which answer it gets.
  "xstate.after.CHECK_INTERVAL.protected.watching": (_event, next) => [
    ...(answerIs(next, "xstate.done.actor.isSessionStored", false) ? [forget(STORAGE_KEYS.authToken)] : []),
    ...(answerIs(next, "xstate.error.actor.isSessionStored") ? [blockStorage()] : []),
    clock(PROTECTED_CHECK_INTERVAL_MS),
  ],
} satisfies Record<ProtectedWalkEvent, Gesture<never>>;

export const protectedWalk: Walk = {
  machine: "protected",
  parts: [
    {
      name: "the storage check on /home",
      model: protectedChecks,
      gestures: protectedGestures,
      start: { url: "/home", account: "signedIn", ready: { text: "Rewards Balance" } },
      // A path that ends as the check runs: nothing touched the storage, so the app finds the session there.
      answersAtOnce: { isSessionStored: { type: "xstate.done.actor.isSessionStored", output: true } },
      causedFailures: {
        "xstate.error.actor.isSessionStored": { how: "the clock gesture blocked the site's storage first" },
      },
      atEnd: (leaf, events) => {
        const seen: Expectation[] = [];
        if (leaf.matches("expired"))
          seen.push({ see: { text: TOASTS.sessionExpiredTitle } }, { see: { text: TOASTS.sessionExpired } });
        else seen.push({ see: { text: "Rewards Balance" } }, { url: "/home" });
        if (events.some((event) => event.type === "xstate.error.actor.isSessionStored"))
          seen.push({ see: { role: "navigation", name: "Main" } });
        return seen;
      },
    },
  ],
};
