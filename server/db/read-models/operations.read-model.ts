/**
 * What /api/metrics and /api/ready read from the database (docs/decisions/030). One statement per scrape:
 * the ledger by account kind (the accounts table only: one row per wallet, no transfers), points held,
 * withdrawals by status, when the chain worker last finished a round, and the latest reconciliation.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** The cheapest question that proves a connection works. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

export interface OperationsFigures {
  /** Balance sums in micro-USDT by account kind: treasury, wallet, clearing, external. */
  ledgerByKindMicro: Record<string, number>;
  pointsOutstandingMicro: number;
  withdrawals: { status: string; count: number; amountMicro: number }[];
  oldestOpenWithdrawalAt: Date | null;
  workerRoundFinishedAt: Date | null;
  lastReconciliation: { finishedAt: Date; differences: number; source: string } | null;
}

interface FiguresRow {
  ledger: { kind: string; micro: string | number }[] | null;
  points_micro: string | number | null;
  withdrawals: { status: string; count: number; micro: string | number }[] | null;
  oldest_open: Date | string | null;
  round_finished: Date | string | null;
  reconciled_at: Date | string | null;
  differences: number | null;
  source: string | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

export async function readOperationsFigures(
  db: Kysely<Database>,
  workerRound: string,
): Promise<OperationsFigures> {
  // jsonb keeps bigint sums as numbers or strings depending on their size: Number() either way.
  const { rows } = await sql<FiguresRow>`
    SELECT
      (SELECT jsonb_agg(jsonb_build_object('kind', kind, 'micro', micro)) FROM
        (SELECT kind, sum(balance_micro)::bigint AS micro FROM ledger_accounts GROUP BY kind) k) AS ledger,
      (SELECT coalesce(sum(points_micro), 0)::bigint FROM user_rewards) AS points_micro,
      (SELECT jsonb_agg(jsonb_build_object('status', status, 'count', n, 'micro', micro)) FROM
        (SELECT status, count(*)::int AS n, sum(amount_micro)::bigint AS micro FROM withdrawals GROUP BY status) w
      ) AS withdrawals,
      (SELECT min(created_at) FROM withdrawals WHERE status IN ('reserved', 'signed', 'broadcast')) AS oldest_open,
      (SELECT finished_at FROM worker_rounds WHERE name = ${workerRound}) AS round_finished,
      r.finished_at AS reconciled_at,
      r.differences,
      r.source
    FROM (SELECT 1) one
    -- The run recorded last, whatever its clock said: instances' clocks may differ a little.
    LEFT JOIN LATERAL (
      SELECT finished_at, differences, source FROM reconciliation_runs ORDER BY id DESC LIMIT 1
    ) r ON true`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("the operations figures query answered no row");
  return {
    ledgerByKindMicro: Object.fromEntries(
      (row.ledger ?? []).map((entry) => [entry.kind, Number(entry.micro)]),
    ),
    pointsOutstandingMicro: Number(row.points_micro ?? 0),
    withdrawals: (row.withdrawals ?? []).map((entry) => ({
      status: entry.status,
      count: entry.count,
      amountMicro: Number(entry.micro),
    })),
    oldestOpenWithdrawalAt: asDate(row.oldest_open),
    workerRoundFinishedAt: asDate(row.round_finished),
    lastReconciliation:
      row.reconciled_at === null
        ? null
        : {
            finishedAt: new Date(row.reconciled_at),
            differences: row.differences ?? 0,
            source: row.source ?? "worker",
          },
  };
}
