import type { Kysely } from "kysely";
import type { Database, OneTimeTokenPurpose, OneTimeTokenRow } from "../schema.ts";

export async function insertOneTimeToken(db: Kysely<Database>, token: OneTimeTokenRow): Promise<void> {
  await db.insertInto("one_time_tokens").values(token).execute();
}

/** The token's user if it is unused and unexpired at `now` (a read: consuming happens in the transaction). */
export async function findUsableToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("one_time_tokens")
    .select("user_id")
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses the token up; only one caller ever gets its user id back. */
export async function consumeToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable("one_time_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** Spends every other outstanding token of the user for that purpose (an older reset mail must not work). */
export async function consumeAllTokensOfUser(
  db: Kysely<Database>,
  userId: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .updateTable("one_time_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}
