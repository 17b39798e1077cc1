/**
 * Live events (docs/api.md, Live events): a ticket for EventSource, the stream itself, and the data of each
 * frame type, so both sides read one definition of what a frame carries.
 */
import { type Static, Type } from "typebox";
import { auditLog, metrics } from "./admin.ts";
import { Uuid } from "./common.ts";
import { ActiveBooster } from "./economy.ts";
import { defineEndpoint } from "./endpoint.ts";
import { STREAM_TICKET_SECONDS } from "./limits.ts";
import { Balance, Multiplier } from "./money.ts";

const strict = { additionalProperties: false } as const;
const tags = ["events"] as const;

export const streamTicket = defineEndpoint({
  method: "POST",
  path: "/events/ticket",
  policy: "authenticated",
  summary: "A single-use ticket (60 s) that opens GET /events without a header, for EventSource",
  tags,
  response: {
    200: Type.Object({ ticket: Type.String(), expiresIn: Type.Literal(STREAM_TICKET_SECONDS) }, strict),
  },
});

/** Resume positions are our own ids: short, opaque, never typed by a person. */
const EventId = Type.String({ maxLength: 64 });

export const liveEvents = defineEndpoint({
  method: "GET",
  path: "/events",
  policy: "authenticated",
  acceptsTicket: true,
  summary:
    "text/event-stream of every committed change of the caller's figures (and, for admins, the back office's); resumes after Last-Event-ID",
  tags,
  querystring: Type.Object(
    {
      ticket: Type.Optional(Type.String({ maxLength: 200 })),
      lastEventId: Type.Optional(EventId),
    },
    strict,
  ),
  headers: Type.Object({ "last-event-id": Type.Optional(EventId) }, { additionalProperties: true }),
  response: { 200: Type.String({ description: "SSE frames: id, event, data (JSON); `: ping` comments" }) },
});

export const eventsEndpoints = [streamTicket, liveEvents] as const;

/** The `data` of each frame type. */
export const LiveEventData = {
  points: Type.Object({ points: Balance, totalTaps: Type.Integer(), multiplier: Multiplier }, strict),
  wallet: Type.Object({ balance: Balance }, strict),
  multiplier: Type.Object({ multiplier: Multiplier }, strict),
  deposit: Type.Object(
    {
      txId: Type.String(),
      amount: Balance,
      status: Type.Union([Type.Literal("pending"), Type.Literal("credited")]),
    },
    strict,
  ),
  withdrawal: Type.Object(
    {
      id: Uuid,
      amount: Balance,
      /** `review`: held for an admin's decision (docs/fair-play.md). */
      status: Type.Union([
        Type.Literal("review"),
        Type.Literal("pending"),
        Type.Literal("confirmed"),
        Type.Literal("failed"),
      ]),
      txId: Type.Union([Type.String(), Type.Null()]),
      /** Why an admin rejected it (then `failed`). */
      reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    },
    strict,
  ),
  /** An achievement unlocked, its reward already in `points` (docs/api.md, Economy). */
  achievement: Type.Object(
    { id: Type.String(), name: Type.String(), rewardPoints: Type.Integer({ minimum: 0 }) },
    strict,
  ),
  /**
   * To a referrer: a friend joined with their code, or a friend's taps shared points with them (the points
   * themselves come in `points`). The figures after the change, as GET /referrals answers them.
   */
  referral: Type.Object(
    { invited: Type.Integer({ minimum: 0 }), earnedPoints: Balance, earnedToday: Balance },
    strict,
  ),
  /** A booster started (`active`) or ended (`null`). */
  booster: Type.Object({ active: Type.Union([ActiveBooster, Type.Null()]) }, strict),
  session: Type.Object(
    { reason: Type.Union([Type.Literal("logout"), Type.Literal("password-reset"), Type.Literal("banned")]) },
    strict,
  ),
  /** The account's standing changed (docs/fair-play.md); a ban ends the sessions with `session` instead. */
  standing: Type.Object(
    { status: Type.Union([Type.Literal("ok"), Type.Literal("review"), Type.Literal("frozen")]) },
    strict,
  ),
  reset: Type.Object({}, strict),
  /** The same item GET /admin/audit-log lists. */
  "admin.audit": auditLog.response[200].properties.items.items,
  /** An account entered review, was frozen, appealed or was decided (docs/fair-play.md). */
  "admin.risk": Type.Object(
    {
      userId: Uuid,
      status: Type.Union([
        Type.Literal("ok"),
        Type.Literal("review"),
        Type.Literal("frozen"),
        Type.Literal("banned"),
      ]),
      score: Type.Integer({ minimum: 0 }),
    },
    strict,
  ),
  /** The body of GET /admin/metrics. */
  "admin.metrics": metrics.response[200],
} as const;

export type LiveEventType = keyof typeof LiveEventData;
export type LiveEventDataOf<T extends LiveEventType> = Static<(typeof LiveEventData)[T]>;
