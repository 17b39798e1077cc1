/**
 * The per-user rewards key of docs/product.md §3 (`rewards_<userId>`): the last known balances for an instant
 * first paint, and the taps not yet acknowledged by the server: batches (each with the id it is re-sent
 * under) and taps not yet put in a batch. Written on every change, so a reload or a closed tab loses nothing.
 * Every tab of the browser shares it (docs/decisions/018): a tab merges its changes into what is stored
 * instead of overwriting it, and the tab sending a batch marks it, under a Web Lock, so no other tab sends it
 * too.
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

/** The batch a tab is sending right now (written by the tab holding the send lock). */
export interface SendingMark {
  batchId: string;
  tab: string;
}

export interface RewardsStore {
  load(userId: string): StoredRewards | null;
  save(userId: string, rewards: StoredRewards): void;
  sending(userId: string): SendingMark | null;
  markSending(userId: string, mark: SendingMark | null): void;
}

const sameBatches = (a: TapBatch[], b: TapBatch[]) =>
  a.length === b.length && a.every((batch, index) => batch.batchId === b[index]?.batchId);

/** Whether two records hold the same pending taps (what the tabs share). */
export const samePending = (a: StoredRewards, b: StoredRewards) =>
  a.unsyncedTaps === b.unsyncedTaps && sameBatches(a.batches, b.batches);

/**
 * A tab's changes (`mine`, against what it last knew, `base`) applied to what another tab may have stored
 * since (`theirs`): taps counted, batches formed and batches acknowledged, so no tab's taps are lost or
 * counted twice. The figures are a cache for the first paint: the one dated by more taps wins.
 */
export function mergeRewards(base: StoredRewards | null, mine: StoredRewards, theirs: StoredRewards | null) {
  if (!theirs) return mine;
  const known = new Set((base?.batches ?? []).map((batch) => batch.batchId));
  const kept = new Set(mine.batches.map((batch) => batch.batchId));
  const stored = new Set(theirs.batches.map((batch) => batch.batchId));
  const acknowledged = new Set([...known].filter((id) => !kept.has(id)));
  const formed = mine.batches.filter((batch) => !known.has(batch.batchId) && !stored.has(batch.batchId));
  const figures = mine.totalTaps >= theirs.totalTaps ? mine : theirs;
  return {
    pointsMicro: figures.pointsMicro,
    totalTaps: figures.totalTaps,
    multiplierMicro: figures.multiplierMicro,
    walletBalanceMicro: mine.walletBalanceMicro,
    batches: [...theirs.batches.filter((batch) => !acknowledged.has(batch.batchId)), ...formed],
    unsyncedTaps: Math.max(0, theirs.unsyncedTaps + mine.unsyncedTaps - (base?.unsyncedTaps ?? 0)),
  };
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
        const sending = this.sending(userId);
        storage.setItem(rewardsKey(userId), JSON.stringify(sending ? { ...rewards, sending } : rewards));
      } catch {
        // Storage full or blocked: taps still sync from memory; only reload-safety is lost.
      }
    },
    sending(userId) {
      try {
        const mark = (
          JSON.parse(storage.getItem(rewardsKey(userId)) ?? "null") as { sending?: SendingMark } | null
        )?.sending;
        return typeof mark?.batchId === "string" && typeof mark.tab === "string" ? mark : null;
      } catch {
        return null;
      }
    },
    markSending(userId, mark) {
      const stored = this.load(userId);
      if (!stored) return;
      try {
        storage.setItem(rewardsKey(userId), JSON.stringify(mark ? { ...stored, sending: mark } : stored));
      } catch {
        // As in save: only the hint to other tabs is lost.
      }
    },
  };
}
