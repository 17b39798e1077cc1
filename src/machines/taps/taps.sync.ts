/**
 * The taps machine's `sync` region (taps.machine.ts): sends the batches one at a time, each under its id until
 * the server acknowledged it, and backs off after a failure. A frozen account (403 ACCOUNT_FROZEN,
 * docs/fair-play.md) is not a failure to retry: the batches stay stored and wait in `frozen` until a `standing`
 * event says otherwise, or the stream lost events (STREAM.RESET: one more try finds out).
 */
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { autoClaimOf, tapsSetup } from "./taps.setup.ts";

export const syncRegion = tapsSetup.createStateConfig({
  initial: "idle",
  on: { FLUSH: { actions: ["formBatch", "persist"] } },
  states: {
    idle: {
      always: { guard: "hasBatches", target: "sending" },
      on: { ONLINE: { guard: "hasBatches", target: "sending" } },
    },
    sending: {
      tags: ["syncing"],
      entry: "markSending",
      invoke: {
        id: "sendBatch",
        src: "sendBatch",
        input: ({ context }) => ({
          userId: context.userId,
          batch: context.batches.find((batch) => batch.batchId === context.sendingBatchId)!,
          multiplierMicro: context.multiplierMicro,
        }),
        onDone: [
          // The sync also claimed the day's streak reward (auto-claim): toasted, and told to the streak card.
          {
            guard: { type: "claimedStreak", params: ({ event }) => event.output },
            target: "idle",
            actions: [
              { type: "reconcile", params: ({ event }) => event.output },
              { type: "toastAutoClaim", params: ({ event }) => autoClaimOf(event.output)! },
              { type: "reportAutoClaim", params: ({ event }) => autoClaimOf(event.output)! },
              "persist",
            ],
          },
          {
            target: "idle",
            actions: [{ type: "reconcile", params: ({ event }) => event.output }, "persist"],
          },
        ],
        onError: [
          {
            guard: { type: "accountFrozen", params: ({ event }) => apiErrorOf(event.error) },
            target: "frozen",
            actions: "forgetSending",
          },
          { guard: "firstFailure", target: "retrying", actions: ["countFailure", "toastSyncFailed"] },
          { target: "retrying", actions: "countFailure" },
        ],
      },
    },
    retrying: {
      on: { ONLINE: "sending", FLUSH: { target: "sending", actions: ["formBatch", "persist"] } },
      after: { BACKOFF: "sending" },
    },
    frozen: {
      tags: ["frozen"],
      on: {
        "STANDING.CHANGED": { guard: "unfrozen", target: "idle" },
        "STREAM.RESET": "idle",
      },
    },
  },
});
