/** The taps machine's types, timings and the one sum every view of it needs (pending taps). */
import type { AnyActorRef } from "xstate";
import type { StoredRewards, TapBatch } from "#src/api/rewards-store.ts";
import type { Toast } from "#src/machines/shared/toast.ts";
import type { MultiplierChanged, PointsUpdated, StandingChanged, WalletUpdated } from "../live/live.types.ts";

export interface TapsContext extends StoredRewards {
  userId: string;
  /** Taps other tabs of this browser hold and have not had acknowledged yet: shown here too. */
  othersPendingTaps: number;
  /** Consecutive failed sends, for the back-off. */
  failures: number;
  /** The server's figures have arrived (else: stored ones, or the defaults). */
  loaded: boolean;
  /** What was on screen before the server answered came from storage (a previous visit). */
  storedFigures: boolean;
  /** Actors waiting until no tap is pending (TAPS.SETTLE); each is answered once with TAPS.SETTLED. */
  settleWaiters: AnyActorRef[];
  /** Pushed figures held back while a batch's fate is unknown; taken once every batch is answered. */
  deferredPushes: DeferredPush[];
  /** Keys of the figures pushes set lately: a local answer carrying one of them is no news. */
  recentPushes: string[];
  /** How many pushes of each figure have arrived: a read started before the latest one is older for it. */
  pushed: PushCounts;
  /** `pushed` when the running load of the figures started. */
  loadFrom: PushCounts;
  /** `pushed.wallet` when the running read of the wallet balance started. */
  walletReloadFrom: number;
  /**
   * The running booster's factor (1 without one): a batch sent now is credited at multiplier × factor, so
   * pending taps are shown at it (docs/decisions/020). Not stored: the boosters actor tells it after a load.
   */
  boostFactor: number;
  /** The batch `sync.sending` is sending (the batches around it may change as other tabs form or send theirs). */
  sendingBatchId: string | null;
  /** `tapClock()` at this page's last tap (not stored: the clock starts again with each page). */
  lastTapAt: number | null;
  /** The intervals of the taps not yet in a batch, one per tap (taps.timing.ts). */
  unsyncedIntervals: number[];
  /**
   * The running combo chain's length in taps on this page, 0 when none (combo.ts): grown by each tap from its
   * interval, ended a second after the last tap. Not stored: a chain does not outlive a pause, let alone a page.
   */
  combo: number;
  newId: () => string;
  now: () => number;
  /** A monotonic clock for the intervals between taps (`performance.now()` in the browser). */
  tapClock: () => number;
}

export interface TapsInput {
  userId: string;
  newId: () => string;
  now: () => number;
  /** `performance.now()` in the browser; `now` when not given (tests run on a simulated clock). */
  tapClock?: () => number;
}

/** The server's figures after a purchase or withdrawal; `totalTaps` dates the points and multiplier. */
export interface RewardsUpdate {
  type: "REWARDS.UPDATED";
  pointsMicro?: number;
  totalTaps?: number;
  multiplierMicro?: number;
  walletBalanceMicro?: number;
}

export interface PushCounts {
  points: number;
  multiplier: number;
  wallet: number;
}

export type DeferredPush =
  | { kind: "points"; pointsMicro: number; totalTaps: number; multiplierMicro: number }
  | { kind: "multiplier"; multiplierMicro: number };

export type TapsEvent =
  | { type: "TAP" }
  | { type: "FLUSH" }
  | { type: "PAGEHIDE" }
  | { type: "ONLINE" }
  | RewardsUpdate
  /** The booster factor a batch sent now is credited at (from the boosters actor, through the root). */
  | { type: "BOOST.FACTOR"; factor: number }
  /** The wallet balance moved (a deposit credited, a withdrawal sent or settled): read it again. */
  | { type: "WALLET.MOVED" }
  /** Send what is pending and answer `replyTo` with TAPS.SETTLED once nothing is (a withdrawal waits for it). */
  | { type: "TAPS.SETTLE"; replyTo: AnyActorRef }
  /** What the rewards keys held when the actor started (the store child reads them). */
  | { type: "STORE.LOADED"; stored: StoredRewards | null; othersPendingTaps: number }
  /** Another tab of the browser tapped, sent a batch or learnt newer figures (`figures`, when newer). */
  | { type: "STORE.CHANGED"; othersPendingTaps: number; figures: StoredRewards | null }
  /** The batches of a tab that is gone (closed, reloaded, crashed): this tab sends them now. */
  | { type: "STORE.ADOPTED"; batches: TapBatch[]; othersPendingTaps: number }
  /** Pushed by the server (docs/api.md, "Live events"), passed on by the root actor. */
  | PointsUpdated
  | WalletUpdated
  | MultiplierChanged
  /** The account's standing changed: a frozen account's taps wait; any other status sends them again. */
  | StandingChanged
  | { type: "STREAM.RESET" }
  | { type: "STREAM.DOWN" }
  /** A second passed without a tap: the combo chain is over (raised by the taps actor itself). */
  | { type: "COMBO.END" };

export type TapsEmitted = Toast;

/** A sync's answer claimed the day's streak reward (auto-claim): the root tells the streak card. */
export type StreakClaimed = { type: "STREAK.CLAIMED"; current: number; reward: number };

export const SYNC_DELAY_MS = 6_000;
export const MAX_SYNC_DELAY_MS = 30_000;
export const RELOAD_DELAY_MS = 30_000;
/** A chain ends a second after its last tap (combo.ts: a longer gap would not chain anyway). */
export { COMBO_BREAK_MS as COMBO_RESET_MS } from "./combo.ts";
export const BACKOFF_MS = [2_000, 4_000, 8_000, 16_000, 30_000, 60_000];

export interface Loaded {
  pointsMicro: number;
  totalTaps: number;
  multiplierMicro: number;
  walletBalanceMicro: number;
}

export const pendingTaps = (context: Pick<TapsContext, "batches" | "unsyncedTaps">) =>
  context.unsyncedTaps + context.batches.reduce((sum, batch) => sum + batch.taps, 0);

/** What the rewards key keeps of the context (docs/product.md §3). */
export const storedRewardsOf = (context: TapsContext): StoredRewards => ({
  pointsMicro: context.pointsMicro,
  totalTaps: context.totalTaps,
  multiplierMicro: context.multiplierMicro,
  walletBalanceMicro: context.walletBalanceMicro,
  batches: context.batches,
  unsyncedTaps: context.unsyncedTaps,
  unsyncedIntervals: context.unsyncedIntervals,
});
