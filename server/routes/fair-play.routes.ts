/**
 * Fair play's routes (docs/fair-play.md): the player's standing and appeal (policy `self`), and the admins'
 * review of accounts and their decisions (policy `admin`).
 */
import type { FastifyInstance } from "fastify";
import { accountLabel } from "#contracts/account-label.ts";
import * as contract from "#contracts/fair-play.ts";
import type { Actor } from "../domain/admin/audit.ts";
import type { AuthenticatedSession } from "../domain/auth/sessions.ts";
import { decideOnAccount } from "../domain/fair-play/decisions.ts";
import { type RiskItem, riskDetail, riskPage, type ScorePosition } from "../domain/fair-play/review.ts";
import { appealStanding, standingOf } from "../domain/fair-play/standing.ts";
import { AppError } from "../errors.ts";
import { optionalIdempotencyKeyOf } from "./idempotency-key.ts";
import { DEFAULT_LIST_LIMIT, UUID_ID } from "./list-cursor.ts";
import { registerEndpoint } from "./register-endpoint.ts";

const actorOf = (auth: AuthenticatedSession): Actor => ({
  id: auth.user.id,
  email: accountLabel({ ...auth.user, telegramUsername: auth.user.telegram?.username }),
});

/** The schema has checked the value already; this narrows TypeBox's enum value to its literal type. */
function oneOf<const T extends readonly string[]>(values: T, value: unknown, name: string): T[number] {
  if (typeof value !== "string" || !values.includes(value))
    throw new AppError("VALIDATION_ERROR", `${name} must be one of ${values.join(", ")}`);
  return value as T[number];
}

const invalidCursor = () =>
  new AppError("VALIDATION_ERROR", "querystring/cursor is invalid: pass back a nextCursor unchanged");

/** The risk list's keyset position (score, then user id) as an opaque base64url cursor, like every list's. */
const encodeScoreCursor = (position: ScorePosition | null) =>
  position ? Buffer.from(JSON.stringify([position.score, position.userId])).toString("base64url") : null;

function decodeScoreCursor(cursor: string): ScorePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [score, userId] = parsed as unknown[];
  if (!Number.isSafeInteger(score) || (score as number) < 0) throw invalidCursor();
  if (typeof userId !== "string" || !UUID_ID.test(userId)) throw invalidCursor();
  return { score: score as number, userId };
}

const wireItem = (item: RiskItem) => ({
  userId: item.userId,
  email: item.email,
  name: item.name,
  score: item.score,
  status: item.status,
  signals: item.signals.map((signal) => ({
    id: signal.id,
    weight: signal.weight,
    evidence: signal.evidence,
    at: signal.at.toISOString(),
  })),
  appeal: item.appeal && { at: item.appeal.at.toISOString(), message: item.appeal.message },
  createdAt: item.createdAt.toISOString(),
  lastActive: item.lastActive?.toISOString() ?? null,
});

export function registerFairPlayRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  registerEndpoint(app, contract.standing, async ({ params }) => {
    const standing = await standingOf(ctx, params.id);
    return {
      status: standing.status,
      message: standing.message,
      appeal: standing.appeal && { at: standing.appeal.at.toISOString(), message: standing.appeal.message },
    };
  });

  registerEndpoint(app, contract.appeal, async ({ params, body }) => {
    await appealStanding(ctx, params.id, body.message);
    return { success: true as const };
  });

  registerEndpoint(app, contract.riskList, async ({ query }) => {
    const page = await riskPage(ctx, {
      filter: oneOf(contract.RISK_FILTERS, query.status ?? "all", "querystring/status"),
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
      after: query.cursor === undefined ? null : decodeScoreCursor(query.cursor),
    });
    return { items: page.items.map(wireItem), nextCursor: encodeScoreCursor(page.next) };
  });

  registerEndpoint(app, contract.riskDetail, async ({ params }) => {
    const detail = await riskDetail(ctx, params.id);
    const person = (account: NonNullable<typeof detail.referrer>) => ({
      userId: account.userId,
      email: account.email,
      name: account.name,
      status: account.status,
    });
    return {
      ...wireItem(detail),
      networks: detail.networks,
      referrer: detail.referrer && person(detail.referrer),
      friends: detail.friends.map((friend) => ({ ...person(friend), score: friend.score })),
    };
  });

  registerEndpoint(app, contract.riskAction, async ({ auth, params, body, request }) => {
    const status = await decideOnAccount(ctx, actorOf(auth), {
      userId: params.id,
      action: oneOf(contract.RISK_ACTIONS, body.action, "body/action"),
      reason: body.reason,
      idempotencyKey: optionalIdempotencyKeyOf(request.headers),
    });
    return { success: true as const, status };
  });
}
