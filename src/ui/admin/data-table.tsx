import {
  type ColumnDef,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";

import { Button } from "../kit/button.tsx";
import { inputClass } from "../kit/field.tsx";

export const tableFeaturesWithSorting = tableFeatures({ rowSortingFeature });
export type AdminColumn<T extends RowData> = ColumnDef<typeof tableFeaturesWithSorting, T>;

export interface DataTableProps<T extends RowData> {
  caption: string;
  columns: AdminColumn<T>[];
  rows: T[];
  /** `field:asc|desc` as the server takes it; sorting happens on the server (manual). */
  sort?: string;
  onSort?: (sort: string | undefined) => void;
  search?: string;
  onSearch?: (q: string) => void;
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  busy?: boolean;
  emptyText: string;
}

/** What a page gives a paged table: rows and page from its machine, the page change back to the URL. */
export type PagedBinding<T extends RowData> = Pick<DataTableProps<T>, "rows" | "page" | "hasNext" | "onPage">;
/** A paged table that is also searched and sorted on the server. */
export type TableBinding<T extends RowData> = PagedBinding<T> &
  Pick<DataTableProps<T>, "sort" | "onSort" | "search" | "onSearch">;

const toSorting = (sort: string | undefined): SortingState => {
  if (!sort) return [];
  const [id, direction] = sort.split(":");
  return id ? [{ id, desc: direction === "desc" }] : [];
};

/** A server-side table (TanStack Table v9): sort, search and page come from the URL and go back to it. */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const table = useTable({
    features: tableFeaturesWithSorting,
    columns: props.columns,
    data: props.rows,
    manualSorting: true,
    enableSortingRemoval: true,
    state: { sorting: toSorting(props.sort) },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(toSorting(props.sort)) : updater;
      const first = next[0];
      props.onSort?.(first ? `${first.id}:${first.desc ? "desc" : "asc"}` : undefined);
    },
  });
  return (
    <div className="flex flex-col gap-3">
      {props.onSearch && (
        <label className="flex flex-col gap-1 text-sm text-slate-300 sm:max-w-xs">
          Search by email
          <input
            type="search"
            className={inputClass}
            defaultValue={props.search ?? ""}
            placeholder="name@example.com"
            onChange={(event) => props.onSearch?.(event.target.value)}
          />
        </label>
      )}
      <section
        className="overflow-x-auto rounded-xl border border-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
        aria-busy={props.busy}
        aria-label={props.caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone must scroll from the keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-ink-900 text-xs uppercase tracking-wide text-slate-400">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 font-semibold"
                      aria-sort={
                        sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                      }
                    >
                      {props.onSort && header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-100"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true">
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-white/5">
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={props.columns.length} className="px-3 py-6 text-center text-slate-400">
                  {props.emptyText}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="hover:bg-white/[0.02]">
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="whitespace-nowrap px-3 py-2 text-slate-200">
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <div className="flex items-center justify-end gap-2 text-sm text-slate-400">
        <span>Page {props.page}</span>
        <Button
          size="sm"
          variant="outline"
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!props.hasNext}
          onClick={() => props.onPage(props.page + 1)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
