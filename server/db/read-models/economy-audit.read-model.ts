/**
 * Cross-table checks of the economy's books, for server/domain/ledger/invariants.ts: every rewarded fact (a
 * streak claim, a booster purchase, an unlocked achievement) has exactly its one points movement and every such
 * movement has its fact; every tap batch was credited at taps × multiplier × factor; the booster on each
 * rewards row is the user's latest purchase. Each query answers only the rows that break a rule (at most 20).
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

const LIMIT = 20;

/** The fact behind each keyed movement, as its key spells it (server/domain/economy). */
const FACT_KEYS = sql`
  SELECT c.user_id, 'streak:' || to_char(date '1970-01-01' + c.day, 'YYYY-MM-DD') AS key,
    c.reward_micro AS delta, 'streak' AS kind
  FROM streak_claims c
  UNION ALL
  SELECT p.user_id, 'booster:' || p.id, -p.price_micro, 'booster' FROM booster_purchases p
  UNION ALL
  SELECT a.user_id, 'achievement:' || a.achievement_id, a.reward_micro, 'achievement' FROM user_achievements a`;

export interface FactMismatch {
  user_id: string;
  key: string;
  fact_delta: number | null;
  movement_delta: number | null;
}

/**
 * Facts whose movement is missing or of another amount (a fact worth 0 has none), and economy movements
 * with no fact behind them.
 */
export async function mismatchedEconomyMovements(db: Kysely<Database>): Promise<FactMismatch[]> {
  const { rows } = await sql<FactMismatch>`
    WITH facts AS (${FACT_KEYS}),
    movements AS (
      SELECT user_id, idempotency_key AS key, delta_micro AS delta FROM points_movements
      WHERE kind IN ('streak', 'booster', 'achievement')
    )
    SELECT coalesce(f.user_id, m.user_id) AS user_id, coalesce(f.key, m.key) AS key,
      f.delta AS fact_delta, m.delta AS movement_delta
    FROM (SELECT * FROM facts WHERE delta <> 0) f
    FULL JOIN movements m ON m.user_id = f.user_id AND m.key = f.key
    WHERE f.key IS NULL OR m.key IS NULL OR f.delta <> m.delta
    LIMIT ${LIMIT}`.execute(db);
  return rows;
}

/** Batches whose points are not taps × multiplier × booster factor. */
export function misCreditedBatches(db: Kysely<Database>) {
  return db
    .selectFrom("tap_batches")
    .select(["user_id", "batch_id", "points_micro", "taps_credited", "multiplier_micro", "booster_factor"])
    .where(sql<boolean>`points_micro <> taps_credited * multiplier_micro * booster_factor`)
    .limit(LIMIT)
    .execute();
}

/** Every rewards row's unlocked-achievement bits beside the achievements recorded for it. */
export async function achievementMasks(db: Kysely<Database>) {
  const { rows } = await sql<{ user_id: string; mask: number; achievements: string[] }>`
    SELECT r.user_id, r.achievements_mask AS mask,
      coalesce(array_agg(a.achievement_id) FILTER (WHERE a.achievement_id IS NOT NULL), '{}') AS achievements
    FROM user_rewards r LEFT JOIN user_achievements a ON a.user_id = r.user_id
    GROUP BY r.user_id, r.achievements_mask`.execute(db);
  return rows;
}

/** Rewards rows whose booster is not the user's latest purchase (or says one where none was bought). */
export async function staleBoosters(db: Kysely<Database>) {
  const { rows } = await sql<{ user_id: string }>`
    SELECT r.user_id FROM user_rewards r
    LEFT JOIN LATERAL (
      SELECT p.id, p.factor, p.ends_at FROM booster_purchases p
      WHERE p.user_id = r.user_id ORDER BY p.starts_at DESC, p.id DESC LIMIT 1
    ) latest ON true
    WHERE r.booster_purchase_id IS DISTINCT FROM latest.id
      OR r.booster_factor <> coalesce(latest.factor, 1)
      OR r.booster_ends_at IS DISTINCT FROM latest.ends_at
    LIMIT ${LIMIT}`.execute(db);
  return rows;
}
