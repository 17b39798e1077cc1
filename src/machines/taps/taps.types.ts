/** The taps machine's types, timings and the one sum every view of it needs (pending taps). */
import type { StoredRewards } from "#src/api/rewards-store.ts";

export interface TapHistoryEntry {
  id: string;
  pointsMicro: number;
  multiplierMicro: number;
  timestamp: number;
}

export interface TapsContext extends StoredRewards {
  userId: string;
  history: TapHistoryEntry[];
  /** Consecutive failed sends, for the back-off. */
  failures: number;
  /** The server's figures have arrived (else: stored ones, or the defaults). */
  loaded: boolean;
  /** What was on screen before the server answered came from storage (a previous visit). */
  storedFigures: boolean;
  newId: () => string;
  now: () => number;
}

export interface TapsInput {
  userId: string;
  /** What the rewards key held at start (instant first paint, and unsent taps to resend). */
  stored: StoredRewards | null;
  newId: () => string;
  now: () => number;
}

export type TapsEvent =
  | { type: "TAP" }
  | { type: "FLUSH" }
  | { type: "PAGEHIDE" }
  | { type: "ONLINE" }
  | {
      /** The server's figures after a purchase or withdrawal; `totalTaps` dates the points and multiplier. */
      type: "REWARDS.UPDATED";
      pointsMicro?: number;
      totalTaps?: number;
      multiplierMicro?: number;
      walletBalanceMicro?: number;
    };

export type TapsEmitted = { type: "toast"; tone: "error"; title: string };

export const SYNC_DELAY_MS = 6_000;
export const MAX_SYNC_DELAY_MS = 30_000;
export const RELOAD_DELAY_MS = 30_000;
export const HISTORY_LIMIT = 50;
export const BACKOFF_MS = [2_000, 4_000, 8_000, 16_000, 30_000, 60_000];

export interface Loaded {
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
  walletBalanceMicro: number;
}

export const pendingTaps = (context: Pick<TapsContext, "batches" | "unsyncedTaps">) =>
  context.unsyncedTaps + context.batches.reduce((sum, batch) => sum + batch.taps, 0);
