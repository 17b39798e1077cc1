/**
 * The admin's user lists over role `user` (docs/decisions/013): filtered by a part of the email and by whether
 * the wallet holds money, sorted, one offset page at a time with the filtered list's total; and, for the funded
 * wallets, their totals and when each wallet last moved. A read model (README.md here); which fields a list
 * may sort by is the contract's (contracts/admin-sorts.ts), checked by server/domain/admin/user-lists.ts.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** What each sortable field orders by (two wire names share the last login). */
const SORT_COLUMNS = {
  email: "u.email",
  points: "points_micro",
  created_at: "u.created_at",
  last_login: "u.last_login",
  lastActive: "u.last_login",
  multiplier: "multiplier_micro",
  balance: "balance_micro",
} as const;

export type ManagedUserSortField = keyof typeof SORT_COLUMNS;

export interface ManagedUserSort {
  field: ManagedUserSortField;
  direction: "asc" | "desc";
}

/** "Funded" means a wallet balance above zero. */
export type FundedFilter = "any" | "funded" | "unfunded";

export interface ManagedUserQuery {
  q?: string;
  funded: FundedFilter;
  offset: number;
  limit: number;
}

/** `%` and `_` typed by the admin are literal characters, not patterns. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest account first unless sorted; rows with no value for the sort field come last. */
export async function listManagedUserRows(
  db: Kysely<Database>,
  request: ManagedUserQuery,
  sort: ManagedUserSort | null,
) {
  let base = db
    .selectFrom("users as u")
    .leftJoin("user_rewards as r", "r.user_id", "u.id")
    .leftJoin("ledger_accounts as w", (join) =>
      join.onRef("w.user_id", "=", "u.id").on("w.kind", "=", "wallet"),
    )
    .where("u.role", "=", "user");
  if (request.q) {
    // An account made from Telegram has no email: its name and @username are searched too.
    const pattern = likePattern(request.q);
    base = base.where(
      sql<boolean>`(u.email LIKE ${pattern} ESCAPE '\\' OR lower(u.name) LIKE ${pattern} ESCAPE '\\'
        OR lower(u.telegram_username) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (request.funded === "funded") base = base.where("w.balance_micro", ">", 0);
  if (request.funded === "unfunded")
    base = base.where((eb) => eb.or([eb("w.balance_micro", "is", null), eb("w.balance_micro", "=", 0)]));

  const { total } = await base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow();
  const order = sort
    ? { column: SORT_COLUMNS[sort.field], direction: sort.direction }
    : { column: "u.created_at", direction: "desc" as const };
  const rows = await base
    .select([
      "u.id",
      "u.email",
      "u.name",
      "u.telegram_username",
      "u.trc20_address",
      "u.created_at",
      "u.last_login",
      sql<number>`coalesce(r.points_micro, 0)`.as("points_micro"),
      sql<number>`coalesce(r.multiplier_micro, 1000)`.as("multiplier_micro"),
      sql<number>`coalesce(w.balance_micro, 0)`.as("balance_micro"),
    ])
    .orderBy(sql`${sql.raw(order.column)} ${sql.raw(order.direction)} NULLS LAST`)
    .orderBy("u.id")
    .offset(request.offset)
    .limit(request.limit + 1)
    .execute();
  return {
    rows: rows.slice(0, request.limit).map((row) => ({
      ...row,
      points_micro: Number(row.points_micro),
      multiplier_micro: Number(row.multiplier_micro),
      balance_micro: Number(row.balance_micro),
    })),
    hasMore: rows.length > request.limit,
    total: Number(total),
  };
}

export async function fundedWalletTotals(db: Kysely<Database>) {
  const row = await db
    .selectFrom("ledger_accounts as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .select([
      sql<number>`count(*)::int`.as("count"),
      sql<number>`coalesce(sum(w.balance_micro), 0)::bigint`.as("total"),
    ])
    .where("w.kind", "=", "wallet")
    .where("u.role", "=", "user")
    .where("w.balance_micro", ">", 0)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), totalMicro: Number(row.total) };
}

/** When each of these ledger accounts last moved, by account id (accounts that never moved are absent). */
export async function lastTransferAt(db: Kysely<Database>, accounts: string[]): Promise<Map<string, Date>> {
  if (accounts.length === 0) return new Map();
  const rows = await db
    .selectFrom("ledger_transfers")
    .select([
      sql<string>`CASE WHEN credit_account = ANY(${accounts}) THEN credit_account ELSE debit_account END`.as(
        "account",
      ),
      sql<Date>`max(created_at)`.as("at"),
    ])
    .where((eb) => eb.or([eb("credit_account", "in", accounts), eb("debit_account", "in", accounts)]))
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.account, new Date(row.at)]));
}
