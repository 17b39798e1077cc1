/**
 * The economy the landing page promises (docs/api.md, Economy): daily streaks, boosters (the "purchase item"),
 * achievements, referrals, the leaderboard and the player's statistics. Points they create or spend go through the ledger like taps, and each answer carries the
 * new `points`.
 */
import { Type } from "typebox";
import { Uuid } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import {
  LEADERBOARD_MAX_LIMIT,
  REFERRAL_CODE_PATTERN,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
} from "./limits.ts";
import { Balance, IdempotencyHeaders, Multiplier, Timestamp, TotalTaps } from "./money.ts";

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

/**
 * A referral code: what `/auth?mode=signup&ref=<code>` carries and sign-up's `referralCode` takes. Only
 * characters Telegram's `start_param` allows, so the same code works there.
 */
export const ReferralCode = Type.String({ minLength: 4, maxLength: 32, pattern: REFERRAL_CODE_PATTERN });

/** A name other players see: the account's name, or `Player <first 6 of id>` without one. Never an email. */
const PublicName = Type.String({ minLength: 1, maxLength: 100 });

export const getReferrals = defineEndpoint({
  method: "GET",
  path: "/referrals",
  policy: "authenticated",
  summary:
    "The caller's referral code and link, how many friends joined with it, and what their taps earned the caller (names only)",
  tags,
  response: {
    200: Type.Object(
      {
        code: ReferralCode,
        /** PUBLIC_URL/auth?mode=signup&ref=<code> */
        link: Type.String(),
        invited: Type.Integer({ minimum: 0 }),
        /** Points the caller earned from all friends' taps, all time. */
        earnedPoints: Balance,
        /** Points shared today (UTC) and the daily cap they stop at. */
        earnedToday: Balance,
        dailyCap: Balance,
        /** The percent of each friend's tap points the caller gets (the setting REFERRAL_SHARE_PERCENT). */
        sharePercent: Type.Integer({ minimum: 0, maximum: 100 }),
        /** Newest friend first, at most 100. */
        friends: Type.Array(
          Type.Object({ name: PublicName, joinedAt: Timestamp, earnedForYou: Balance }, strict),
        ),
      },
      strict,
    ),
  },
});

export const LeaderboardPeriod = Type.Union([Type.Literal("day"), Type.Literal("week"), Type.Literal("all")]);

export const getLeaderboard = defineEndpoint({
  method: "GET",
  path: "/leaderboard",
  policy: "authenticated",
  summary:
    "Players ranked by points earned from taps in the UTC day, the ISO week (from Monday, UTC) or all time; names only",
  tags,
  querystring: Type.Object(
    {
      period: Type.Optional(LeaderboardPeriod),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LEADERBOARD_MAX_LIMIT })),
    },
    strict,
  ),
  response: {
    200: Type.Object(
      {
        period: LeaderboardPeriod,
        /** Best first. Equal points share a rank (1, 2, 2, 4); among them, who got there first is listed first. */
        entries: Type.Array(
          Type.Object(
            {
              rank: Type.Integer({ minimum: 1 }),
              name: PublicName,
              points: Balance,
              /** The caller's own row, so the screen can mark it without knowing anyone's id. */
              me: Type.Boolean(),
            },
            strict,
          ),
        ),
        /** The caller's place; rank null while they have earned nothing in the period. */
        me: Type.Object(
          { rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]), points: Balance },
          strict,
        ),
      },
      strict,
    ),
  },
});

export const getUserStats = defineEndpoint({
  method: "GET",
  path: "/user/:id/stats",
  policy: "self",
  summary:
    "The caller's taps and tap points per UTC day (oldest first, days without taps as 0), totals and multiplier history",
  tags,
  params: Type.Object({ id: Uuid }, strict),
  querystring: Type.Object(
    {
      days: Type.Optional(Type.Integer({ minimum: 1, maximum: STATS_MAX_DAYS, default: STATS_DEFAULT_DAYS })),
    },
    strict,
  ),
  response: {
    200: Type.Object(
      {
        /** Exactly `days` entries ending today (UTC); `date` is YYYY-MM-DD. */
        days: Type.Array(
          Type.Object(
            {
              date: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }),
              taps: TotalTaps,
              points: Balance,
            },
            strict,
          ),
        ),
        totals: Type.Object(
          {
            /** All time: taps credited and points those taps earned. */
            taps: TotalTaps,
            points: Balance,
            /** Points credited today (UTC) from taps. */
            earnedToday: Balance,
          },
          strict,
        ),
        /** Each change of the tap multiplier (purchase or admin), oldest first; empty while never changed. */
        multiplierHistory: Type.Array(
          Type.Object(
            {
              at: Timestamp,
              multiplier: Multiplier,
              source: Type.Union([Type.Literal("purchase"), Type.Literal("admin")]),
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
  getReferrals,
  getLeaderboard,
  getUserStats,
] as const;
