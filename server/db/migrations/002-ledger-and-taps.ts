/**
 * The money and points slice (docs/design.md §4, §5; docs/decisions/006-ledger-and-taps.md): a double-entry
 * USDT ledger, per-user points with a tap budget, tap batches, the multiplier catalogue and history, and
 * idempotency records. Every amount is an integer in micro units (column suffix _micro).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // `external` stands for the chain: money entering the system leaves it, so its balance is minus everything
  // held inside and the sum over all accounts is always zero. It is the only account that may go negative.
  await sql`
    CREATE TABLE ledger_accounts (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('treasury', 'external', 'wallet')),
      user_id uuid UNIQUE REFERENCES users (id) ON DELETE RESTRICT,
      balance_micro bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_accounts_owner CHECK ((kind = 'wallet') = (user_id IS NOT NULL)),
      CONSTRAINT ledger_accounts_not_negative CHECK (kind = 'external' OR balance_micro >= 0)
    )`.execute(db);
  await sql`INSERT INTO ledger_accounts (id, kind) VALUES ('treasury', 'treasury'), ('external', 'external')`.execute(
    db,
  );

  // Debit = the account the money leaves, credit = the account it enters.
  await sql`
    CREATE TABLE ledger_transfers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      debit_account text NOT NULL REFERENCES ledger_accounts (id),
      credit_account text NOT NULL REFERENCES ledger_accounts (id),
      amount_micro bigint NOT NULL CHECK (amount_micro > 0),
      kind text NOT NULL,
      description text NOT NULL,
      reference text,
      idempotency_key text UNIQUE,
      created_at timestamptz NOT NULL,
      CHECK (debit_account <> credit_account)
    )`.execute(db);
  await sql`CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account, created_at DESC, id DESC)`.execute(
    db,
  );

  // One row per user, created on first use. The tap budget is a token bucket in thousandths of a tap, so the
  // refill (20 taps/s = 20 milli-taps per ms) stays an exact integer.
  await sql`
    CREATE TABLE user_rewards (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      points_micro bigint NOT NULL DEFAULT 0 CHECK (points_micro >= 0),
      total_taps bigint NOT NULL DEFAULT 0 CHECK (total_taps >= 0),
      multiplier_micro bigint NOT NULL DEFAULT 1000 CHECK (multiplier_micro > 0),
      bucket_milli_taps bigint NOT NULL CHECK (bucket_milli_taps >= 0),
      bucket_updated_at timestamptz NOT NULL,
      suspicious_claims integer NOT NULL DEFAULT 0 CHECK (suspicious_claims >= 0),
      clipped_taps bigint NOT NULL DEFAULT 0 CHECK (clipped_taps >= 0)
    )`.execute(db);

  // The stored answer of every batch, so a replay answers the same.
  await sql`
    CREATE TABLE tap_batches (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      batch_id uuid NOT NULL,
      taps_claimed integer NOT NULL CHECK (taps_claimed > 0),
      taps_credited integer NOT NULL CHECK (taps_credited >= 0 AND taps_credited <= taps_claimed),
      points_micro bigint NOT NULL CHECK (points_micro >= 0),
      multiplier_micro bigint NOT NULL,
      points_after_micro bigint NOT NULL,
      total_taps_after bigint NOT NULL,
      suspicious boolean NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, batch_id)
    )`.execute(db);
  await sql`
    CREATE INDEX tap_batches_history_idx ON tap_batches (user_id, created_at DESC, batch_id DESC)
    WHERE taps_credited > 0`.execute(db);

  // Every change of points other than a tap batch (purchases, rewards withdrawals, devnet grants), so a user's
  // points always equal what their batches credited plus these deltas.
  await sql`
    CREATE TABLE points_movements (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      delta_micro bigint NOT NULL CHECK (delta_micro <> 0),
      kind text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX points_movements_user_idx ON points_movements (user_id)`.execute(db);

  await sql`
    CREATE TABLE multiplier_options (
      multiplier_micro bigint PRIMARY KEY CHECK (multiplier_micro > 0),
      price_micro bigint NOT NULL CHECK (price_micro >= 0)
    )`.execute(db);
  await sql`
    INSERT INTO multiplier_options (multiplier_micro, price_micro) VALUES
      (1000, 0), (2000, 5000000), (5000, 10000000), (10000, 25000000), (50000, 100000000), (100000, 250000000)
  `.execute(db);

  await sql`
    CREATE TABLE multiplier_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      old_multiplier_micro bigint NOT NULL,
      new_multiplier_micro bigint NOT NULL,
      reason text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX multiplier_changes_user_idx ON multiplier_changes (user_id, created_at DESC, id DESC)`.execute(
    db,
  );

  // One row per (caller, Idempotency-Key): reserved while running (status_code null), then the stored answer.
  await sql`
    CREATE TABLE idempotency_keys (
      caller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key text NOT NULL,
      request_hash text NOT NULL,
      attempt_id uuid NOT NULL,
      status_code integer,
      response jsonb,
      created_at timestamptz NOT NULL,
      completed_at timestamptz,
      PRIMARY KEY (caller_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "idempotency_keys",
    "multiplier_changes",
    "multiplier_options",
    "points_movements",
    "tap_batches",
    "user_rewards",
    "ledger_transfers",
    "ledger_accounts",
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
