/**
 * Who owns a Telegram link (docs/decisions/033). Each session remembers how its family signed in, so that
 * unlinking Telegram ends the sessions Telegram started and leaves the owner's own. Names already stored lose the
 * characters names may no longer hold (control and text-direction characters), as Telegram's names do from now on.
 */
import { type Kysely, sql } from "kysely";

// The same set as NAME_UNSAFE_CHARACTERS in the contracts, without NUL (text never holds it).
const UNSAFE = "[\\u0001-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auth_sessions
      ADD COLUMN signed_in_with text NOT NULL DEFAULT 'password'
        CHECK (signed_in_with IN ('password', 'telegram'))`.execute(db);
  await sql`
    UPDATE users SET name = btrim(regexp_replace(name, ${UNSAFE}, '', 'g'))
    WHERE name ~ ${UNSAFE}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auth_sessions DROP COLUMN signed_in_with`.execute(db);
}
