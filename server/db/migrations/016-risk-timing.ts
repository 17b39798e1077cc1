/**
 * What fair play's signals read (docs/fair-play.md), kept where the tap sync already writes: each batch's timing
 * summary (how many intervals it carried and how evenly they were spaced) on its tap_batches row, and the UTC
 * hours of a day with taps as a bit mask on the day's rollup row. Credited taps per minute need no table of
 * their own: tap_batches already holds each batch's taps and time under (user_id, created_at). Also each admin
 * decision's reason in the audit log, and the periodic risk scan's marks (how far each of its rules has read).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: the batch came without intervals. interval_cv is null with fewer than two intervals.
  await sql`ALTER TABLE tap_batches ADD COLUMN interval_count integer, ADD COLUMN interval_cv real`.execute(
    db,
  );
  // Bit h set: taps were credited in UTC hour h of the day (only on the 'd' rows).
  await sql`ALTER TABLE tap_rollups ADD COLUMN hours_mask integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE audit_log ADD COLUMN reason text`.execute(db);
  await sql`
    CREATE TABLE risk_scan_marks (
      name text PRIMARY KEY,
      mark timestamptz NOT NULL
    )`.execute(db);
  // The scan reads what happened since its mark: signals raised (referral farms) and withdrawals asked.
  await sql`CREATE INDEX risk_signals_raised_idx ON risk_signals (raised_at)`.execute(db);
  await sql`CREATE INDEX withdrawals_created_idx ON withdrawals (created_at)`.execute(db);
  // Networks nobody used for longer than they count are pruned by the maintenance.
  await sql`CREATE INDEX account_networks_seen_idx ON account_networks (last_seen_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX account_networks_seen_idx`.execute(db);
  await sql`DROP INDEX withdrawals_created_idx`.execute(db);
  await sql`DROP INDEX risk_signals_raised_idx`.execute(db);
  await sql`DROP TABLE risk_scan_marks`.execute(db);
  await sql`ALTER TABLE audit_log DROP COLUMN reason`.execute(db);
  await sql`ALTER TABLE tap_rollups DROP COLUMN hours_mask`.execute(db);
  await sql`ALTER TABLE tap_batches DROP COLUMN interval_cv, DROP COLUMN interval_count`.execute(db);
}
