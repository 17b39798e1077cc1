/**
 * The SSE id: where a viewer is in each stream it reads (docs/decisions/017). Opaque to the client. A user
 * reads one stream (`12`), an admin two (`12.345`: their own, then the admins' stream). Anything else (another
 * shape, a number from another database) cannot be resumed from, and the stream starts with `reset`.
 */
const POSITION = /^(\d{1,15})(?:\.(\d{1,15}))?$/;

export function encodePosition(positions: readonly number[]): string {
  return positions.join(".");
}

/** The positions, one per stream, or null when the id does not fit this viewer's streams. */
export function decodePosition(id: string, streamCount: number): number[] | null {
  const match = POSITION.exec(id);
  if (!match) return null;
  const positions = match
    .slice(1, 3)
    .filter((part) => part !== undefined)
    .map(Number);
  return positions.length === streamCount ? positions : null;
}
