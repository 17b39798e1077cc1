/**
 * The player's standing and their appeal (docs/fair-play.md, "What the player sees"). Page-lifetime: Home's
 * card and the tap screen each run one for the signed-in user.
 *
 * States: loading → ready | failed, which reads again after RETRY_MS by itself: no screen offers a "Try again"
 * (the card shows what was known, or nothing while the account is ok). ready: closed ⇄ open (editing ⇄
 * sending), the "Ask for a review" dialog. It reads GET /user/{id}/standing, and again whenever the user's stream says the standing changed
 * (`standing`) or lost events (`reset`); what was shown stays on screen meanwhile. An appeal is 3–1000
 * characters, checked before it is sent (the words say what to fix); a sent one is shown at once as the open
 * appeal, with a toast. 409 APPEAL_OPEN (one was already open, from another tab say) closes the dialog, says
 * so, and reads the standing again so its open appeal shows. Any other failure keeps the dialog and the draft.
 * The dialog opens only while the account is not `ok` and has no open appeal.
 */
import { assign, enqueueActions, fromPromise, setup } from "xstate";
import { APPEAL_MAX_LENGTH, APPEAL_MIN_LENGTH, APPEAL_OPEN_MESSAGE } from "#contracts/fair-play-rules.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { StandingAnswer } from "#src/api/fair-play.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { type Toast, toast } from "#src/machines/shared/toast.ts";

export const APPEAL_SENT = "Review requested";
export const APPEAL_SENT_DESCRIPTION = "A person will look at your account and answer here.";
export const APPEAL_FAILED = "Could not send your request. Check your connection and try again.";

/** What is wrong with an appeal's words, said so the player knows what to fix; null when it can go. */
export function appealProblem(message: string): string | null {
  const length = message.trim().length;
  if (length < APPEAL_MIN_LENGTH) return `Write at least ${APPEAL_MIN_LENGTH} characters.`;
  if (length > APPEAL_MAX_LENGTH)
    return `Keep it to ${APPEAL_MAX_LENGTH.toLocaleString("en-US")} characters.`;
  return null;
}

/** How long a failed read waits before it is tried again. */
export const RETRY_MS = 5_000;

export type StandingEvent =
  | { type: "OPEN" }
  | { type: "CLOSE" }
  | { type: "DRAFT.CHANGE"; value: string }
  | { type: "SEND" };

export interface StandingContext {
  userId: string;
  standing: StandingAnswer | null;
  draft: string;
  /** What is wrong with the draft, shown under the field after a Send that could not go. */
  draftError: string | null;
  /** Why the last sending failed, shown in the dialog. */
  sendError: string | null;
  app: AppLink;
  now: () => number;
}

export const standingMachine = setup({
  types: {
    context: {} as StandingContext,
    input: {} as { userId: string; app: AppLink; now: () => number },
    events: {} as StandingEvent | LiveEvent,
    emitted: {} as Toast,
  },
  actors: {
    loadStanding: fromPromise<StandingAnswer, { userId: string }>(
      notProvided("standing machine", "loadStanding"),
    ),
    sendAppeal: fromPromise<void, { userId: string; message: string }>(
      notProvided("standing machine", "sendAppeal"),
    ),
    ...liveActors,
  },
  delays: { RETRY: RETRY_MS },
  guards: {
    canAppeal: ({ context }) =>
      context.standing !== null && context.standing.status !== "ok" && context.standing.appeal === null,
    draftValid: ({ context }) => appealProblem(context.draft) === null,
    appealOpen: (_, error: ApiError) => error.code === "APPEAL_OPEN",
  },
  actions: {
    takeStanding: assign({ standing: (_, standing: StandingAnswer) => standing }),
    takeDraft: assign({
      draft: ({ context, event }) => (event.type === "DRAFT.CHANGE" ? event.value : context.draft),
      draftError: null,
    }),
    refuseDraft: assign({ draftError: ({ context }) => appealProblem(context.draft) }),
    clearDialog: assign({ draftError: null, sendError: null }),
    /** Sent: the card shows the open appeal at once; the next read brings the server's own. */
    appealSent: enqueueActions(({ context, enqueue }) => {
      const message = context.draft.trim();
      if (context.standing)
        enqueue.assign({
          standing: { ...context.standing, appeal: { at: new Date(context.now()).toISOString(), message } },
        });
      enqueue.assign({ draft: "", draftError: null, sendError: null });
      enqueue.emit(toast("success", APPEAL_SENT, APPEAL_SENT_DESCRIPTION));
    }),
    alreadyOpen: enqueueActions(({ enqueue }, error: ApiError) => {
      enqueue.assign({ sendError: null });
      enqueue.emit(toast("error", error.message || APPEAL_OPEN_MESSAGE));
    }),
    sendFailed: assign({ sendError: (_, error: ApiError) => error.message || APPEAL_FAILED }),
  },
}).createMachine({
  id: "standing",
  context: ({ input }) => ({
    userId: input.userId,
    standing: null,
    draft: "",
    draftError: null,
    sendError: null,
    app: input.app,
    now: input.now,
  }),
  invoke: hearStream("user"),
  // A changed standing or lost events: read it again (what is shown stays until the answer).
  on: { "STANDING.CHANGED": ".loading", "STREAM.RESET": ".loading" },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "loadStanding",
        src: "loadStanding",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: "ready", actions: { type: "takeStanding", params: ({ event }) => event.output } },
        onError: "failed",
      },
    },
    failed: { after: { RETRY: "loading" } },
    ready: {
      initial: "closed",
      states: {
        closed: {
          on: { OPEN: { guard: "canAppeal", target: "open", actions: "clearDialog" } },
        },
        open: {
          initial: "editing",
          states: {
            editing: {
              on: {
                "DRAFT.CHANGE": { actions: "takeDraft" },
                SEND: [
                  { guard: "draftValid", target: "sending", actions: assign({ sendError: null }) },
                  { actions: "refuseDraft" },
                ],
                CLOSE: "#standing.ready.closed",
              },
            },
            sending: {
              tags: ["busy"],
              invoke: {
                id: "sendAppeal",
                src: "sendAppeal",
                input: ({ context }) => ({ userId: context.userId, message: context.draft.trim() }),
                onDone: { target: "#standing.ready.closed", actions: "appealSent" },
                onError: [
                  {
                    guard: { type: "appealOpen", params: ({ event }) => apiErrorOf(event.error) },
                    target: "#standing.loading",
                    actions: { type: "alreadyOpen", params: ({ event }) => apiErrorOf(event.error) },
                  },
                  {
                    target: "editing",
                    actions: { type: "sendFailed", params: ({ event }) => apiErrorOf(event.error) },
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
