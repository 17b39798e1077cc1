import { Type } from "typebox";
import { PersonName, PlainText, Role, Uuid } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { MAX_TAP_INTERVAL_MS, MAX_TAPS_WITH_INTERVALS } from "./fair-play-rules.ts";
import { MAX_TAPS_PER_BATCH } from "./limits.ts";
import { Balance, ListQuery, Multiplier, NextCursor, Timestamp, TotalTaps } from "./money.ts";

const strict = { additionalProperties: false } as const;
const tags = ["user"] as const;
const Params = Type.Object({ id: Uuid }, strict);

export const UserDetail = Type.Object(
  {
    id: Uuid,
    /** Null for an account made by signing in from Telegram. */
    email: Type.Union([Type.String(), Type.Null()]),
    name: Type.String(),
    role: Role,
    trc20_address: Type.Union([Type.String(), Type.Null()]),
    created_at: Timestamp,
    last_login: Type.Union([Timestamp, Type.Null()]),
  },
  strict,
);

export const PointsAnswer = Type.Object({ points: Balance, totalTaps: TotalTaps }, strict);

export const getUser = defineEndpoint({
  method: "GET",
  path: "/user/:id",
  policy: "self",
  summary: "The signed-in user's record",
  tags,
  params: Params,
  response: { 200: UserDetail },
});

export const getPoints = defineEndpoint({
  method: "GET",
  path: "/user/:id/points",
  policy: "self",
  summary: "Rewards balance (points) and total taps",
  tags,
  params: Params,
  response: { 200: PointsAnswer },
});

export const syncTaps = defineEndpoint({
  method: "POST",
  path: "/user/:id/points",
  policy: "self",
  summary:
    "Credit a batch of taps at the server's multiplier. A replayed batchId answers the stored result; " +
    "claims beyond the user's tap budget (20 taps/s, 90 s of capacity) are clipped, not refused.",
  tags,
  params: Params,
  body: Type.Object(
    {
      batchId: Uuid,
      taps: Type.Integer({ minimum: 1, maximum: MAX_TAPS_PER_BATCH }),
      /** What the client believes it earned; only compared, never credited. */
      points: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
      /** What the client believes its multiplier is; ignored. */
      multiplier: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
      /**
       * One entry per tap: the ms since the tap before it as the client saw it (the first since the previous
       * batch's last tap, 0 when none within 60 s). With intervals a batch carries at most 1 000 taps; a length
       * other than `taps` is refused (400) and credits nothing (docs/fair-play.md).
       */
      intervals: Type.Optional(
        Type.Array(Type.Integer({ minimum: 0, maximum: MAX_TAP_INTERVAL_MS }), {
          maxItems: MAX_TAPS_WITH_INTERVALS,
        }),
      ),
    },
    strict,
  ),
  response: {
    200: Type.Object(
      {
        points: Balance,
        totalTaps: TotalTaps,
        multiplier: Multiplier,
        credited: Type.Object(
          {
            taps: Type.Integer({ minimum: 0 }),
            /** The taps' own points, the combo bonus not included. */
            points: Balance,
            /** Points minted on top for every complete 50 taps of a combo chain (docs/product.md, "Combos"). */
            comboBonus: Balance,
          },
          strict,
        ),
        /**
         * The day's streak reward when this sync claimed it (auto-claim: the first sync of a UTC day, with
         * AUTO_CLAIM on, and only when it was not claimed yet), else null. A replay answers null.
         */
        streak: Type.Union([
          Type.Object({ current: Type.Integer({ minimum: 1 }), reward: Balance }, strict),
          Type.Null(),
        ]),
        replayed: Type.Boolean(),
      },
      strict,
    ),
  },
});

export const pointsHistory = defineEndpoint({
  method: "GET",
  path: "/user/:id/points/history",
  policy: "self",
  summary:
    "One entry per credited tap batch, newest first: what it credited, at which multiplier and booster factor; " +
    "a batch that minted a combo bonus has a second entry of kind combo",
  tags,
  params: Params,
  querystring: ListQuery,
  response: {
    200: Type.Object(
      {
        history: Type.Array(
          Type.Object(
            {
              id: Type.String(),
              /** "taps": a credited batch; "combo": the combo bonus that batch minted on top (its own entry). */
              kind: Type.Union([Type.Literal("taps"), Type.Literal("combo")]),
              points: Balance,
              multiplier: Multiplier,
              /** The booster factor the batch was credited at (1 without one): points = taps × multiplier × factor. */
              factor: Type.Integer({ minimum: 1 }),
              timestamp: Timestamp,
            },
            strict,
          ),
        ),
        nextCursor: NextCursor,
      },
      strict,
    ),
  },
});

export const getMultiplier = defineEndpoint({
  method: "GET",
  path: "/user/:id/multiplier",
  policy: "self",
  summary: "The user's current multiplier (points per tap)",
  tags,
  params: Params,
  response: { 200: Type.Object({ multiplier: Multiplier }, strict) },
});

export const multiplierHistory = defineEndpoint({
  method: "GET",
  path: "/user/:id/multiplier/history",
  policy: "self",
  summary: "Every change of the user's multiplier, newest first",
  tags,
  params: Params,
  querystring: ListQuery,
  response: {
    200: Type.Object(
      {
        history: Type.Array(
          Type.Object(
            { id: Type.String(), oldMultiplier: Multiplier, newMultiplier: Multiplier, timestamp: Timestamp },
            strict,
          ),
        ),
        nextCursor: NextCursor,
      },
      strict,
    ),
  },
});

export const updateUser = defineEndpoint({
  method: "PATCH",
  path: "/user/:id",
  policy: "self",
  summary:
    "Change the display name, or save the deposit address on the record; trc20_address is accepted only if it " +
    "is the address the server generated for this user",
  tags,
  params: Params,
  body: Type.Object(
    {
      name: Type.Optional(PersonName),
      trc20_address: Type.Optional(PlainText({ minLength: 1, maxLength: 100 })),
    },
    { ...strict, minProperties: 1 },
  ),
  response: { 200: UserDetail },
});

export const userEndpoints = [
  getUser,
  updateUser,
  getPoints,
  syncTaps,
  pointsHistory,
  getMultiplier,
  multiplierHistory,
] as const;
