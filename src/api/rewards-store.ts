/**
 * The per-user rewards key of docs/product.md §3 (`rewards_<userId>`): the last known balances for an instant
 * first paint, and the taps not yet acknowledged by the server: batches (each with the id it is re-sent
 * under) and taps not yet put in a batch. Written on every change, so a reload or a closed tab loses nothing.
 */
import { rewardsKey } from "./storage-keys.ts";

export interface TapBatch {
  batchId: string;
  taps: number;
}

export interface StoredRewards {
  /** Micro-points confirmed by the server. */
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
  walletBalanceMicro: number;
  batches: TapBatch[];
  unsyncedTaps: number;
}

export interface RewardsStore {
  load(userId: string): StoredRewards | null;
  save(userId: string, rewards: StoredRewards): void;
}

const isBatch = (value: unknown): value is TapBatch =>
  typeof (value as TapBatch)?.batchId === "string" && Number.isInteger((value as TapBatch).taps);

export function createRewardsStore(storage: Storage): RewardsStore {
  return {
    load(userId) {
      try {
        const raw = storage.getItem(rewardsKey(userId));
        if (!raw) return null;
        const parsed = JSON.parse(raw) as Partial<StoredRewards>;
        return {
          pointsMicro: Number(parsed.pointsMicro) || 0,
          totalTaps: Number(parsed.totalTaps) || 0,
          multiplierMicro: Number(parsed.multiplierMicro) || 0,
          walletBalanceMicro: Number(parsed.walletBalanceMicro) || 0,
          batches: Array.isArray(parsed.batches) ? parsed.batches.filter(isBatch) : [],
          unsyncedTaps: Number.isInteger(parsed.unsyncedTaps) ? Number(parsed.unsyncedTaps) : 0,
        };
      } catch {
        return null;
      }
    },
    save(userId, rewards) {
      try {
        storage.setItem(rewardsKey(userId), JSON.stringify(rewards));
      } catch {
        // Storage full or blocked: taps still sync from memory; only reload-safety is lost.
      }
    },
  };
}
