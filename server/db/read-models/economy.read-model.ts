/**
 * The operator's economy (GET /admin/economy, docs/fair-play.md "The economy"): per UTC day, and what the
 * platform owes against what it holds. A read model (README.md here); server/domain/admin/economy.ts turns the
 * sums into the answer.
 *
 * Every per-day figure reads a range of an index, never every user or row ever written: the taps and tap
 * points from `tap_rollups` (one row per player and day, kept by the tap sync), sign-ups, points movements,
 * deposits and confirmed withdrawals by their time (indexes of migration 017). Days are numbered as
 * server/domain/economy/utc-days.ts numbers them (1970-01-01 = 0).
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

export interface EconomyDayRow {
  day: number;
  newUsers: number;
  activeUsers: number;
  taps: number;
  /** Tap points plus every other points credit (referral shares, streaks, achievements, devnet funding…). */
  pointsMintedMicro: number;
  /** Points withdrawn into the wallet as USDT. */
  pointsConvertedMicro: number;
  depositsMicro: number;
  withdrawalsMicro: number;
}

interface DayRow {
  day: number;
  new_users: number | string;
  active_users: number | string;
  taps: number | string;
  tap_points: number | string;
  movement_points: number | string;
  converted: number | string;
  deposits: number | string;
  withdrawals: number | string;
}

const DAY_SECONDS = 86_400;
const dayOf = (column: string) => sql.raw(`floor(extract(epoch FROM ${column}) / ${DAY_SECONDS})::int`);

/** Days `from`..`to` (day numbers, both included), each present, zeros where nothing happened. */
export async function economyDays(db: Kysely<Database>, from: number, to: number): Promise<EconomyDayRow[]> {
  const since = new Date(from * DAY_SECONDS * 1000);
  const { rows } = await sql<DayRow>`
    WITH days AS (SELECT generate_series(${from}::int, ${to}::int) AS day),
    signups AS (
      SELECT ${dayOf("created_at")} AS day, count(*) AS n
      FROM users WHERE role = 'user' AND created_at >= ${since} GROUP BY 1
    ),
    taps AS (
      SELECT period_start AS day, count(*) FILTER (WHERE taps > 0) AS active, sum(taps) AS taps,
        sum(points_micro) AS points
      FROM tap_rollups WHERE period = 'd' AND period_start BETWEEN ${from} AND ${to} GROUP BY 1
    ),
    movements AS (
      SELECT ${dayOf("created_at")} AS day,
        coalesce(sum(delta_micro) FILTER (WHERE delta_micro > 0), 0) AS minted,
        coalesce(-sum(delta_micro) FILTER (WHERE kind = 'rewards'), 0) AS converted
      FROM points_movements WHERE created_at >= ${since} GROUP BY 1
    ),
    deposits AS (
      SELECT ${dayOf("credited_at")} AS day, sum(amount_micro) AS micro
      FROM chain_deposits WHERE credited_at >= ${since} GROUP BY 1
    ),
    withdrawals AS (
      SELECT ${dayOf("updated_at")} AS day, sum(amount_micro) AS micro
      FROM withdrawals WHERE status = 'confirmed' AND user_id IS NOT NULL AND updated_at >= ${since} GROUP BY 1
    )
    SELECT d.day,
      coalesce(s.n, 0)::int AS new_users,
      coalesce(t.active, 0)::int AS active_users,
      coalesce(t.taps, 0)::bigint AS taps,
      coalesce(t.points, 0)::bigint AS tap_points,
      coalesce(m.minted, 0)::bigint AS movement_points,
      coalesce(m.converted, 0)::bigint AS converted,
      coalesce(p.micro, 0)::bigint AS deposits,
      coalesce(w.micro, 0)::bigint AS withdrawals
    FROM days d
    LEFT JOIN signups s ON s.day = d.day
    LEFT JOIN taps t ON t.day = d.day
    LEFT JOIN movements m ON m.day = d.day
    LEFT JOIN deposits p ON p.day = d.day
    LEFT JOIN withdrawals w ON w.day = d.day
    ORDER BY d.day`.execute(db);
  // int8 is a number on PGlite and a string on pg: Number() either way.
  return rows.map((row) => ({
    day: Number(row.day),
    newUsers: Number(row.new_users),
    activeUsers: Number(row.active_users),
    taps: Number(row.taps),
    pointsMintedMicro: Number(row.tap_points) + Number(row.movement_points),
    pointsConvertedMicro: Number(row.converted),
    depositsMicro: Number(row.deposits),
    withdrawalsMicro: Number(row.withdrawals),
  }));
}

export interface LiabilityFigures {
  pointsOutstandingMicro: number;
  walletsMicro: number;
  treasuryMicro: number;
  /** The hot wallet's balance as the last reconciliation that reached the chain saw it; null: none did. */
  hotWalletMicro: number | null;
}

interface LiabilityRow {
  points: number | string;
  wallets: number | string;
  treasury: number | string;
  hot_wallet: number | string | null;
}

/**
 * What players hold and what the platform holds. The hot wallet is never asked here (no chain call in a
 * query's time): reconciliation records what it saw in each run's report (server/domain/operations/reconcile.ts).
 */
