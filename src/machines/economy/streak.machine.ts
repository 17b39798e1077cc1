/**
 * The daily streak card of the Rewards page (docs/product.md, Rewards area). Page-lifetime.
 * States: loading → ready.open ⇄ ready.claiming → ready.claimed; failed (RETRY) when it could not load.
 * A claim goes out with an Idempotency-Key kept for the attempt: after a lost answer (network, 5xx) pressing
 * Claim again re-sends the same key, so a day is never paid twice (src/machines/shared/attempt-key.ts).
 * `STREAK_ALREADY_CLAIMED` (another tab or device claimed today) is not a failure: the card shows today as
 * claimed. At the end of the UTC day (`resetsAt`) the card reads the streak again, so the next claim opens
 * without a reload; a claim that failed the day before is forgotten then (a new day is a new claim). The
 * points a claim pays go to the taps actor through the root (REWARDS.UPDATED).
 * Auto-claim: a tap sync that claimed the day's reward is published by the root (`autoClaim`); the card then
 * shows today as claimed (the taps actor already toasted it and holds the points). Heard while loading, it
 * reads the streak again, as that read may predate the claim.
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup } from "xstate";
import { roundToMicro } from "#contracts/micro.ts";
import type { ClaimAnswer, StreakAnswer } from "#src/api/economy.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { attemptAfterFailure } from "#src/machines/shared/attempt-key.ts";
import { hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { Toast } from "#src/machines/shared/toast.ts";

/** The longest streak reward: day n pays min(n, 7) points (docs/api.md, Economy). */
export const STREAK_REWARD_CAP = 7;
export const ALREADY_CLAIMED = "Already claimed today";
export const CLAIM_FAILED = "Could not claim today's reward";
const MIN_REREAD_MS = 60_000;
const HOUR_MS = 3_600_000;

export type AutoClaimed = { type: "STREAK.AUTO_CLAIMED"; current: number; reward: number };
export type StreakEvent = { type: "CLAIM" } | { type: "RETRY" } | AutoClaimed;

/** Hears the root's `autoClaim` facts for as long as the card lives. */
export const autoClaims = fromCallback<{ type: "CLOSE" }, { app: AppLink }>(({ input, sendBack }) => {
  const subscription = input.app.on("autoClaim", (fact) =>
    sendBack({
      type: "STREAK.AUTO_CLAIMED",
      current: fact.current,
      reward: fact.reward,
    } satisfies AutoClaimed),
  );
  return () => subscription.unsubscribe();
});

export interface StreakContext {
  streak: StreakAnswer | null;
  /** The claim in doubt or under way (its Idempotency-Key). */
  attempt: { key: string } | null;
  /** What the last failed claim means for the user, shown in the card until the next try. */
  claimError: string | null;
  app: AppLink;
  newId: () => string;
  now: () => number;
}

