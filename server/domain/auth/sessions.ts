/**
 * Sessions: issuing a token pair, checking an access token, rotating a refresh token (reuse revokes the whole
 * family) and revoking.
 */
import { randomUUID } from "node:crypto";
import { addSeconds } from "../../clock.ts";
import {
  familyRevoked,
  findSessionByRefreshHash,
  insertSession,
  markSessionRotated,
  revokeSessionFamily,
  type SessionWithUser,
} from "../../db/repos/sessions.repo.ts";
import { findUserById } from "../../db/repos/users.repo.ts";
import type { AuthSessionRow, Role, SessionSignIn, UserRow } from "../../db/schema.ts";
import { tokenExpired, unauthorized } from "../../errors.ts";
import type { Uses } from "../deps.ts";
import { refuseIfBanned } from "../fair-play/sign-in-gate.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { sessionEnded } from "../live/screen-events.ts";
import { lookUpSession } from "./session-lookups.ts";
import { ACCESS_TOKEN_SECONDS, hashToken, newOpaqueToken, REFRESH_TOKEN_SECONDS } from "./tokens.ts";

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
  token_type: "bearer";
}

export interface SessionUser {
  id: string;
  email: string | null;
  name: string;
  role: Role;
  /** Present only once the account is tied to a Telegram user. */
  telegram?: { username: string | null };
}

export interface SessionAnswer {
  session: SessionTokens;
  user: SessionUser;
}

/** What a sign-in answers about the account (never its password hash nor its Telegram id). */
export function sessionUserOf(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    ...(row.telegram_id === null ? {} : { telegram: { username: row.telegram_username } }),
  };
}

export type AuthenticatedSession = SessionWithUser;

/** Ending a family commits a live event and makes this instance forget the family's tokens at once. */
type FamilyDeps = LiveTransactionDeps & Uses<"sessions">;

/** Rolls the rotation back when the refresh token was used concurrently. */
class RotationLost extends Error {}

interface NewPair {
  row: Parameters<typeof insertSession>[1];
  tokens: SessionTokens;
}

/** A family: its id, whose it is, and how it signed in (every session of the family keeps that). */
interface Family {
  familyId: string;
  userId: string;
  signedInWith: SessionSignIn;
}

function newTokenPair({ familyId, userId, signedInWith }: Family, now: Date): NewPair {
  const accessToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  const accessExpiresAt = addSeconds(now, ACCESS_TOKEN_SECONDS);
  return {
    row: {
      id: randomUUID(),
      family_id: familyId,
      user_id: userId,
      access_token_hash: hashToken(accessToken),
      access_expires_at: accessExpiresAt,
      refresh_token_hash: hashToken(refreshToken),
      refresh_expires_at: addSeconds(now, REFRESH_TOKEN_SECONDS),
      created_at: now,
      signed_in_with: signedInWith,
    },
    tokens: {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: Math.floor(accessExpiresAt.getTime() / 1000),
      token_type: "bearer",
    },
  };
}

/** Starts a new session family for a user who just proved who they are, with a password or with Telegram. */
export async function startSession(
  deps: Uses<"db" | "clock">,
  userId: string,
  signedInWith: SessionSignIn,
): Promise<SessionTokens> {
  const pair = newTokenPair({ familyId: randomUUID(), userId, signedInWith }, deps.clock());
  await insertSession(deps.db, pair.row);
  return pair.tokens;
}

/**
 * The session behind a bearer token, or 401 (TOKEN_EXPIRED when the token is real but past its hour).
 * `fromMemory`: a token this instance checked within the last seconds is trusted without asking the database
 * (docs/decisions/027); only the identity of such a session is current.
 */
export async function authenticateAccessToken(
  deps: Uses<"db" | "clock" | "sessions">,
  accessToken: string,
  options: { fromMemory?: boolean } = {},
): Promise<AuthenticatedSession> {
  const now = deps.clock();
  const hash = hashToken(accessToken);
  const remembered = options.fromMemory ? deps.sessions.get(hash, now) : undefined;
  if (remembered) return remembered;
  const session = await lookUpSession(deps.db, hash);
  if (!session || session.revokedAt !== null) throw unauthorized();
  if (session.accessExpiresAt.getTime() <= now.getTime()) throw tokenExpired();
  deps.sessions.put(hash, session, now);
  return session;
}

