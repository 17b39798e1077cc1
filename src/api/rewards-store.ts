/**
 * The per-user rewards keys (docs/product.md §3, docs/decisions/018, "Taps across tabs"):
 * - `rewards_<userId>`: the last known balances, for an instant first paint; any tab writes it, the record
 *   dated by more taps wins.
 * - `rewards_<userId>@<tabId>`: one tab's taps not yet acknowledged by the server (batches, each with the id it
 *   is re-sent under, and taps not yet in a batch), with the figures that tab knew. Only that tab writes it
 *   while it lives; after it is gone another tab adopts it (taps-store.machine.ts). One writer per key: localStorage
 *   has no atomic read-modify-write across tabs (each tab's renderer holds its own copy, updated later), so a
 *   shared counter would lose taps when two tabs tap at once.
 * Written on every change, so a reload or a closed tab loses nothing.
 */
import { rewardsKey } from "./storage-keys.ts";

export interface TapBatch {
  batchId: string;
  taps: number;
  /**
   * One entry per tap, the ms since the tap before it (docs/fair-play.md, "What the player sees"); kept with
   * the batch so a retry or a reload sends the same ones. Absent on a batch an older version stored: it is
   * sent without them.
   */
  intervals?: number[];
}

export interface StoredRewards {
  /** Micro-points confirmed by the server. */
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
  walletBalanceMicro: number;
  batches: TapBatch[];
  unsyncedTaps: number;
  /** The intervals of the taps not yet in a batch (one per tap when complete; see TapBatch.intervals). */
  unsyncedIntervals?: number[];
}

/** Another tab's record of its pending taps. */
export interface TabRecord {
  tabId: string;
  rewards: StoredRewards;
}

export interface RewardsStore {
  /** The balances of `rewards_<userId>` (its pending taps are always none: they live in the tabs' keys). */
  load(userId: string): StoredRewards | null;
  /** This tab's record, and the balances when they are at least as new as the stored ones. */
  save(userId: string, tabId: string, rewards: StoredRewards): void;
  /** One tab's record, or null when there is none. */
  loadTab(userId: string, tabId: string): StoredRewards | null;
  removeTab(userId: string, tabId: string): void;
  /** Every tab's record of this user but `tabId`'s. */
  otherTabs(userId: string, tabId: string): TabRecord[];
}

const TAB_SEPARATOR = "@";

/** The key of one tab's pending taps. */
export const tabRewardsKey = (userId: string, tabId: string) =>
  `${rewardsKey(userId)}${TAB_SEPARATOR}${tabId}`;

/** The tab whose record `key` is, or null when it is not one of `userId`'s tab keys. */
export function tabOfKey(userId: string, key: string): string | null {
  const prefix = `${rewardsKey(userId)}${TAB_SEPARATOR}`;
  return key.startsWith(prefix) && key.length > prefix.length ? key.slice(prefix.length) : null;
}

const isBatch = (value: unknown): value is TapBatch =>
  typeof (value as TapBatch)?.batchId === "string" && Number.isInteger((value as TapBatch).taps);

/** A record's figures without any pending taps (the shared key's content). */
export const figuresOnly = ({ unsyncedIntervals: _, ...rewards }: StoredRewards): StoredRewards => ({
  ...rewards,
  batches: [],
  unsyncedTaps: 0,
});

const isIntervals = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((entry) => Number.isInteger(entry) && entry >= 0);

/** A stored batch as sent again: its intervals only when they are one whole number per tap. */
const readBatch = ({ batchId, taps, intervals }: TapBatch): TapBatch =>
  isIntervals(intervals) && intervals.length === taps ? { batchId, taps, intervals } : { batchId, taps };

/** A stored record read defensively: anything unreadable counts as nothing stored. */
export function parseRewards(raw: string | null): StoredRewards | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredRewards>;
    return {
      pointsMicro: Number(parsed.pointsMicro) || 0,
      totalTaps: Number(parsed.totalTaps) || 0,
      multiplierMicro: Number(parsed.multiplierMicro) || 0,
      walletBalanceMicro: Number(parsed.walletBalanceMicro) || 0,
      batches: Array.isArray(parsed.batches) ? parsed.batches.filter(isBatch).map(readBatch) : [],
      unsyncedTaps: Number.isInteger(parsed.unsyncedTaps) ? Number(parsed.unsyncedTaps) : 0,
      ...(isIntervals(parsed.unsyncedIntervals) ? { unsyncedIntervals: parsed.unsyncedIntervals } : {}),
    };
  } catch {
    return null;
  }
}

export function createRewardsStore(storage: Storage): RewardsStore {
  const read = (key: string) => {
    try {
      return parseRewards(storage.getItem(key));
    } catch {
      return null;
    }
  };
  const write = (key: string, rewards: StoredRewards) => {
    try {
      storage.setItem(key, JSON.stringify(rewards));
    } catch {
      // Storage full or blocked: taps still sync from memory; only reload-safety is lost.
    }
  };
  return {
    load: (userId) => {
      const stored = read(rewardsKey(userId));
      return stored && figuresOnly(stored);
    },
    save(userId, tabId, rewards) {
      write(tabRewardsKey(userId, tabId), rewards);
      const figures = read(rewardsKey(userId));
      if (!figures || rewards.totalTaps >= figures.totalTaps) write(rewardsKey(userId), figuresOnly(rewards));
    },
    loadTab: (userId, tabId) => read(tabRewardsKey(userId, tabId)),
    removeTab(userId, tabId) {
      try {
        storage.removeItem(tabRewardsKey(userId, tabId));
      } catch {
        // Blocked storage holds nothing to remove.
      }
    },
    otherTabs(userId, tabId) {
      const records: TabRecord[] = [];
      try {
        for (let index = 0; index < storage.length; index++) {
          const key = storage.key(index);
          const other = key === null ? null : tabOfKey(userId, key);
          if (other === null || other === tabId) continue;
          const rewards = read(key!);
          if (rewards) records.push({ tabId: other, rewards });
        }
      } catch {
        // Blocked storage: no other tab's taps to show.
      }
      return records;
    },
  };
}
