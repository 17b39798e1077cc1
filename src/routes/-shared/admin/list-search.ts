/**
 * A table's place in the URL (issue 5: sorting, search and page kept in the search params). `cursors` is the
 * trail of opaque nextCursors that led to the current page, so Previous and a reload land on the same rows.
 */
export interface ListSearch {
  q?: string;
  sort?: string;
  cursors?: string;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

export function parseListSearch(search: Record<string, unknown>, prefix = ""): ListSearch {
  return {
    q: text(search[`${prefix}q`]),
    sort: text(search[`${prefix}sort`]),
    cursors: text(search[`${prefix}cursors`]),
  };
}

export const trailOf = (cursors: string | undefined) => (cursors ? cursors.split(",") : []);
export const pageOf = (search: ListSearch) => trailOf(search.cursors).length + 1;
export const cursorOf = (search: ListSearch) => trailOf(search.cursors).at(-1);

/** The search after moving to `page` (one step from the current one), given the current page's nextCursor. */
export function withPage(search: ListSearch, page: number, nextCursor: string | null): ListSearch {
  const trail = trailOf(search.cursors);
  const next =
    page > trail.length + 1 && nextCursor ? [...trail, nextCursor] : trail.slice(0, Math.max(0, page - 1));
  return { ...search, cursors: next.length > 0 ? next.join(",") : undefined };
}
