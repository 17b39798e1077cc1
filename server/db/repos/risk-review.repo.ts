/**
 * The back office's read of fair play (docs/fair-play.md): accounts by score, highest first, one page at a
 * time, and one account's networks, referrer and friends. Signals come from risk-signals.repo.ts.
 */
import { type Kysely, sql } from "kysely";
import type { RISK_FILTERS } from "#contracts/fair-play-rules.ts";
import { parseInt8 } from "../numbers.ts";
import type { AccountStatus, Database } from "../schema.ts";

export type RiskFilter = (typeof RISK_FILTERS)[number];

/** A page's last row: the next page starts after it (score descending, then user id ascending). */
export interface ScorePosition {
  score: number;
  userId: string;
}

export interface RiskAccountRow {
  userId: string;
  email: string | null;
  name: string;
  telegramUsername: string | null;
  score: number;
  status: AccountStatus;
  appeal: { at: Date; message: string } | null;
  createdAt: Date;
  lastActive: Date | null;
}

interface Row {
  user_id: string;
  email: string | null;
  name: string;
  telegram_username: string | null;
  score: number;
  status: AccountStatus;
  appeal_at: Date | null;
  appeal_message: string | null;
  created_at: Date;
  last_login: Date | null;
}

const toAccount = (row: Row): RiskAccountRow => ({
  userId: row.user_id,
  email: row.email,
  name: row.name,
  telegramUsername: row.telegram_username,
  score: Number(row.score),
  status: row.status,
  appeal: row.appeal_at === null ? null : { at: new Date(row.appeal_at), message: row.appeal_message ?? "" },
  createdAt: new Date(row.created_at),
  lastActive: row.last_login === null ? null : new Date(row.last_login),
});

const filterOf = (filter: RiskFilter) => {
  switch (filter) {
    case "all":
      // The condition of account_standing_score_idx: every account with a score or a status other than ok.
      return sql`(a.score > 0 OR a.status <> 'ok')`;
    case "appealed":
      return sql`ap.id IS NOT NULL`;
    default:
      return sql`a.status = ${filter}`;
  }
};

/** One page of accounts for the filter, highest score first; `limit` rows at most. */
export async function listRiskAccounts(
  db: Kysely<Database>,
  page: { filter: RiskFilter; limit: number; after: ScorePosition | null },
): Promise<RiskAccountRow[]> {
  const after = page.after
    ? sql`AND (a.score < ${page.after.score} OR (a.score = ${page.after.score} AND a.user_id > ${page.after.userId}::uuid))`
    : sql``;
  // An account that appealed without any signal has no standing row: the appealed list starts from appeals.
  const from =
    page.filter === "appealed"
      ? sql`appeals ap JOIN account_standing_or_ok a ON a.user_id = ap.user_id AND ap.answered_at IS NULL`
      : sql`account_standing a LEFT JOIN appeals ap ON ap.user_id = a.user_id AND ap.answered_at IS NULL`;
  const { rows } = await sql<Row>`
    WITH account_standing_or_ok AS (
      SELECT ap.user_id, coalesce(s.score, 0) AS score, coalesce(s.status, 'ok') AS status
      FROM appeals ap LEFT JOIN account_standing s ON s.user_id = ap.user_id
      WHERE ap.answered_at IS NULL AND ${sql.lit(page.filter === "appealed")}
    )
    SELECT a.user_id, u.email, u.name, u.telegram_username, a.score, a.status, ap.created_at AS appeal_at,
      ap.message AS appeal_message, u.created_at, u.last_login
    FROM ${from}
    JOIN users u ON u.id = a.user_id
    WHERE ${filterOf(page.filter)} ${after}
    ORDER BY a.score DESC, a.user_id
    LIMIT ${page.limit}`.execute(db);
  return rows.map(toAccount);
}

/** One account as the list shows it, with or without signals (a row `ok`, 0 when it has none). */
export async function findRiskAccount(db: Kysely<Database>, userId: string): Promise<RiskAccountRow | null> {
  const { rows } = await sql<Row>`
    SELECT u.id AS user_id, u.email, u.name, u.telegram_username, coalesce(a.score, 0) AS score,
      coalesce(a.status, 'ok') AS status, ap.created_at AS appeal_at, ap.message AS appeal_message,
      u.created_at, u.last_login
    FROM users u
    LEFT JOIN account_standing a ON a.user_id = u.id
    LEFT JOIN appeals ap ON ap.user_id = u.id AND ap.answered_at IS NULL
    WHERE u.id = ${userId} AND u.role = 'user'`.execute(db);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** The networks the account used since `since`, each with how many accounts used it in the same time. */
export async function networksOf(
  db: Kysely<Database>,
  userId: string,
  since: Date,
): Promise<Array<{ network: string; accounts: number }>> {
  const { rows } = await sql<{ network: string; accounts: string | number }>`
    SELECT n.network, count(DISTINCT m.user_id) AS accounts
    FROM account_networks n
    JOIN account_networks m ON m.network = n.network AND m.last_seen_at >= ${since}
    WHERE n.user_id = ${userId} AND n.last_seen_at >= ${since}
    GROUP BY n.network
    ORDER BY accounts DESC, n.network
    LIMIT 50`.execute(db);
  return rows.map((row) => ({ network: row.network, accounts: toCount(row.accounts) }));
}

const toCount = (value: string | number) => (typeof value === "number" ? value : parseInt8(value));

export interface RelatedAccount {
  userId: string;
  email: string | null;
  name: string;
  telegramUsername: string | null;
  status: AccountStatus;
  score: number;
}

const RELATED = sql`u.id AS user_id, u.email, u.name, u.telegram_username, coalesce(a.status, 'ok') AS status,
  coalesce(a.score, 0) AS score`;

type RelatedRow = Omit<RelatedAccount, "userId" | "telegramUsername"> & {
  user_id: string;
  telegram_username: string | null;
};
const toRelated = (row: RelatedRow): RelatedAccount => ({
  userId: row.user_id,
  email: row.email,
  name: row.name,
  telegramUsername: row.telegram_username,
  status: row.status,
  score: Number(row.score),
});

export async function referrerOf(db: Kysely<Database>, userId: string): Promise<RelatedAccount | null> {
  const { rows } = await sql<RelatedRow>`
    SELECT ${RELATED}
    FROM referrals f JOIN users u ON u.id = f.referrer_id
    LEFT JOIN account_standing a ON a.user_id = u.id
    WHERE f.friend_id = ${userId}`.execute(db);
  return rows[0] ? toRelated(rows[0]) : null;
}

/** The account's friends, highest score first (the first 100). */
export async function friendsOf(db: Kysely<Database>, userId: string): Promise<RelatedAccount[]> {
  const { rows } = await sql<RelatedRow>`
    SELECT ${RELATED}
    FROM referrals f JOIN users u ON u.id = f.friend_id
    LEFT JOIN account_standing a ON a.user_id = u.id
    WHERE f.referrer_id = ${userId}
    ORDER BY coalesce(a.score, 0) DESC, f.joined_at DESC
    LIMIT 100`.execute(db);
  return rows.map(toRelated);
}
