/**
 * The URL search of each admin list route (docs/decisions/014): one schema per route for its `validateSearch`,
 * and the pure rules for a table's place in it. The URL owns sort, search and page; a page machine's input is
 * what these schemas output. A value that does not fit is dropped to its default, never thrown, so a stale or
 * hand-edited link still opens the page. `validateSearch` is not code-split: this module lands in the landing
 * page's first chunk, so it imports valibot, the dependency-free sort fields of the contract and types only,
 * never XState.
 */
import * as v from "valibot";
import {
  ADMIN_USERS_SORT_FIELDS,
  MANAGED_USERS_SORT_FIELDS,
  SORT_DIRECTIONS,
  type SortOf,
} from "#contracts/admin-sorts.ts";
import type { RISK_FILTERS } from "#contracts/fair-play-rules.ts";
import type { ListQuery } from "#src/api/admin.ts";

/** A default instead of an error, for every field of every admin search. */
const lenient = <const TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.fallback(v.optional(schema), undefined);

/** The router parses `?q=2024` as a number: a search box may hold digits. */
const query = lenient(
  v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.nonEmpty(), v.maxLength(254)),
);
/**
 * The trail of opaque nextCursors that led to the page shown, comma-separated: Previous and a reload land on
 * the same rows without the client decoding a cursor.
 */
const cursors = lenient(v.pipe(v.string(), v.regex(/^[^,]{1,200}(?:,[^,]{1,200})*$/)));

const sortsOf = <const TField extends string>(fields: readonly TField[]) =>
  fields.flatMap((field) => SORT_DIRECTIONS.map((direction): SortOf<TField> => `${field}:${direction}`));

/** What the server sorts each list by: the contract's fields, each either way. */
export const DASHBOARD_SORTS = sortsOf(ADMIN_USERS_SORT_FIELDS);
export const USER_LIST_SORTS = sortsOf(MANAGED_USERS_SORT_FIELDS);
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export type UserListSort = (typeof USER_LIST_SORTS)[number];

export const dashboardSearch = v.object({
  q: query,
  sort: lenient(v.picklist(DASHBOARD_SORTS)),
  cursors,
});
/** `f…` is the table of users with funded wallets, `u…` the table of those without. */
export const usersSearch = v.object({
  fq: query,
  fsort: lenient(v.picklist(USER_LIST_SORTS)),
  fcursors: cursors,
  uq: query,
  usort: lenient(v.picklist(USER_LIST_SORTS)),
  ucursors: cursors,
});
/** `tx…` is the treasury's Transaction History, `fw…` the Funded Wallets table. */
export const fundsSearch = v.object({ txcursors: cursors, fwcursors: cursors });
export const auditSearch = v.object({ cursors });
/**
 * Fair play (docs/fair-play.md): `status` filters the accounts (none is `review`, the queue an admin works
 * through), `cursors` pages them, `hcursors` pages the held withdrawals.
 */
type ContractFilter = (typeof RISK_FILTERS)[number];
/**
 * The contract's filters, written out so the landing chunk does not take in the whole fair-play-rules module;
 * the types below fail to compile if the two lists ever differ.
 */
const FILTERS = [
  "review",
  "frozen",
  "banned",
  "appealed",
  "all",
] as const satisfies readonly ContractFilter[];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
/** Compiles only while both lists name the same filters. */
export const FILTERS_ARE_THE_CONTRACTS: Same<ContractFilter, (typeof FILTERS)[number]> = true;
export const fairPlaySearch = v.object({
  status: lenient(v.picklist(FILTERS)),
  cursors,
  hcursors: cursors,
});

export type DashboardSearch = v.InferOutput<typeof dashboardSearch>;
export type UsersSearch = v.InferOutput<typeof usersSearch>;
export type FundsSearch = v.InferOutput<typeof fundsSearch>;
export type AuditSearch = v.InferOutput<typeof auditSearch>;
export type FairPlaySearch = v.InferOutput<typeof fairPlaySearch>;
export type RiskFilter = (typeof FILTERS)[number];

/** One table's part of a page's search. */
export interface TableSearch<TSort extends string = never> {
  q?: string;
  sort?: TSort;
  cursors?: string;
}

const trailOf = (cursors: string | undefined) => (cursors ? cursors.split(",") : []);
export const pageOf = (table: TableSearch<string>) => trailOf(table.cursors).length + 1;

/** What the server is asked for a table: its search, its sort and the cursor of the page shown. */
export const listQueryOf = (table: TableSearch<string>): ListQuery => {
  const query: ListQuery = {};
  const cursor = trailOf(table.cursors).at(-1);
  if (table.q !== undefined) query.q = table.q;
  if (table.sort !== undefined) query.sort = table.sort;
  if (cursor !== undefined) query.cursor = cursor;
  return query;
};

/** A change a visitor makes to one table: a new search or sort starts again at page 1. */
export type TableChange = { q: string } | { sort: string | undefined } | { page: number };

export function changeTable<TSort extends string>(
  table: TableSearch<TSort>,
  change: TableChange,
  sorts: readonly TSort[],
  nextCursor: string | null,
): TableSearch<TSort> {
  if ("q" in change) return { ...table, q: change.q === "" ? undefined : change.q, cursors: undefined };
  if ("sort" in change) {
    const sort = sorts.find((allowed) => allowed === change.sort);
    return { ...table, sort, cursors: undefined };
  }
  const trail = trailOf(table.cursors);
  const next =
    change.page > trail.length + 1 && nextCursor
      ? [...trail, nextCursor]
      : trail.slice(0, Math.max(0, change.page - 1));
  return { ...table, cursors: next.length > 0 ? next.join(",") : undefined };
}

/** Equal when every field the schema knows is equal (the router keeps unknown keys it was given). */
export const sameSearch = <TSearch extends object>(
  schema: { entries: Record<keyof TSearch, unknown> },
  a: TSearch,
  b: TSearch,
) => (Object.keys(schema.entries) as (keyof TSearch)[]).every((key) => a[key] === b[key]);

export const fundedTable = (search: UsersSearch): TableSearch<UserListSort> => ({
  q: search.fq,
  sort: search.fsort,
  cursors: search.fcursors,
});
export const withFundedTable = (search: UsersSearch, table: TableSearch<UserListSort>): UsersSearch => ({
  ...search,
  fq: table.q,
  fsort: table.sort,
  fcursors: table.cursors,
});
export const unfundedTable = (search: UsersSearch): TableSearch<UserListSort> => ({
  q: search.uq,
  sort: search.usort,
  cursors: search.ucursors,
});
export const withUnfundedTable = (search: UsersSearch, table: TableSearch<UserListSort>): UsersSearch => ({
  ...search,
  uq: table.q,
  usort: table.sort,
  ucursors: table.cursors,
});
