/**
 * What must hold after any interleaving of operations (docs/quality.md, concurrency): the ledger sums to
 * zero, no account but `external` is negative, and every balance equals the sum of its transfers; on the
 * points side, every user's points equal what their batches credited plus their other movements (spending,
 * grants), and total taps equal the taps credited. Returns the problems found (empty when all is well), so a
 * failing test says what broke.
 */
import type { Kysely } from "kysely";
import { auditAccounts } from "../../db/repos/ledger.repo.ts";
import { auditPoints } from "../../db/repos/rewards.repo.ts";
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
  const problems: string[] = [];
  for (const user of await auditPoints(db)) {
    const expected = user.creditedMicro + user.movedMicro;
    if (user.pointsMicro !== expected)
      problems.push(
        `user ${user.userId} has ${user.pointsMicro} micro-points, batches and movements say ${expected}`,
      );
    if (user.totalTaps !== user.creditedTaps)
      problems.push(`user ${user.userId} has ${user.totalTaps} taps, batches credited ${user.creditedTaps}`);
  }
  return problems;
}
