/** Signals raised on accounts (docs/fair-play.md): one row per account and signal, its latest raising. */
import { type Kysely, sql } from "kysely";
import type { SignalId } from "#contracts/fair-play-rules.ts";
import type { Database } from "../schema.ts";

export interface StoredSignal {
  id: SignalId;
  weight: number;
  evidence: string;
  at: Date;
}

/** Raises the signal, or raises it again: the row takes the new weight, evidence and time. */
export async function upsertSignal(
  db: Kysely<Database>,
  row: { userId: string; id: SignalId; weight: number; evidence: string; at: Date },
): Promise<void> {
  await db
    .insertInto("risk_signals")
    .values({
      user_id: row.userId,
      signal: row.id,
      weight: row.weight,
      evidence: row.evidence,
      raised_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "signal"]).doUpdateSet({
        weight: row.weight,
        evidence: row.evidence,
        raised_at: row.at,
      }),
    )
    .execute();
}

/** The account's signals raised since `since` (all of them when null), newest first. */
export async function signalsSince(
  db: Kysely<Database>,
  userId: string,
  since: Date | null,
): Promise<StoredSignal[]> {
  let query = db
    .selectFrom("risk_signals")
    .select(["signal", "weight", "evidence", "raised_at"])
    .where("user_id", "=", userId);
  if (since) query = query.where("raised_at", ">", since);
  const rows = await query.orderBy("raised_at", "desc").orderBy("signal").execute();
  return rows.map((row) => ({
    id: row.signal as SignalId,
    weight: row.weight,
    evidence: row.evidence,
    at: row.raised_at,
  }));
}

/** The signals of many accounts since each one's last clear, by account. */
export async function countingSignalsOf(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, StoredSignal[]>> {
  const bySignal = new Map<string, StoredSignal[]>();
  if (userIds.length === 0) return bySignal;
  const { rows } = await sql<{
    user_id: string;
    signal: SignalId;
    weight: number;
    evidence: string;
    raised_at: Date;
  }>`
    SELECT s.user_id, s.signal, s.weight, s.evidence, s.raised_at
    FROM risk_signals s
    LEFT JOIN account_standing a ON a.user_id = s.user_id
    WHERE s.user_id = ANY(${[...userIds]}::uuid[])
      AND (a.cleared_at IS NULL OR s.raised_at > a.cleared_at)
    ORDER BY s.raised_at DESC, s.signal`.execute(db);
  for (const row of rows) {
    const list = bySignal.get(row.user_id) ?? [];
    list.push({ id: row.signal, weight: row.weight, evidence: row.evidence, at: new Date(row.raised_at) });
    bySignal.set(row.user_id, list);
  }
  return bySignal;
}

/** Which of `ids` the account carries since its last clear: a signal already counting need not be raised again. */
export async function countingSignalIds(
  db: Kysely<Database>,
  userId: string,
  ids: readonly SignalId[],
): Promise<Set<SignalId>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ signal: SignalId }>`
    SELECT s.signal FROM risk_signals s
    LEFT JOIN account_standing a ON a.user_id = s.user_id
    WHERE s.user_id = ${userId} AND s.signal = ANY(${[...ids]}::text[])
      AND (a.cleared_at IS NULL OR s.raised_at > a.cleared_at)`.execute(db);
  return new Set(rows.map((row) => row.signal));
}
