/**
 * What must hold after any interleaving of operations (docs/quality.md, concurrency): the ledger sums to
 * zero, no account but `external` is negative, and every balance equals the sum of its transfers; on the
 * points side, every user's points equal what their batches credited plus their other movements (spending,
 * grants), and total taps equal the taps credited. Returns the problems found (empty when all is well), so a
 * failing test says what broke.
 */
import { type Kysely, sql } from "kysely";
import { auditAccounts } from "../../db/repos/ledger.repo.ts";
import type { Database } from "../../db/schema.ts";
import { EXTERNAL } from "./accounts.ts";

export async function checkLedgerInvariants(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const accounts = await auditAccounts(db);
  const total = accounts.reduce((sum, account) => sum + account.balanceMicro, 0);
  if (total !== 0) problems.push(`balances sum to ${total} micro-USDT, not 0`);
  for (const account of accounts) {
    if (account.id !== EXTERNAL && account.balanceMicro < 0)
      problems.push(`${account.id} is negative: ${account.balanceMicro}`);
    if (account.balanceMicro !== account.transferSumMicro)
      problems.push(
        `${account.id} holds ${account.balanceMicro} but its transfers sum to ${account.transferSumMicro}`,
      );
  }
  problems.push(...(await pointsProblems(db)));
  return problems;
}

async function pointsProblems(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("user_rewards as r")
    .select((eb) => [
      "r.user_id",
      "r.points_micro",
      "r.total_taps",
      eb
        .selectFrom("tap_batches as b")
        .select(sql<number>`coalesce(sum(b.points_micro), 0)::bigint`.as("v"))
        .whereRef("b.user_id", "=", "r.user_id")
        .as("credited_micro"),
      eb
        .selectFrom("tap_batches as b")
        .select(sql<number>`coalesce(sum(b.taps_credited), 0)::bigint`.as("v"))
        .whereRef("b.user_id", "=", "r.user_id")
        .as("credited_taps"),
      eb
        .selectFrom("points_movements as m")
        .select(sql<number>`coalesce(sum(m.delta_micro), 0)::bigint`.as("v"))
        .whereRef("m.user_id", "=", "r.user_id")
        .as("moved_micro"),
    ])
    .execute();
  const problems: string[] = [];
  for (const row of rows) {
    const expected = Number(row.credited_micro ?? 0) + Number(row.moved_micro ?? 0);
    if (row.points_micro !== expected)
      problems.push(
        `user ${row.user_id} has ${row.points_micro} micro-points, batches and movements say ${expected}`,
      );
    if (row.total_taps !== Number(row.credited_taps ?? 0))
      problems.push(`user ${row.user_id} has ${row.total_taps} taps, batches credited ${row.credited_taps}`);
  }
  return problems;
}
