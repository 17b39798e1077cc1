/**
 * The admin's user lists (docs/api.md, "Lists" under Rules for every route, and Admin): role `user` only, `q`
 * a case-insensitive part of the email, `sort` `field:asc|desc` from a fixed list, pages by offset behind an
 * opaque cursor (docs/decisions/013), and the total of the filtered list. "Funded" means a wallet balance
 * above zero.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { walletAccountId } from "../ledger/accounts.ts";

export type FundedFilter = "any" | "funded" | "unfunded";

const SORTABLE = {
  email: "u.email",
  points: "points_micro",
  created_at: "u.created_at",
  last_login: "u.last_login",
  lastActive: "u.last_login",
  multiplier: "multiplier_micro",
  balance: "balance_micro",
} as const;

export interface UserListRequest {
  q?: string;
  sort?: string;
  offset: number;
  limit: number;
  funded: FundedFilter;
}

export function parseSort(sort: string | undefined, allowed: readonly (keyof typeof SORTABLE)[]) {
  if (!sort) return null;
  const [field, direction] = sort.split(":") as [string, "asc" | "desc"];
  if (!allowed.includes(field as keyof typeof SORTABLE)) {
    throw new AppError(
      400,
      "VALIDATION_ERROR",
      `querystring/sort must be one of ${allowed.map((f) => `${f}:asc|desc`).join(", ")}`,
    );
  }
  return { column: SORTABLE[field as keyof typeof SORTABLE], direction };
}

/** `%` and `_` typed by the admin are literal characters, not patterns. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listManagedUsers(
  db: Kysely<Database>,
  request: UserListRequest,
  sort: { column: string; direction: "asc" | "desc" } | null,
) {
  let base = db
    .selectFrom("users as u")
    .leftJoin("user_rewards as r", "r.user_id", "u.id")
    .leftJoin("ledger_accounts as w", (join) =>
      join.onRef("w.user_id", "=", "u.id").on("w.kind", "=", "wallet"),
    )
    .where("u.role", "=", "user");
  if (request.q) base = base.where(sql<boolean>`u.email LIKE ${likePattern(request.q)} ESCAPE '\\'`);
  if (request.funded === "funded") base = base.where("w.balance_micro", ">", 0);
  if (request.funded === "unfunded")
    base = base.where((eb) => eb.or([eb("w.balance_micro", "is", null), eb("w.balance_micro", "=", 0)]));

  const { total } = await base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow();
  const order = sort ?? { column: "u.created_at", direction: "desc" as const };
  const rows = await base
    .select([
      "u.id",
      "u.email",
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

export async function fundedTotals(db: Kysely<Database>) {
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

/** When each funded wallet last moved. */
export async function lastMovements(db: Kysely<Database>, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, Date>();
  const owners = new Map(userIds.map((id) => [walletAccountId(id), id]));
  const accounts = [...owners.keys()];
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
  return new Map(rows.map((row) => [owners.get(row.account) ?? row.account, new Date(row.at)]));
}
