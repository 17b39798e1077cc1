/**
 * Fair play (docs/fair-play.md): where each account stands, the signals raised on it with their evidence, its
 * appeals, the networks accounts sign up from, and USDT withdrawals held for a person's review.
 */
import { type Kysely, sql } from "kysely";

const SIGNALS = [
  "cap-rate",
  "regular-cadence",
  "no-timing",
  "round-the-clock",
  "signup-burst",
  "referral-farm",
  "fresh-withdrawal",
];
const signalList = sql.join(SIGNALS.map((id) => sql.lit(id)));

export async function up(db: Kysely<unknown>): Promise<void> {
  // No row is `ok` with a score of 0: the row appears with the first signal or decision.
  await sql`
    CREATE TABLE account_standing (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('ok', 'review', 'frozen', 'banned')),
      score integer NOT NULL DEFAULT 0 CHECK (score >= 0),
      cleared_at timestamptz,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX account_standing_score_idx ON account_standing (score DESC, user_id) WHERE score > 0 OR status <> 'ok'`.execute(
    db,
  );

  // One row per account and signal: raised again, it takes the new evidence and time. Only those raised since
  // the account's last clear (account_standing.cleared_at) count towards its score.
  await sql`
    CREATE TABLE risk_signals (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      signal text NOT NULL CHECK (signal IN (${signalList})),
      weight integer NOT NULL CHECK (weight >= 0),
      evidence text NOT NULL,
      raised_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, signal)
    )`.execute(db);

  await sql`
    CREATE TABLE appeals (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      message text NOT NULL,
      created_at timestamptz NOT NULL,
      answered_at timestamptz,
      answered_by uuid REFERENCES users (id)
    )`.execute(db);
  // One open appeal per account, held by the database under any number of instances.
  await sql`CREATE UNIQUE INDEX appeals_one_open_idx ON appeals (user_id) WHERE answered_at IS NULL`.execute(
    db,
  );

  // The network (IPv4 address, IPv6 /64) each account was created from and signed in from, for signup-burst and
  // the admin's view of an account's networks (30 days).
  await sql`
    CREATE TABLE account_networks (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      network text NOT NULL,
      first_seen_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      signed_up boolean NOT NULL DEFAULT false,
      PRIMARY KEY (user_id, network)
    )`.execute(db);
  await sql`CREATE INDEX account_networks_network_idx ON account_networks (network, first_seen_at)`.execute(
    db,
  );

  // A held withdrawal is `review`: reserved like any other, waiting for an admin. Rejected, it fails with the
  // admin's reason in failure_reason; approved, it goes on as `reserved`.
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`.execute(db);
  await sql`
    ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
      CHECK (status IN ('review', 'reserved', 'signed', 'broadcast', 'confirmed', 'failed'))`.execute(db);
  await sql`ALTER TABLE withdrawals ADD COLUMN review_reason text`.execute(db);
  await sql`ALTER TABLE withdrawals ADD COLUMN decided_by uuid REFERENCES users (id)`.execute(db);
  await sql`ALTER TABLE withdrawals ADD COLUMN decided_at timestamptz`.execute(db);
  await sql`CREATE INDEX withdrawals_review_idx ON withdrawals (created_at) WHERE status = 'review'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX withdrawals_review_idx`.execute(db);
  await sql`ALTER TABLE withdrawals DROP COLUMN decided_at`.execute(db);
  await sql`ALTER TABLE withdrawals DROP COLUMN decided_by`.execute(db);
  await sql`ALTER TABLE withdrawals DROP COLUMN review_reason`.execute(db);
  await sql`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`.execute(db);
  await sql`
    ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
      CHECK (status IN ('reserved', 'signed', 'broadcast', 'confirmed', 'failed'))`.execute(db);
  await sql`DROP TABLE account_networks`.execute(db);
  await sql`DROP TABLE appeals`.execute(db);
  await sql`DROP TABLE risk_signals`.execute(db);
  await sql`DROP TABLE account_standing`.execute(db);
}
