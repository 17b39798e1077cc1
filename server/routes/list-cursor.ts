/**
 * Every list's `limit` and opaque `cursor` (docs/api.md, "Lists" under Rules for every route). Two kinds of
 * cursor, both base64url JSON: a keyset position (the last row's timestamp and id) for the newest-first
 * lists, and an offset for the admin's sorted, searchable lists (docs/decisions/013). Clients pass them back
 * unchanged; anything that does not decode to what the list expects is a 400, never a database error.
 */
import type { OffsetPageRequest, PagePosition, PageRequest } from "../domain/pagination.ts";
import { AppError } from "../errors.ts";

export const DEFAULT_LIST_LIMIT = 20;
const POSITION_YEARS = { from: 2000, to: 9999 };

export const UUID_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const SERIAL_ID = /^[1-9]\d{0,15}$/;

const invalidCursor = () =>
  new AppError("VALIDATION_ERROR", "querystring/cursor is invalid: pass back a nextCursor unchanged");

export function encodeCursor(position: PagePosition | null): string | null {
  if (!position) return null;
  return Buffer.from(JSON.stringify([position.at.toISOString(), position.id])).toString("base64url");
}

export function decodeCursor(cursor: string, idPattern: RegExp): PagePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [at, id] = parsed as unknown[];
  if (typeof at !== "string" || typeof id !== "string" || !idPattern.test(id)) throw invalidCursor();
  const date = new Date(at);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== at) throw invalidCursor();
  // Every row was written by this server, so a position outside these years was not made by us (and years
  // JavaScript allows, such as -271821, are beyond what PostgreSQL can compare).
  const year = date.getUTCFullYear();
  if (year < POSITION_YEARS.from || year > POSITION_YEARS.to) throw invalidCursor();
  return { at: date, id };
}

export function pageRequest(
  query: { limit?: number; cursor?: string } | undefined,
  idPattern: RegExp,
): PageRequest {
  return {
    limit: query?.limit ?? DEFAULT_LIST_LIMIT,
    after: query?.cursor === undefined ? null : decodeCursor(query.cursor, idPattern),
  };
}

export function offsetPageRequest(query: { limit?: number; cursor?: string } | undefined): OffsetPageRequest {
  return {
    offset: query?.cursor === undefined ? 0 : decodeOffsetCursor(query.cursor),
    limit: query?.limit ?? DEFAULT_LIST_LIMIT,
  };
}

/** Where the page after `request` starts; null on the last page. */
export function nextOffsetCursor(request: OffsetPageRequest, hasMore: boolean): string | null {
  if (!hasMore) return null;
  return Buffer.from(JSON.stringify({ offset: request.offset + request.limit })).toString("base64url");
}

function decodeOffsetCursor(cursor: string): number {
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { offset?: unknown };
    if (typeof offset === "number" && Number.isSafeInteger(offset) && offset >= 0) return offset;
  } catch {}
  throw invalidCursor();
}
