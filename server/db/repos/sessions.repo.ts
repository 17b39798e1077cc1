import { type Kysely, type RawBuilder, sql } from "kysely";
import type { AuthSessionRow, Database, Role } from "../schema.ts";

export type NewAuthSession = Omit<AuthSessionRow, "rotated_at" | "replaced_by" | "revoked_at">;

export async function insertSession(db: Kysely<Database>, session: NewAuthSession): Promise<void> {
  await db.insertInto("auth_sessions").values(session).execute();
}

export interface SessionWithUser {
  sessionId: string;
  familyId: string;
  accessExpiresAt: Date;
  revokedAt: Date | null;
  user: SessionAccount;
}

/** The signed-in account as every authenticated route sees it. */
export interface SessionAccount {
  id: string;
  /** Null for an account made by signing in from Telegram. */
  email: string | null;
  name: string;
  role: Role;
  trc20_address: string | null;
  /** Present only once the account is tied to a Telegram user (docs/decisions/031). */
  telegram?: { username: string | null };
}

interface SessionLookupRow {
  session_id: string;
  family_id: string;
  access_expires_at: Date;
  revoked_at: Date | null;
  access_token_hash: string;
  id: string;
  email: string | null;
  name: string;
  role: Role;
  trc20_address: string | null;
  telegram_id: number | null;
  telegram_username: string | null;
}

/** The session an access token belongs to, with its account, in one query (runs on every request). */
export async function findSessionByAccessHash(
  db: Kysely<Database>,
  accessTokenHash: string,
): Promise<SessionWithUser | undefined> {
  const [session] = await findSessionsByAccessHashes(db, [accessTokenHash]);
  return session;
}

/**
 * `findSessionByAccessHash` for many tokens in one statement (the requests that authenticate in the same turn:
 * server/domain/auth/session-lookups.ts). Answers in the hashes' order, undefined for an unknown token.
 */
export async function findSessionsByAccessHashes(
  db: Kysely<Database>,
  accessTokenHashes: readonly string[],
): Promise<Array<SessionWithUser | undefined>> {
  const rows = await findSessionsWhere(
    db,
    sql`s.access_token_hash = ANY(${accessTokenHashes}::text[])`,
    "session-by-access-hashes",
  );
  const byHash = new Map(rows.map((row) => [row.access_token_hash, toSessionWithUser(row)]));
  return accessTokenHashes.map((hash) => byHash.get(hash));
}

/** A session by its id, with its account (a live-stream ticket names the session it was issued to). */
export async function findSessionById(
  db: Kysely<Database>,
  sessionId: string,
): Promise<SessionWithUser | undefined> {
  const [row] = await findSessionsWhere(db, sql`s.id = ${sessionId}`, "session-by-id");
  return row && toSessionWithUser(row);
}

async function findSessionsWhere(
  db: Kysely<Database>,
  condition: RawBuilder<unknown>,
  name: string,
): Promise<SessionLookupRow[]> {
  // Plain SQL: this runs on every authenticated request, and building the query cost more CPU than running it.
  const { rows } = await sql<SessionLookupRow>`/* prepared: ${sql.raw(name)} */
    SELECT s.id AS session_id, s.family_id, s.access_expires_at, s.revoked_at, s.access_token_hash,
      u.id, u.email, u.name, u.role, u.trc20_address, u.telegram_id, u.telegram_username
    FROM auth_sessions s
    JOIN users u ON u.id = s.user_id
    WHERE ${condition}`.execute(db);
  return rows;
}

function toSessionWithUser(row: SessionLookupRow): SessionWithUser {
  return {
    sessionId: row.session_id,
    familyId: row.family_id,
    accessExpiresAt: row.access_expires_at,
    revokedAt: row.revoked_at,
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      trc20_address: row.trc20_address,
      ...(row.telegram_id === null ? {} : { telegram: { username: row.telegram_username } }),
    },
  };
}

export function findSessionByRefreshHash(
  db: Kysely<Database>,
  refreshTokenHash: string,
): Promise<AuthSessionRow | undefined> {
  return db
    .selectFrom("auth_sessions")
    .selectAll()
    .where("refresh_token_hash", "=", refreshTokenHash)
    .executeTakeFirst();
}

/**
 * Marks a session's refresh token as used. False if it was already used or revoked, which is how two
 * concurrent refreshes with one token are told apart: only one of them wins.
 */
export async function markSessionRotated(
  db: Kysely<Database>,
  sessionId: string,
  replacedBy: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("auth_sessions")
    .set({ rotated_at: at, replaced_by: replacedBy })
    .where("id", "=", sessionId)
    .where("rotated_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeSessionFamily(db: Kysely<Database>, familyId: string, at: Date): Promise<void> {
  await db
    .updateTable("auth_sessions")
    .set({ revoked_at: at })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeAllSessionsOfUser(db: Kysely<Database>, userId: string, at: Date): Promise<void> {
  await db
    .updateTable("auth_sessions")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Ends every family Telegram started for this user (unlinking Telegram); answers the families it ended. */
export async function revokeTelegramSessionsOfUser(
  db: Kysely<Database>,
  userId: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .updateTable("auth_sessions")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("signed_in_with", "=", "telegram")
    .where("revoked_at", "is", null)
    .returning("family_id")
    .execute();
  return [...new Set(rows.map((row) => row.family_id))];
}

/** True once any session of the family was revoked (logout, reuse, password reset revoke the whole family). */
export async function familyRevoked(db: Kysely<Database>, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom("auth_sessions")
    .select("id")
    .where("family_id", "=", familyId)
    .where("revoked_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes up to `limit` sessions that stopped being of any use before `cutoff`: their refresh token expired,
 * or they were revoked, whichever came first (docs/decisions/035). The expression is the one migration 014
 * indexes. Rows another statement holds are skipped: the next run takes them.
 */
export async function deleteSessionsUnusableBefore(
  db: Kysely<Database>,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const result = await sql`
    DELETE FROM auth_sessions WHERE id IN (
      SELECT id FROM auth_sessions
      WHERE least(refresh_expires_at, coalesce(revoked_at, refresh_expires_at)) < ${cutoff}
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
