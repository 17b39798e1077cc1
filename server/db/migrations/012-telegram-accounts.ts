/**
 * Accounts from Telegram (docs/decisions/031): keyed by the Telegram user id, with neither email nor password.
 * An email account may link its Telegram later, so a row has an email, a Telegram id, or both; each is unique.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ALTER COLUMN email DROP NOT NULL,
      ALTER COLUMN password_hash DROP NOT NULL,
      ADD COLUMN telegram_id bigint UNIQUE CHECK (telegram_id > 0),
      ADD COLUMN telegram_username text CHECK (length(telegram_username) BETWEEN 1 AND 64),
      ADD CONSTRAINT users_signs_in_somehow CHECK (
        (email IS NOT NULL AND password_hash IS NOT NULL) OR telegram_id IS NOT NULL
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM users WHERE email IS NULL`.execute(db);
  await sql`
    ALTER TABLE users
      DROP CONSTRAINT users_signs_in_somehow,
      DROP COLUMN telegram_username,
      DROP COLUMN telegram_id,
      ALTER COLUMN email SET NOT NULL,
      ALTER COLUMN password_hash SET NOT NULL`.execute(db);
}
