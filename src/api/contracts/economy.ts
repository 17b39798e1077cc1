/**
 * The economy the landing page promises (docs/api.md, Economy): daily streaks, boosters (the "purchase item")
 * and achievements. Points they create or spend go through the ledger like taps, and each answer carries the
 * new `points`.
 */
import { Type } from "typebox";
import { defineEndpoint } from "./endpoint.ts";
import { Balance, IdempotencyHeaders, Timestamp, TotalTaps } from "./money.ts";

const strict = { additionalProperties: false } as const;
const tags = ["rewards"] as const;

/** Booster and achievement ids are our own slugs (`turbo-2x`, `taps-1k`). */
const Slug = Type.String({ minLength: 1, maxLength: 40, pattern: "^[a-z0-9-]+$" });
/** Whole points: streak rewards, prices and achievement rewards are integers. */
const WholePoints = Type.Integer({ minimum: 0 });

export const getStreak = defineEndpoint({
  method: "GET",
  path: "/rewards/streak",
  policy: "authenticated",
  summary:
    "The caller's daily streak (UTC days): current and best run, today's claim, next reward and freezes",
  tags,
  response: {
    200: Type.Object(
      {
        current: Type.Integer({ minimum: 0 }),
        best: Type.Integer({ minimum: 0 }),
        claimedToday: Type.Boolean(),
        /** Points the next claim pays (today's if not yet claimed, else tomorrow's). */
        nextReward: WholePoints,
        freezes: Type.Integer({ minimum: 0 }),
        /** When today (UTC) ends: the next claim opens then. */
        resetsAt: Timestamp,
      },
      strict,
    ),
  },
});

export const claimStreak = defineEndpoint({
  method: "POST",
  path: "/rewards/streak/claim",
  policy: "authenticated",
  summary: "Claim today's streak reward; once per UTC day (409 STREAK_ALREADY_CLAIMED), idempotent by key",
  tags,
  headers: IdempotencyHeaders,
  response: {
    200: Type.Object(
      {
        current: Type.Integer({ minimum: 1 }),
        best: Type.Integer({ minimum: 1 }),
        reward: WholePoints,
        points: Balance,
        /** Taps credited so far: dates `points` against a tap sync's answer (the server always sends it). */
        totalTaps: Type.Optional(TotalTaps),
      },
      strict,
    ),
  },
});

export const ActiveBooster = Type.Object(
  { id: Slug, factor: Type.Integer({ minimum: 1 }), endsAt: Timestamp },
  strict,
);

export const listBoosters = defineEndpoint({
  method: "GET",
  path: "/rewards/boosters",
  policy: "authenticated",
  summary: "The booster catalogue and the caller's active booster",
  tags,
  response: {
    200: Type.Object(
      {
        catalogue: Type.Array(
          Type.Object(
            {
              id: Slug,
              name: Type.String(),
              factor: Type.Integer({ minimum: 1 }),
              minutes: Type.Integer({ minimum: 1 }),
              pricePoints: WholePoints,
            },
            strict,
          ),
        ),
        active: Type.Union([ActiveBooster, Type.Null()]),
      },
      strict,
    ),
  },
});

export const purchaseBooster = defineEndpoint({
  method: "POST",
  path: "/rewards/boosters/purchase",
  policy: "authenticated",
  summary:
    "Buy a booster with points; one at a time (409 BOOSTER_ACTIVE), 409 INSUFFICIENT_POINTS, 404 unknown id",
  tags,
  headers: IdempotencyHeaders,
  body: Type.Object({ boosterId: Slug }, strict),
  response: {
    200: Type.Object(
      {
        active: ActiveBooster,
        points: Balance,
        /** Taps credited so far: dates `points` against a tap sync's answer (the server always sends it). */
        totalTaps: Type.Optional(TotalTaps),
      },
      strict,
    ),
  },
});

export const listAchievements = defineEndpoint({
  method: "GET",
  path: "/rewards/achievements",
  policy: "authenticated",
  summary: "Every achievement with the caller's progress; unlocked ones carry when",
  tags,
  response: {
    200: Type.Object(
      {
        achievements: Type.Array(
          Type.Object(
            {
              id: Slug,
              name: Type.String(),
              description: Type.String(),
              progress: Type.Integer({ minimum: 0 }),
              goal: Type.Integer({ minimum: 1 }),
              rewardPoints: WholePoints,
              unlockedAt: Type.Union([Timestamp, Type.Null()]),
            },
            strict,
          ),
        ),
      },
      strict,
    ),
  },
});

export const economyEndpoints = [
  getStreak,
  claimStreak,
  listBoosters,
  purchaseBooster,
  listAchievements,
] as const;
