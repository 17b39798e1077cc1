/**
 * What every instance's /api/metrics reads about work that one instance at a time does (docs/decisions/030):
 * when a background round last finished (the chain worker's lag), and each reconciliation's result (hourly
 * on one instance, or `npm run reconcile` by hand), so whichever instance Prometheus asks tells the same.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE worker_rounds (
      name text PRIMARY KEY,
      finished_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE reconciliation_runs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      source text NOT NULL CHECK (source IN ('worker', 'command')),
      finished_at timestamptz NOT NULL,
      differences integer NOT NULL CHECK (differences >= 0),
      report jsonb NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX reconciliation_runs_finished_idx ON reconciliation_runs (finished_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE reconciliation_runs`.execute(db);
  await sql`DROP TABLE worker_rounds`.execute(db);
}
