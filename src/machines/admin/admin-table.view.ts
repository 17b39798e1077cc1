/** What a server-side admin table shows, derived from its page machine's search and the page it loaded. */
import { changeTable, pageOf, type TableChange, type TableSearch } from "./admin.search.ts";

export interface TableView<TRow, TSearch> {
  rows: TRow[];
  q: string | undefined;
  sort: string | undefined;
  page: number;
  hasNext: boolean;
  /** The page's search after a change to this table: the route puts it in the URL, the machine follows. */
  after: (change: TableChange) => TSearch;
}

export function tableView<TRow, TSearch, TSort extends string>(
  table: TableSearch<TSort>,
  loaded: { items: TRow[]; nextCursor: string | null } | undefined,
  sorts: readonly TSort[],
  put: (table: TableSearch<TSort>) => TSearch,
): TableView<TRow, TSearch> {
  const nextCursor = loaded?.nextCursor ?? null;
  return {
    rows: loaded?.items ?? [],
    q: table.q,
    sort: table.sort,
    page: pageOf(table),
    hasNext: nextCursor !== null,
    after: (change) => put(changeTable(table, change, sorts, nextCursor)),
  };
}

export type PageStatus = "loading" | "failed" | "ready";

/** A page shows its figures once it has any; until then it says it is loading, or that it could not load. */
export const pageStatus = (loaded: boolean, failed: boolean): PageStatus =>
  loaded ? "ready" : failed ? "failed" : "loading";
