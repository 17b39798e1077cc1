/**
 * Access tokens this instance checked lately, so the hottest routes (a player's own: tap sync, points, stats)
 * do not cost a database round trip each (docs/decisions/027). An entry lives at most TTL_MS and never past the
 * token's own expiry. Revocation (logout, a leaked refresh token, a password reset) clears the user's entries on
 * this instance at once and on every other one when the change's NOTIFY arrives; an instance whose listener
 * lost its connection clears everything, since it may have missed one. Only the caller's identity is to be
 * trusted from an entry: details that can change (name, wallet address) are read from the database.
 */
import { RecentMap } from "../../lib/recent-map.ts";
import type { AuthenticatedSession } from "./sessions.ts";

export const TTL_MS = 30_000;
const CAPACITY = 20_000;

export class SessionCache {
  readonly #byHash: RecentMap<string, { session: AuthenticatedSession; until: number }>;

  constructor(
    private readonly ttlMs = TTL_MS,
    capacity = CAPACITY,
  ) {
    this.#byHash = new RecentMap(capacity);
  }

  get size(): number {
    return this.#byHash.size;
  }

  get(tokenHash: string, now: Date): AuthenticatedSession | undefined {
    const entry = this.#byHash.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now.getTime()) return entry.session;
    this.#byHash.delete(tokenHash);
    return undefined;
  }

  put(tokenHash: string, session: AuthenticatedSession, now: Date): void {
    const until = Math.min(now.getTime() + this.ttlMs, session.accessExpiresAt.getTime());
    this.#byHash.set(tokenHash, { session, until });
  }

  /** The user's sessions ended (some or all): none of their tokens is trusted from memory any more. */
  forgetUser(userId: string): void {
    this.#byHash.deleteWhere((entry) => entry.session.user.id === userId);
  }

  clear(): void {
    this.#byHash.clear();
  }
}