export async function liabilityFigures(db: Kysely<Database>): Promise<LiabilityFigures> {
  const { rows } = await sql<LiabilityRow>`
    SELECT
      (SELECT coalesce(sum(points_micro), 0)::bigint FROM user_rewards) AS points,
      (SELECT coalesce(sum(balance_micro), 0)::bigint FROM ledger_accounts WHERE kind = 'wallet') AS wallets,
      (SELECT coalesce(sum(balance_micro), 0)::bigint FROM ledger_accounts WHERE kind = 'treasury') AS treasury,
      (SELECT (report -> 'chain' ->> 'hotWalletMicro')::bigint FROM reconciliation_runs
        WHERE jsonb_typeof(report -> 'chain') = 'object' ORDER BY id DESC LIMIT 1) AS hot_wallet`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("the liabilities query answered no row");
  return {
    pointsOutstandingMicro: Number(row.points),
    walletsMicro: Number(row.wallets),
    treasuryMicro: Number(row.treasury),
    hotWalletMicro: row.hot_wallet === null ? null : Number(row.hot_wallet),
  };
}

/** What was held and owed at the end of one UTC day (docs/decisions/040-coverage-trend.md). */
export interface DayEndBalances {
  day: number;
  pointsOutstandingMicro: number;
  walletsMicro: number;
  treasuryMicro: number;
  /** As the last reconciliation that reached the chain before the day's end saw it; 0 when none had. */
  hotWalletMicro: number;
}

interface DayEndRow {
  day: number;
  points: number | string;
  wallets: number | string;
  treasury: number | string;
  hot_wallet: number | string;
}

/**
 * The balances at the end of days `from`..`to` (today's end is now), counted back from today's: a balance at a
 * day's end is today's less every change written after that day. The USDT side is the double-entry ledger (a
 * transfer credits one account and debits another, so the wallets' and the treasury's changes are their
 * transfers'); the points side is the taps credited (`tap_rollups`, period `d`) and every other points
 * movement. One statement, so today's balances and the changes are read from the same snapshot; it reads the
 * transfers and movements written since the end of `from` (an index range each), nothing older.
 */
export async function dayEndBalances(
  db: Kysely<Database>,
  from: number,
  to: number,
): Promise<DayEndBalances[]> {
  const after = new Date((from + 1) * DAY_SECONDS * 1000);
  const { rows } = await sql<DayEndRow>`
    WITH days AS (SELECT generate_series(${from}::int, ${to}::int) AS day),
    ledger AS (
      SELECT ${dayOf("t.created_at")} AS day,
        sum((CASE WHEN c.kind = 'wallet' THEN t.amount_micro ELSE 0 END)
          - (CASE WHEN d.kind = 'wallet' THEN t.amount_micro ELSE 0 END)) AS wallets,
        sum((CASE WHEN c.kind = 'treasury' THEN t.amount_micro ELSE 0 END)
          - (CASE WHEN d.kind = 'treasury' THEN t.amount_micro ELSE 0 END)) AS treasury
      FROM ledger_transfers t
      JOIN ledger_accounts c ON c.id = t.credit_account
      JOIN ledger_accounts d ON d.id = t.debit_account
      WHERE t.created_at >= ${after} GROUP BY 1
    ),
    points AS (
      SELECT day, sum(delta) AS delta FROM (
        SELECT period_start AS day, points_micro AS delta
        FROM tap_rollups WHERE period = 'd' AND period_start > ${from}
        UNION ALL
        SELECT ${dayOf("created_at")} AS day, delta_micro AS delta
        FROM points_movements WHERE created_at >= ${after}
      ) changes GROUP BY day
    ),
    today AS (
      SELECT
        (SELECT coalesce(sum(points_micro), 0) FROM user_rewards) AS points,
        (SELECT coalesce(sum(balance_micro), 0) FROM ledger_accounts WHERE kind = 'wallet') AS wallets,
        (SELECT coalesce(sum(balance_micro), 0) FROM ledger_accounts WHERE kind = 'treasury') AS treasury
    )
    SELECT d.day,
      (n.points - coalesce((SELECT sum(p.delta) FROM points p WHERE p.day > d.day), 0))::bigint AS points,
      (n.wallets - coalesce((SELECT sum(l.wallets) FROM ledger l WHERE l.day > d.day), 0))::bigint AS wallets,
      (n.treasury - coalesce((SELECT sum(l.treasury) FROM ledger l WHERE l.day > d.day), 0))::bigint AS treasury,
      coalesce((SELECT (r.report -> 'chain' ->> 'hotWalletMicro')::bigint FROM reconciliation_runs r
        WHERE jsonb_typeof(r.report -> 'chain') = 'object'
          AND r.finished_at < to_timestamp((d.day + 1) * ${DAY_SECONDS})
        ORDER BY r.finished_at DESC, r.id DESC LIMIT 1), 0) AS hot_wallet
    FROM days d CROSS JOIN today n
    ORDER BY d.day`.execute(db);
  // int8 is a number on PGlite and a string on pg: Number() either way.
  return rows.map((row) => ({
    day: Number(row.day),
    pointsOutstandingMicro: Number(row.points),
    walletsMicro: Number(row.wallets),
    treasuryMicro: Number(row.treasury),
    hotWalletMicro: Number(row.hot_wallet),
  }));
}
