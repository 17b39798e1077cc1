/**
 * The admin's user lists (docs/api.md, "Lists" under Rules for every route, and Admin): role `user` only, `q`
 * a case-insensitive part of the email, `sort` `field:asc|desc` from a fixed list per route, pages by offset
 * behind an opaque cursor (docs/decisions/013), and the total of the filtered list. "Funded" means a wallet
 * balance above zero.
 */
import type { Kysely } from "kysely";
import {
  type FundedFilter,
  fundedWalletTotals,
  lastTransferAt,
  listManagedUserRows,
  type ManagedUserSort,
  type ManagedUserSortField,
} from "../../db/read-models/managed-users.read-model.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { walletAccountId } from "../ledger/accounts.ts";
import type { OffsetPageRequest } from "../pagination.ts";

export type { FundedFilter, ManagedUserSortField };

export function parseSort(
  sort: string | undefined,
  allowed: readonly ManagedUserSortField[],
): ManagedUserSort | null {
  if (!sort) return null;
  const [field, direction] = sort.split(":");
  // The direction reaches SQL as a keyword, so it is checked here too, not only by the route's schema.
  if (!allowed.includes(field as ManagedUserSortField) || (direction !== "asc" && direction !== "desc")) {
    throw new AppError(
      "VALIDATION_ERROR",
      `querystring/sort must be one of ${allowed.map((f) => `${f}:asc|desc`).join(", ")}`,
    );
  }
  return { field: field as ManagedUserSortField, direction };
}

/** One page of a user list; `sortable` is what this list may be sorted by. */
export function listManagedUsers(
  db: Kysely<Database>,
  request: OffsetPageRequest & { q?: string; sort?: string; funded: FundedFilter },
  sortable: readonly ManagedUserSortField[],
) {
  const sort = parseSort(request.sort, sortable);
  return listManagedUserRows(
    db,
    { q: request.q, funded: request.funded, offset: request.offset, limit: request.limit },
    sort,
  );
}

/** Funded wallets, largest balance first, with when each last moved and the totals over all of them. */
export async function fundedWallets(db: Kysely<Database>, request: OffsetPageRequest) {
  const page = await listManagedUserRows(
    db,
    { offset: request.offset, limit: request.limit, funded: "funded" },
    { field: "balance", direction: "desc" },
  );
  const [totals, moved] = await Promise.all([
    fundedWalletTotals(db),
    lastMovements(
      db,
      page.rows.map((r) => r.id),
    ),
  ]);
  return {
    rows: page.rows.map((row) => ({ ...row, lastUpdated: moved.get(row.id) ?? row.created_at })),
    hasMore: page.hasMore,
    totalMicro: totals.totalMicro,
    count: totals.count,
  };
}

/** When each user's wallet last moved, by user id. */
async function lastMovements(db: Kysely<Database>, userIds: string[]) {
  const owners = new Map(userIds.map((id) => [walletAccountId(id), id]));
  const byAccount = await lastTransferAt(db, [...owners.keys()]);
  return new Map([...byAccount].map(([account, at]) => [owners.get(account) ?? account, at]));
}
