/**
 * Keyset pages for the newest-first lists (docs/api.md, Rules for every route: `limit` and an opaque
 * `cursor`). A position is the last row's (timestamp, id), so pages never skip or repeat rows when new ones
 * arrive meanwhile.
 */
export interface PagePosition {
  at: Date;
  id: string;
}

export interface PageRequest {
  limit: number;
  after: PagePosition | null;
}

/** The sorted, searchable admin lists page by offset instead (docs/decisions/013). */
export interface OffsetPageRequest {
  offset: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  /** Where the next page starts; null on the last page. */
  next: PagePosition | null;
}

/** Reads one row more than asked to learn whether another page follows. */
export async function readPage<Row, Item>(
  request: PageRequest,
  fetchRows: (page: { limit: number; after: PagePosition | null }) => Promise<Row[]>,
  positionOf: (row: Row) => PagePosition,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const rows = await fetchRows({ limit: request.limit + 1, after: request.after });
  const pageRows = rows.slice(0, request.limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(toItem),
    next: rows.length > request.limit && last ? positionOf(last) : null,
  };
}
