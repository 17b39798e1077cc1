/**
 * The wallet on TRON (docs/design.md §6; docs/decisions/012-chain-gateway.md): deposit addresses, the
 * deposits credited from the chain, USDT withdrawals and their clearing account, and the local devnet's own
 * ledger of USDT transfers. Amounts in micro-USDT (USDT has 6 decimals on TRON, so a chain unit is a micro
 * unit).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Withdrawals in flight sit in `withdrawals` (kind clearing) between the user's wallet and the chain.
  await sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check`.execute(db);
  await sql`
    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
      CHECK (kind IN ('treasury', 'external', 'wallet', 'clearing'))`.execute(db);
  await sql`INSERT INTO ledger_accounts (id, kind) VALUES ('withdrawals', 'clearing')`.execute(db);

  // Which seed this database belongs to: the hot wallet's address, checked at every start, so a lost or
  // swapped mnemonic stops the server instead of handing out addresses nobody can spend from.
  await sql`
    CREATE TABLE chain_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      hot_wallet_address text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);

  // Index 0 of the HD path is the hot wallet; users take 1, 2, … in the order they generate.
  await sql`CREATE SEQUENCE deposit_address_index_seq START 1`.execute(db);
  await sql`
    CREATE TABLE deposit_addresses (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
      hd_index integer NOT NULL UNIQUE CHECK (hd_index > 0),
      address text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL
    )`.execute(db);

  // Every transaction the deposit watcher has settled for an address, so it asks the chain only once.
  await sql`
    CREATE TABLE chain_checked_transactions (
      tx_id text NOT NULL,
      address text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('credited', 'failed', 'nothing')),
      checked_at timestamptz NOT NULL,
      PRIMARY KEY (tx_id, address)
    )`.execute(db);

  // One row per credited Transfer log: the unique key is what makes a deposit count exactly once.
  await sql`
    CREATE TABLE chain_deposits (
      tx_id text NOT NULL,
      log_index integer NOT NULL CHECK (log_index >= 0),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      address text NOT NULL,
      amount_micro bigint NOT NULL CHECK (amount_micro > 0),
      block_number bigint NOT NULL,
      credited_at timestamptz NOT NULL,
      PRIMARY KEY (tx_id, log_index)
    )`.execute(db);
  await sql`CREATE INDEX chain_deposits_user_idx ON chain_deposits (user_id)`.execute(db);

  // A USDT withdrawal: reserved → signed (tx id and signed payload stored *before* the broadcast) →
  // broadcast → confirmed | failed. The lease lets one worker at a time move a row forward.
  await sql`
    CREATE TABLE withdrawals (
      id uuid PRIMARY KEY,
      user_id uuid REFERENCES users (id) ON DELETE RESTRICT,
      source_account text NOT NULL REFERENCES ledger_accounts (id),
      to_address text NOT NULL,
      amount_micro bigint NOT NULL CHECK (amount_micro > 0),
      status text NOT NULL CHECK (status IN ('reserved', 'signed', 'broadcast', 'confirmed', 'failed')),
      tx_id text UNIQUE,
      signed_payload text,
      expires_at timestamptz,
      failure_reason text,
      attempts integer NOT NULL DEFAULT 0,
      lease_until timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((status IN ('reserved', 'failed')) OR tx_id IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX withdrawals_open_idx ON withdrawals (created_at) WHERE status IN ('reserved', 'signed', 'broadcast')`.execute(
    db,
  );
  await sql`CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC)`.execute(db);

  // The local devnet (CHAIN=local): a USDT TRC20 ledger with blocks and transaction ids, in our database so
  // the server and `npm run devnet` see the same chain. The faucet mints; every other address holds what it
  // received minus what it sent, counting confirmed transfers only.
  await sql`CREATE SEQUENCE devnet_block_seq START 1000000`.execute(db);
  await sql`
    CREATE TABLE devnet_transfers (
      tx_id text PRIMARY KEY CHECK (tx_id ~ '^[0-9a-f]{64}$'),
      log_index integer NOT NULL DEFAULT 0,
      block_number bigint NOT NULL,
      from_address text NOT NULL,
      to_address text NOT NULL,
      amount_micro bigint NOT NULL CHECK (amount_micro >= 0),
      status text NOT NULL CHECK (status IN ('success', 'failed')),
      failure_reason text,
      created_at timestamptz NOT NULL,
      confirms_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX devnet_transfers_to_idx ON devnet_transfers (to_address, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX devnet_transfers_from_idx ON devnet_transfers (from_address, created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "devnet_transfers",
    "withdrawals",
    "chain_deposits",
    "chain_checked_transactions",
    "deposit_addresses",
    "chain_settings",
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP SEQUENCE IF EXISTS devnet_block_seq`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS deposit_address_index_seq`.execute(db);
  await sql`DELETE FROM ledger_accounts WHERE id = 'withdrawals'`.execute(db);
  await sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check`.execute(db);
  await sql`
    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
      CHECK (kind IN ('treasury', 'external', 'wallet'))`.execute(db);
}
