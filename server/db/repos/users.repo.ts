import { type Kysely, sql } from "kysely";
import type { Database, NewUser, UserRow } from "../schema.ts";

/** An account that signs in with email and password (the database's check: both or neither). */
export type EmailUserRow = UserRow & { email: string; password_hash: string };

export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<EmailUserRow | undefined> {
  const row = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  return row as EmailUserRow | undefined;
}

export function findUserByTelegramId(db: Kysely<Database>, telegramId: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("telegram_id", "=", telegramId).executeTakeFirst();
}

/** Undefined when this Telegram user has an account already (also made by a concurrent sign-in). */
export function insertTelegramUser(db: Kysely<Database>, user: NewUser): Promise<UserRow | undefined> {
  return db
    .insertInto("users")
    .values(user)
    .onConflict((oc) => oc.column("telegram_id").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Keeps the shown @username current (people change it); answers the row as it is now. */
export function refreshTelegramUsername(
  db: Kysely<Database>,
  id: string,
  username: string | null,
): Promise<UserRow> {
  return db
    .updateTable("users")
    .set({ telegram_username: username })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Ties an account that has no Telegram user yet to one. "taken" when another account has that Telegram user (the
 * unique index decides, so two accounts linking the same Telegram user at once cannot both win); "linked-already"
 * when this account has a Telegram user by now (never replaced here: docs/decisions/033).
 */
export async function linkTelegram(
  db: Kysely<Database>,
  id: string,
  telegram: { id: number; username: string | null },
): Promise<UserRow | "taken" | "linked-already"> {
  try {
    const row = await db
      .updateTable("users")
      .set({ telegram_id: telegram.id, telegram_username: telegram.username })
      .where("id", "=", id)
      .where("telegram_id", "is", null)
      .returningAll()
      .executeTakeFirst();
    return row ?? "linked-already";
  } catch (err) {
    if (isUniqueViolation(err)) return "taken";
    throw err;
  }
}

/** Unties the account from its Telegram user; undefined when none was linked. */
export function unlinkTelegram(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db
    .updateTable("users")
    .set({ telegram_id: null, telegram_username: null })
    .where("id", "=", id)
    .where("telegram_id", "is not", null)
    .returningAll()
    .executeTakeFirst();
}

/** PostgreSQL's unique_violation (both drivers report the SQLSTATE as `code`). */
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "23505";

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Undefined when the email is taken (also by a concurrent insert): the unique index decides. */
export function insertUser(db: Kysely<Database>, user: NewUser): Promise<UserRow | undefined> {
  return db
    .insertInto("users")
    .values(user)
    .onConflict((oc) => oc.column("email").doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function recordLogin(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db.updateTable("users").set({ last_login: at }).where("id", "=", id).execute();
}

export async function setPasswordHash(db: Kysely<Database>, id: string, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
}

export async function markEmailVerified(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db
    .updateTable("users")
    .set({ email_verified_at: at })
    .where("id", "=", id)
    .where("email_verified_at", "is", null)
    .execute();
}

export async function adminExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes only the fields given. */
export async function updateProfile(
  db: Kysely<Database>,
  id: string,
  change: { name?: string; trc20Address?: string },
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.trc20Address !== undefined ? { trc20_address: change.trc20Address } : {}),
    })
    .where("id", "=", id)
    .execute();
}

/** Shows the user's deposit address on their record, unless it is there already. */
export async function saveDepositAddressOnUser(
  db: Kysely<Database>,
  id: string,
  address: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ trc20_address: address })
    .where("id", "=", id)
    .where(sql<boolean>`trc20_address IS DISTINCT FROM ${address}`)
    .execute();
}
