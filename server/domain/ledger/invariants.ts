/**
 * What must hold after any interleaving of operations (docs/quality.md, concurrency): the ledger sums to
 * zero, no account but `external` is negative, and every balance equals the sum of its transfers; on the
 * points side, every user's points equal what their batches credited plus their other movements (spending,
 * grants), and total taps equal the taps credited. The economy's books too (docs/decisions/019): every batch was
 * credited at taps × multiplier × booster factor, every streak claim, booster purchase and unlocked achievement
 * has exactly its one points movement (and every such movement its fact), each user's unlocked-achievement bits
 * match the achievements recorded, and each rewards row's booster is the user's latest purchase. Returns the
 * problems found (empty when all is well), so a failing test says what broke.
 */
import type { Kysely } from "kysely";
import {
  achievementMasks,
  misCreditedBatches,
  mismatchedEconomyMovements,
  staleBoosters,
} from "../../db/read-models/economy-audit.read-model.ts";
import { type AccountAudit, auditAccounts } from "../../db/repos/ledger.repo.ts";
import { auditPoints } from "../../db/repos/rewards.repo.ts";
import type { Database } from "../../db/schema.ts";
import { ACHIEVEMENTS, type AchievementId, isUnlocked } from "../economy/achievements.ts";
import { EXTERNAL } from "./accounts.ts";

export async function checkLedgerInvariants(db: Kysely<Database>): Promise<string[]> {
  return [
    ...ledgerProblems(await auditAccounts(db)),
    ...(await pointsProblems(db)),
    ...(await economyProblems(db)),
  ];
}

/** The money side: the sum is zero, nothing but `external` is negative, every balance is its transfers. */
export function ledgerProblems(accounts: readonly AccountAudit[]): string[] {
  const problems: string[] = [];
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
  return problems;
}

export async function economyProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  for (const batch of await misCreditedBatches(db))
    problems.push(
      `batch ${batch.batch_id} of user ${batch.user_id} credited ${batch.points_micro} micro-points, not ` +
        `${batch.taps_credited} taps × ${batch.multiplier_micro} × ${batch.booster_factor}`,
    );
  for (const row of await mismatchedEconomyMovements(db))
    problems.push(
      `user ${row.user_id}: ${row.key} is worth ${row.fact_delta ?? "no fact"} but moved ${row.movement_delta ?? "nothing"}`,
    );
  for (const row of await achievementMasks(db)) {
    const recorded = new Set(row.achievements);
    for (const { id } of ACHIEVEMENTS) {
      if (isUnlocked(row.mask, id) !== recorded.has(id))
        problems.push(
          `user ${row.user_id}: bit of ${id} is ${isUnlocked(row.mask, id)} but recorded ${recorded.has(id)}`,
        );
    }
    const unknown = [...recorded].filter((id) => !ACHIEVEMENTS.some((a) => a.id === (id as AchievementId)));
    if (unknown.length > 0) problems.push(`user ${row.user_id}: unknown achievements ${unknown.join(", ")}`);
  }
  for (const row of await staleBoosters(db))
    problems.push(`user ${row.user_id}: the booster on the rewards row is not the latest purchase`);
  return problems;
}

export async function pointsProblems(db: Kysely<Database>): Promise<string[]> {
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
