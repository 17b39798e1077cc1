/**
 * Row types of every table, as Kysely sees them. Migrations in ./migrations are the source of truth; keep
 * these in step with them.
 */
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type Role = "user" | "admin";

export interface UsersTable {
  id: ColumnType<string, string | undefined, never>;
  /** Trimmed and lower-cased; unique. Null for an account made by signing in from Telegram. */
  email: string | null;
  name: string;
  /** Null exactly when email is (a Telegram account has no password). */
  password_hash: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  email_verified_at: NullableTimestamp;
  trc20_address: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  last_login: NullableTimestamp;
  /** Given by the database at creation; what the invitation link carries. */
  referral_code: ColumnType<string, string | undefined, never>;
  /** The account whose code this one signed up with; set once, at sign-up. */
  referred_by: ColumnType<string | null, string | null | undefined, never>;
  /** The Telegram user id (int8; Telegram's ids fit in 52 bits, so a safe JavaScript number); unique. */
  telegram_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The Telegram @username when the user has one, refreshed at each Telegram sign-in. */
  telegram_username: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per issued token pair; a refresh creates the next row of the same family. */
export interface AuthSessionsTable {
  id: string;
  family_id: string;
  user_id: string;
  access_token_hash: string;
  access_expires_at: Timestamp;
  refresh_token_hash: string;
  refresh_expires_at: Timestamp;
  created_at: Timestamp;
  /** Set when the refresh token was traded for a new pair; presenting it again is reuse. */
  rotated_at: NullableTimestamp;
  replaced_by: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_at: NullableTimestamp;
  /** How the family's first session was started; unlinking Telegram ends the families Telegram started. */
  signed_in_with: ColumnType<SessionSignIn, SessionSignIn, never>;
}

export type SessionSignIn = "password" | "telegram";

export type OneTimeTokenPurpose = "password_reset" | "email_verification";

export interface OneTimeTokensTable {
  token_hash: string;
  purpose: OneTimeTokenPurpose;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
  /** Null in the outbox mailer; set when SMTP delivery succeeded. */
  sent_at: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
  /** No attempt before this moment (a growing delay after failures); null: none. */
  blocked_until: NullableTimestamp;
}

export interface LoginSourcesTable {
  user_id: string;
  /** SHA-256 of the address (IPv6: its /64) this account signed in from. */
  source_hash: string;
  last_success_at: Timestamp;
}

export type LedgerAccountKind = "treasury" | "external" | "wallet" | "clearing";

/** Balances in micro-USDT; only `external` (the chain) may be negative. */
export interface LedgerAccountsTable {
  id: string;
  kind: LedgerAccountKind;
  user_id: string | null;
  balance_micro: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type TransferKind =
  | "seed"
  | "purchase"
  | "rewards"
  | "devnet"
  | "deposit"
  | "withdrawal"
  | "withdrawal-sent"
  | "withdrawal-refund"
  | "admin-funding";

/** One movement: `amount_micro` leaves `debit_account` and enters `credit_account`. */
export interface LedgerTransfersTable {
  id: Generated<number>;
  debit_account: string;
  credit_account: string;
  amount_micro: number;
  kind: TransferKind;
  description: string;
  reference: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface UserRewardsTable {
  user_id: string;
  points_micro: ColumnType<number, number | undefined, number>;
  total_taps: ColumnType<number, number | undefined, number>;
  multiplier_micro: ColumnType<number, number | undefined, number>;
  /** Tap budget in thousandths of a tap. */
  bucket_milli_taps: number;
  bucket_updated_at: Timestamp;
  suspicious_claims: ColumnType<number, number | undefined, number>;
  clipped_taps: ColumnType<number, number | undefined, number>;
  /** The latest booster bought (null: never), its factor (1 without one) and end: what a tap sync needs. */
  booster_purchase_id: ColumnType<string | null, string | null | undefined, string | null>;
  booster_factor: ColumnType<number, number | undefined, number>;
  booster_ends_at: NullableTimestamp;
  /** One bit per unlocked achievement (server/domain/economy/achievements.ts), kept with user_achievements. */
  achievements_mask: ColumnType<number, number | undefined, number>;
  /** The tap sync limit's window: syncs counted in it and its end (null: none counted yet). */
  sync_count: ColumnType<number, number | undefined, number>;
  sync_window_ends_at: NullableTimestamp;
  /** The running combo chain's length in taps (0: none) and when its last credited tap arrived (docs/decisions/039). */
  combo_chain: ColumnType<number, number | undefined, number>;
  combo_at: NullableTimestamp;
  /** The last UTC day the streak was claimed as far as this row knows (null: unknown): auto-claim's cheap check. */
  streak_claimed_day: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TapBatchesTable {
  user_id: string;
  batch_id: string;
  taps_claimed: number;
  taps_credited: number;
  points_micro: number;
  multiplier_micro: number;
  points_after_micro: number;
  total_taps_after: number;
  suspicious: boolean;
  /** The booster factor the batch was credited at (1 without a booster). */
  booster_factor: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** How many intervals the batch carried; null: none (docs/fair-play.md). */
  interval_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** Their coefficient of variation; null with fewer than two. */
  interval_cv: ColumnType<number | null, number | null | undefined, number | null>;
  /** The combo bonus minted on top of `points_micro` (0: none). */
  combo_bonus_micro: ColumnType<number, number | undefined, number>;
}

export type PointsMovementKind =
  | "purchase"
  | "rewards"
  | "devnet"
  | "streak"
  | "booster"
  | "achievement"
  | "referral";

/** A change of points other than a tap batch; negative when points are spent. */
export interface PointsMovementsTable {
  id: Generated<number>;
  user_id: string;
  delta_micro: number;
  kind: PointsMovementKind;
  /** Derived from the fact it pays for (`streak:<day>`, `booster:<purchase>`, `achievement:<id>`); unique per user. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** One claimed UTC day and the streak as it stood after the claim. */
export interface StreakClaimsTable {
  user_id: string;
  /** Days since 1970-01-01 (UTC). */
  day: number;
  streak: number;
  best: number;
  freezes: number;
  freezes_used: number;
  reward_micro: number;
  created_at: Timestamp;
}

export interface BoosterPurchasesTable {
  id: string;
  user_id: string;
  booster_id: string;
  factor: number;
  price_micro: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  end_announced_at: NullableTimestamp;
}

export interface UserAchievementsTable {
  user_id: string;
  achievement_id: string;
  reward_micro: number;
  unlocked_at: Timestamp;
}

export interface MultiplierOptionsTable {
  multiplier_micro: number;
  price_micro: number;
}

export interface MultiplierChangesTable {
  id: Generated<number>;
  user_id: string;
  old_multiplier_micro: number;
  new_multiplier_micro: number;
  reason: "purchase" | "admin";
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  caller_id: string;
  key: string;
  request_hash: string;
  attempt_id: string;
  /** Null while the first request runs. */
  status_code: ColumnType<number | null, number | null | undefined, number | null>;
  /** The stored answer body (JSON text in, parsed JSON out). */
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

/** Which seed this database belongs to (one row). */
export interface ChainSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  hot_wallet_address: string;
  created_at: Timestamp;
}

export interface DepositAddressesTable {
  user_id: string;
  hd_index: number;
  address: string;
  created_at: Timestamp;
}

export interface ChainCheckedTransactionsTable {
  tx_id: string;
  address: string;
  outcome: "credited" | "failed" | "nothing";
  checked_at: Timestamp;
}

export interface ChainDepositsTable {
  tx_id: string;
  log_index: number;
  user_id: string;
  address: string;
  amount_micro: number;
  block_number: number;
  credited_at: Timestamp;
}

/** `review`: held for an admin (docs/fair-play.md), reserved like `reserved` but not yet to be signed. */
export type WithdrawalStatus = "review" | "reserved" | "signed" | "broadcast" | "confirmed" | "failed";

export interface WithdrawalsTable {
  id: string;
  /** Null for a treasury withdrawal by an admin. */
  user_id: string | null;
  source_account: string;
  to_address: string;
  amount_micro: number;
  status: WithdrawalStatus;
  tx_id: string | null;
  signed_payload: string | null;
  expires_at: NullableTimestamp;
  failure_reason: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  lease_until: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Why it was held for review (docs/fair-play.md); null for one that was not. */
  review_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admin who approved or rejected a held withdrawal, and when. */
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: NullableTimestamp;
  /** What the admin decided (migration 017): a `failed` row `rejected` shows the admin's reason to its owner. */
  decision: ColumnType<
    "approved" | "rejected" | null,
    "approved" | "rejected" | null | undefined,
    "approved" | "rejected" | null
  >;
}

export type AccountStatus = "ok" | "review" | "frozen" | "banned";

/** Where an account stands (docs/fair-play.md); no row is `ok` with a score of 0. */
export interface AccountStandingTable {
  user_id: string;
  status: AccountStatus;
  score: ColumnType<number, number | undefined, number>;
  /** The last `clear`: signals raised before it no longer count. */
  cleared_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** One row per account and signal, the latest raising of it. */
export interface RiskSignalsTable {
  user_id: string;
  signal: string;
  weight: number;
  evidence: string;
  raised_at: Timestamp;
}

export interface AppealsTable {
  id: string;
  user_id: string;
  message: string;
  created_at: Timestamp;
  answered_at: NullableTimestamp;
  answered_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A network (IPv4 address, IPv6 /64) an account was created or signed in from. */
export interface AccountNetworksTable {
  user_id: string;
  network: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
  signed_up: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface DevnetTransfersTable {
  tx_id: string;
  log_index: ColumnType<number, number | undefined, number>;
  block_number: number;
  from_address: string;
  to_address: string;
  amount_micro: number;
  status: "success" | "failed";
  failure_reason: string | null;
  created_at: Timestamp;
  confirms_at: Timestamp;
}

/** One admin action (docs/design.md §7). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string;
  actor_email: string;
  action: string;
  target: string | null;
  amount_micro: number | null;
  created_at: Timestamp;
  /** Why an admin decided as they did (fair play's decisions). */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A live-event stream's counter: the number of the last event appended (docs/decisions/017). */
export interface LiveStreamsTable {
  /** A user's id, or `admins` for the stream every admin reads. */
  stream: string;
  last_seq: number;
}

export interface LiveEventsTable {
  stream: string;
  seq: number;
  type: string;
  /** What the frame's `data` carries, in display units (JSON text in, parsed JSON out). */
  payload: ColumnType<unknown, string, never>;
  /** A `session` event ends only the streams of this session family; null: every stream of the user. */
  family_id: string | null;
  created_at: Timestamp;
}

export interface LiveTicketsTable {
  ticket_hash: string;
  session_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Incoming transfers already announced to their owner as pending deposits. */
export interface ChainDepositSightingsTable {
  tx_id: string;
  address: string;
  seen_at: Timestamp;
}

/** Who runs a background round that only one instance at a time may run, and until when. */
export interface WorkerLeasesTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
}

/** When a background round (the chain worker's) last finished on any instance. */
export interface WorkerRoundsTable {
  name: string;
  finished_at: Timestamp;
}

/** One reconciliation of the books with themselves and with the chain (docs/decisions/030). */
export interface ReconciliationRunsTable {
  id: Generated<number>;
  source: "worker" | "command";
  finished_at: Timestamp;
  differences: number;
  report: ColumnType<unknown, string, never>;
}

/** One row per friend who signed up with a code: what their taps have earned the referrer. */
export interface ReferralsTable {
  friend_id: string;
  referrer_id: string;
  joined_at: Timestamp;
  earned_micro: ColumnType<number, number | undefined, number>;
}

/** A referrer's shares per UTC day (days since 1970-01-01): the daily cap is enforced on this row. */
export interface ReferralDaysTable {
  referrer_id: string;
  day: number;
  shared_micro: number;
  last_share_micro: number;
}

/** Credited taps and tap points per player per UTC day ('d'), week from Monday ('w') and all time ('a'). */
export interface TapRollupsTable {
  user_id: string;
  period: "d" | "w" | "a";
  period_start: number;
  taps: number;
  points_micro: number;
  reached_at: Timestamp;
  /** 'd' rows: bit h set when taps were credited in UTC hour h of the day. */
  hours_mask: ColumnType<number, number | undefined, number>;
}

/** How far each rule of the periodic risk scan has read (docs/fair-play.md). */
export interface RiskScanMarksTable {
  name: string;
  mark: Timestamp;
}

/** One finished UTC day of GET /admin/economy, counted once (docs/fair-play.md, The economy). */
export interface EconomyDaysTable {
  day: number;
  new_users: number;
  active_users: number;
  taps: number;
  points_minted_micro: number;
  points_converted_micro: number;
  deposits_micro: number;
  withdrawals_micro: number;
  counted_at: Timestamp;
  /** What was held and owed at the day's end (migration 019); null on days kept before it. */
  wallets_micro: ColumnType<number | null, number | null | undefined, number | null>;
  treasury_micro: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0 when no reconciliation had reached the chain by the day's end. */
  hot_wallet_micro: ColumnType<number | null, number | null | undefined, number | null>;
  points_outstanding_micro: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Every 1 000th place of a big board beyond its top 10 000, as a background round last counted it. */
export interface BoardMarksTable {
  period: "d" | "w" | "a";
  period_start: number;
  points_micro: number;
  above: number;
}

export interface Database {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  one_time_tokens: OneTimeTokensTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  login_sources: LoginSourcesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  user_rewards: UserRewardsTable;
  tap_batches: TapBatchesTable;
  points_movements: PointsMovementsTable;
  multiplier_options: MultiplierOptionsTable;
  multiplier_changes: MultiplierChangesTable;
  idempotency_keys: IdempotencyKeysTable;
  chain_settings: ChainSettingsTable;
  deposit_addresses: DepositAddressesTable;
  chain_checked_transactions: ChainCheckedTransactionsTable;
  chain_deposits: ChainDepositsTable;
  withdrawals: WithdrawalsTable;
  devnet_transfers: DevnetTransfersTable;
  audit_log: AuditLogTable;
  live_streams: LiveStreamsTable;
  live_events: LiveEventsTable;
  live_tickets: LiveTicketsTable;
  chain_deposit_sightings: ChainDepositSightingsTable;
  worker_leases: WorkerLeasesTable;
  worker_rounds: WorkerRoundsTable;
  reconciliation_runs: ReconciliationRunsTable;
  streak_claims: StreakClaimsTable;
  booster_purchases: BoosterPurchasesTable;
  user_achievements: UserAchievementsTable;
  referrals: ReferralsTable;
  referral_days: ReferralDaysTable;
  tap_rollups: TapRollupsTable;
  board_marks: BoardMarksTable;
  economy_days: EconomyDaysTable;
  account_standing: AccountStandingTable;
  risk_signals: RiskSignalsTable;
  appeals: AppealsTable;
  account_networks: AccountNetworksTable;
  risk_scan_marks: RiskScanMarksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AuthSessionRow = Selectable<AuthSessionsTable>;
export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;
