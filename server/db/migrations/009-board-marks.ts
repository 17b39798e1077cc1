/**
 * Marks on the big leaderboards (docs/decisions/022): every 1 000th place of a board beyond its top 10 000,
 * with its points and how many players were strictly above it when a background round last counted. A
 * player's rank below the top then costs the count of players between their points and the next mark above,
 * not of everyone above them.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE board_marks (
      period char(1) NOT NULL CHECK (period IN ('d', 'w', 'a')),
      period_start integer NOT NULL,
      points_micro bigint NOT NULL CHECK (points_micro > 0),
      above integer NOT NULL CHECK (above >= 0),
      PRIMARY KEY (period, period_start, points_micro)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE board_marks`.execute(db);
}
