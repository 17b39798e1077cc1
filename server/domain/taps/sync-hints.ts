/**
 * What this instance last wrote or read of a player's rewards row, with the row's version (docs/decisions/028).
 * A player syncs every few seconds, usually through the same instance (the balancer hashes the token), so the
 * next sync can price its batch from here and go straight to the versioned write: one round trip. It is only
 * a hint: the write commits nothing unless the row is still at that version, the sync limit's window has room
 * and the batch is new, and anything else sends the sync back to reading the row. So a hint that went stale
 * (a purchase, another instance, an admin) costs one statement, never a wrong figure.
 */
import type { RewardsRow } from "../../db/repos/rewards.repo.ts";
import type { StreakClaimRow } from "../../db/repos/streaks.repo.ts";
import { RecentMap } from "../../lib/recent-map.ts";

export interface SyncHint {
  row: RewardsRow;
  version: string;
  /** Bound once at sign-up and never changed, so safe to remember. */
  referrerId: string | null;
  /**
   * The latest streak claim as of `version`: every claim also moves the rewards row (its note of the claimed
   * day, its points), so a claim made elsewhere makes the hint stale like any other change.
   */
  lastClaim: StreakClaimRow | null;
}

/** About 300 bytes each: a few megabytes for the busiest instance, nothing while idle. */
const CAPACITY = 20_000;

export type SyncHints = RecentMap<string, SyncHint>;

export const createSyncHints = (capacity = CAPACITY): SyncHints => new RecentMap(capacity);