export const streakMachine = setup({
  types: {
    context: {} as StreakContext,
    input: {} as { app: AppLink; newId: () => string; now: () => number },
    events: {} as StreakEvent | LiveEvent,
    emitted: {} as Toast,
  },
  actors: {
    loadStreak: fromPromise<StreakAnswer>(notProvided("streak machine", "loadStreak")),
    claimStreak: fromPromise<ClaimAnswer, { idempotencyKey: string }>(
      notProvided("streak machine", "claimStreak"),
    ),
    ...liveActors,
    autoClaims,
  },
  guards: {
    claimedToday: ({ context }) => context.streak?.claimedToday === true,
    alreadyClaimed: (_, error: ApiError) => error.code === "STREAK_ALREADY_CLAIMED",
  },
  actions: {
    takeStreak: assign({ streak: (_, streak: StreakAnswer) => streak }),
    beginAttempt: assign({
      attempt: ({ context }) => context.attempt ?? { key: context.newId() },
      claimError: null,
    }),
    applyClaim: enqueueActions(({ context, enqueue }, answer: ClaimAnswer) => {
      if (context.streak) {
        enqueue.assign({
          streak: {
            ...context.streak,
            current: answer.current,
            best: answer.best,
            claimedToday: true,
            nextReward: Math.min(answer.current + 1, STREAK_REWARD_CAP),
          },
        });
      }
      enqueue.emit({
        type: "toast",
        tone: "success",
        title: `Day ${answer.current} streak: +${answer.reward} ${answer.reward === 1 ? "point" : "points"}`,
        description: "Come back tomorrow to keep it going.",
      });
      enqueue.sendTo(context.app, {
        type: "REWARDS.UPDATED",
        pointsMicro: roundToMicro(answer.points),
        // Dates the points against a tap sync's answer (docs/decisions/007).
        ...(answer.totalTaps === undefined ? {} : { totalTaps: answer.totalTaps }),
      });
      enqueue.assign({ attempt: null });
    }),
    /** A tap sync claimed today (auto-claim): no toast here, the taps actor gave it. */
    takeAutoClaim: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "STREAK.AUTO_CLAIMED") return;
      if (context.streak) {
        enqueue.assign({
          streak: {
            ...context.streak,
            current: event.current,
            best: Math.max(context.streak.best, event.current),
            claimedToday: true,
            nextReward: Math.min(event.current + 1, STREAK_REWARD_CAP),
          },
        });
      }
      enqueue.assign({ attempt: null, claimError: null });
    }),
    forgetAttempt: assign({ attempt: null, claimError: null }),
    markClaimedElsewhere: enqueueActions(({ context, enqueue }) => {
      if (context.streak) enqueue.assign({ streak: { ...context.streak, claimedToday: true } });
      enqueue.assign({ attempt: null });
      enqueue.emit({
        type: "toast",
        tone: "error",
        title: ALREADY_CLAIMED,
        description: "Today's reward is already yours. Come back tomorrow.",
      });
    }),
    failClaim: enqueueActions(({ context, enqueue }, error: ApiError) => {
      const description = "Check your connection and press Claim again: a day is never paid twice.";
      enqueue.assign({ attempt: attemptAfterFailure(context.attempt, error), claimError: description });
      enqueue.emit({ type: "toast", tone: "error", title: CLAIM_FAILED, description });
    }),
  },
  delays: {
    /**
     * Until the UTC day ends and the next claim opens; at least a minute, so a clock ahead of the server's
     * does not read the streak again and again just before midnight.
     */
    DAY_ENDS: ({ context }) => {
      const endsAt = Date.parse(context.streak?.resetsAt ?? "");
      return Number.isFinite(endsAt) ? Math.max(MIN_REREAD_MS, endsAt - context.now()) : HOUR_MS;
    },
  },
}).createMachine({
  id: "streak",
  context: ({ input }) => ({
    streak: null,
    attempt: null,
    claimError: null,
    app: input.app,
    newId: input.newId,
    now: input.now,
  }),
  invoke: [
    hearStream("user"),
    { id: "autoClaims", src: "autoClaims", input: ({ context }) => ({ app: context.app }) },
  ],
  on: { "STREAM.RESET": { target: ".loading" } },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      on: { "STREAK.AUTO_CLAIMED": { target: "loading", reenter: true } },
      invoke: {
        id: "loadStreak",
        src: "loadStreak",
        onDone: { target: "ready", actions: { type: "takeStreak", params: ({ event }) => event.output } },
        onError: "failed",
      },
    },
    failed: { on: { RETRY: "loading" } },
    ready: {
      initial: "checking",
      // A new day is a new claim: a failed claim's key and words belong to the day that ended (the same key
      // would have the server replay that day's answer instead of paying this one).
      after: { DAY_ENDS: { target: "loading", actions: "forgetAttempt" } },
      states: {
        checking: { always: [{ guard: "claimedToday", target: "claimed" }, { target: "open" }] },
        open: {
          on: {
            CLAIM: { target: "claiming", actions: "beginAttempt" },
            "STREAK.AUTO_CLAIMED": { target: "claimed", actions: "takeAutoClaim" },
          },
        },
        claiming: {
          tags: ["busy"],
          // A tap sync claimed first: the hand claim's answer (a refusal) no longer matters.
          on: { "STREAK.AUTO_CLAIMED": { target: "claimed", actions: "takeAutoClaim" } },
          invoke: {
            id: "claimStreak",
            src: "claimStreak",
            input: ({ context }) => ({ idempotencyKey: context.attempt?.key ?? context.newId() }),
            onDone: {
              target: "claimed",
              actions: { type: "applyClaim", params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: { type: "alreadyClaimed", params: ({ event }) => apiErrorOf(event.error) },
                target: "claimed",
                actions: "markClaimedElsewhere",
              },
              {
                target: "open",
                actions: { type: "failClaim", params: ({ event }) => apiErrorOf(event.error) },
              },
            ],
          },
        },
        claimed: {},
      },
    },
  },
});
