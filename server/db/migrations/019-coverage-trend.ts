/**
 * The coverage per UTC day (docs/decisions/040-coverage-trend.md): what the platform held and owed at the end of
 * each finished day is kept beside that day's figures in `economy_days`, counted once as they are. The columns
 * are null on days kept before this migration: the economy counts those days' balances from the ledger and
 * fills them in. The index lets that count read the transfers of a range of days rather than every one.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE economy_days
      ADD COLUMN wallets_micro bigint CHECK (wallets_micro >= 0),
      ADD COLUMN treasury_micro bigint CHECK (treasury_micro >= 0),
      ADD COLUMN hot_wallet_micro bigint CHECK (hot_wallet_micro >= 0),
      ADD COLUMN points_outstanding_micro bigint CHECK (points_outstanding_micro >= 0)`.execute(db);
  await sql`CREATE INDEX ledger_transfers_created_idx ON ledger_transfers (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX ledger_transfers_created_idx`.execute(db);
  await sql`
    ALTER TABLE economy_days
      DROP COLUMN points_outstanding_micro,
      DROP COLUMN hot_wallet_micro,
      DROP COLUMN treasury_micro,
      DROP COLUMN wallets_micro`.execute(db);
}