/**
 * Two tabs (or a retry after a lost answer) may present the same refresh token at nearly the same moment.
 * Within this window after its rotation, a reuse is that race, not a theft: it gets another valid session of
 * the same family. Later, the token counts as leaked.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const sessionOver = () => unauthorized("Your session has ended. Please sign in again.");

/**
 * Trades a refresh token for a new pair. The old refresh token dies; presenting a dead one again after the
 * grace window means it leaked (or a client bug), so the whole family is revoked and the real owner has to
 * sign in again.
 */
export async function refreshSession(deps: FamilyDeps, refreshToken: string): Promise<SessionAnswer> {
  const now = deps.clock();
  const session = await findSessionByRefreshHash(deps.db, hashToken(refreshToken));
  // A banned account's sessions were all ended; its owner is told why rather than asked to sign in again.
  if (session) await refuseIfBanned(deps, session.user_id);
  if (!session || session.revoked_at !== null) throw sessionOver();
  if (session.refresh_expires_at.getTime() <= now.getTime()) {
    throw unauthorized("Your session has expired. Please sign in again.");
  }
  const user = await findUserById(deps.db, session.user_id);
  if (!user) throw unauthorized();
  const answer = (tokens: SessionTokens): SessionAnswer => ({
    session: tokens,
    user: sessionUserOf(user),
  });
  const withinGrace = (rotatedAt: Date) =>
    now.getTime() - rotatedAt.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000;

  if (session.rotated_at !== null) {
    if (withinGrace(session.rotated_at)) return answer(await startSiblingSession(deps, session, now));
    await revokeFamily(deps, session.user_id, session.family_id);
    throw sessionOver();
  }

  const pair = newTokenPair(familyOf(session), now);
  const rotated = await deps.db
    .transaction()
    .execute(async (trx) => {
      await insertSession(trx, pair.row);
      if (!(await markSessionRotated(trx, session.id, pair.row.id, now))) throw new RotationLost();
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof RotationLost) return false;
      throw err;
    });
  // Another refresh with the same token won the race a moment ago: the same grace applies.
  if (!rotated) return answer(await startSiblingSession(deps, session, now));
  return answer(pair.tokens);
}

const familyOf = (session: AuthSessionRow): Family => ({
  familyId: session.family_id,
  userId: session.user_id,
  signedInWith: session.signed_in_with,
});

/** Another session in the family of a just-rotated one, unless the family was revoked meanwhile. */
async function startSiblingSession(
  deps: Uses<"db">,
  rotated: AuthSessionRow,
  now: Date,
): Promise<SessionTokens> {
  const pair = newTokenPair(familyOf(rotated), now);
  const started = await deps.db.transaction().execute(async (trx) => {
    if (await familyRevoked(trx, rotated.family_id)) return false;
    await insertSession(trx, pair.row);
    return true;
  });
  if (!started) throw sessionOver();
  return pair.tokens;
}

/** Logout: every token of this session family stops working at once. */
export async function endSession(deps: FamilyDeps, session: AuthenticatedSession): Promise<void> {
  await revokeFamily(deps, session.user.id, session.familyId);
}

/**
 * Ends the family's live streams too (docs/api.md, Live events). A leaked refresh token's family ends the
 * same way as a logout, so a thief's stream stops as well.
 */
async function revokeFamily(deps: FamilyDeps, userId: string, familyId: string): Promise<void> {
  await transactionWithLiveEvents(deps, async (trx) => {
    await revokeSessionFamily(trx, familyId, deps.clock());
    sessionEnded(trx, userId, "logout", familyId);
  });
  // Other instances hear it from the commit's NOTIFY; this one forgets at once.
  deps.sessions.forgetUser(userId);
}
