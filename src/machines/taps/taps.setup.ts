/**
 * The taps machine's named implementations (docs/style.md: `setup()` names every actor, action, guard and
 * delay; the chart in taps.machine.ts refers to them by name). Which server figures win is taps.figures.ts.
 */
import { assign, emit, fromPromise, sendParent, sendTo, setup } from "xstate";
import { roundToMicro } from "#contracts/micro.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { SyncAnswer } from "#src/api/rewards.ts";
import type { TapBatch } from "#src/api/rewards-store.ts";
import { formatRewards } from "#src/format/numbers.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { toast } from "#src/machines/shared/toast.ts";
import { nextCombo } from "./combo.ts";
import {
  adoptedFigures,
  loadedFigures,
  settled,
  sharedFigures,
  storedFigures,
  syncAnswerFigures,
  updateFigures,
} from "./taps.figures.ts";
import { pushedMultiplierFigures, pushedPointsFigures, pushedWalletFigures } from "./taps.pushed.ts";
import { batchesOf, batchFull, tapInterval } from "./taps.timing.ts";
import {
  BACKOFF_MS,
  COMBO_RESET_MS,
  type Loaded,
  MAX_SYNC_DELAY_MS,
  RELOAD_DELAY_MS,
  type StreakClaimed,
  SYNC_DELAY_MS,
  storedRewardsOf,
  type TapsContext,
  type TapsEmitted,
  type TapsEvent,
  type TapsInput,
} from "./taps.types.ts";
import { type StoreCommand, tapsStoreMachine } from "./taps-store.machine.ts";

export type { StoreCommand } from "./taps-store.machine.ts";

/** The day's streak reward a sync's answer claimed, or null (a replay never claims again). */
export const autoClaimOf = (answer: SyncAnswer): StreakClaimed | null =>
  answer.streak === null || answer.replayed
    ? null
    : { type: "STREAK.CLAIMED", current: answer.streak.current, reward: answer.streak.reward };

export const tapsSetup = setup({
  types: {
    context: {} as TapsContext,
    input: {} as TapsInput,
    events: {} as TapsEvent,
    emitted: {} as TapsEmitted,
  },
  actors: {
    loadRewards: fromPromise<Loaded, { userId: string }>(notProvided("taps machine", "loadRewards")),
    sendBatch: fromPromise<SyncAnswer, { userId: string; batch: TapBatch; multiplierMicro: number }>(
      notProvided("taps machine", "sendBatch"),
    ),
    loadWalletBalance: fromPromise<number>(notProvided("taps machine", "loadWalletBalance")),
    /** This tab's rewards key and the other tabs' (taps-store.machine.ts): STORE.LOADED at start, each SAVE. */
    store: tapsStoreMachine,
  },
  actions: {
    /** Writes what must survive a reload (the store child owns localStorage). */
    persist: sendTo(
      "store",
      ({ context }): StoreCommand => ({ type: "SAVE", rewards: storedRewardsOf(context) }),
    ),
    /**
     * A tap's record is written within a second, or at once when the page hides (taps-store.machine.ts):
     * a tap's frame never serialises and writes localStorage.
     */
    persistSoon: sendTo(
      "store",
      ({ context }): StoreCommand => ({ type: "SAVE.SOON", rewards: storedRewardsOf(context) }),
    ),
    /** Sends every unacknowledged batch with `keepalive`, so they arrive even as the page closes. */
    sendBeforeUnload: notProvided("taps machine", "sendBeforeUnload"),
    takeStored: assign(({ event }) =>
      event.type === "STORE.LOADED" ? storedFigures(event.stored, event.othersPendingTaps) : {},
    ),
    takeShared: assign(({ context, event }) =>
      event.type === "STORE.CHANGED" ? sharedFigures(context, event.othersPendingTaps, event.figures) : {},
    ),
    adoptBatches: assign(({ context, event }) =>
      event.type === "STORE.ADOPTED" ? adoptedFigures(context, event.batches, event.othersPendingTaps) : {},
    ),
    markSending: assign({ sendingBatchId: ({ context }) => context.batches[0]?.batchId ?? null }),
    forgetSending: assign({ sendingBatchId: null, failures: 0 }),
    takeBoostFactor: assign({
      boostFactor: ({ context, event }) =>
        event.type === "BOOST.FACTOR" ? event.factor : context.boostFactor,
    }),
    /**
     * The tap's interval is one number appended (taps.timing.ts); nothing else is measured here. The combo
     * chain grows or starts again from that same interval, by the server's rule (combo.ts).
     */
    recordTap: assign(({ context }) => {
      const at = context.tapClock();
      const interval = tapInterval(context.lastTapAt, at, context.unsyncedTaps === 0);
      return {
        unsyncedTaps: context.unsyncedTaps + 1,
        unsyncedIntervals: [...context.unsyncedIntervals, interval],
        combo: nextCombo(context.combo, interval),
        lastTapAt: at,
      };
    }),
    formBatch: assign(({ context }) =>
      context.unsyncedTaps === 0
        ? {}
        : {
            batches: [
              ...context.batches,
              ...batchesOf(context.unsyncedTaps, context.unsyncedIntervals, context.newId),
            ],
            unsyncedTaps: 0,
            unsyncedIntervals: [],
          },
    ),
    reconcile: assign(({ context }, answer: SyncAnswer) => syncAnswerFigures(context, answer)),
    /** A second without a tap: the chain is over (the next tap starts a new one). */
    endCombo: assign({ combo: 0 }),
    /**
     * The sync claimed the day's streak reward (auto-claim, docs/product.md "Rewards area"): said once, as the
     * server says it once (a replay answers null), and passed to the streak card through the root
     * (`claimedStreak` in taps.sync.ts). The points are already in the answer's total.
     */
    toastAutoClaim: emit((_, claim: StreakClaimed) =>
      toast("success", `Daily reward claimed: +${formatRewards(claim.reward)} points`),
    ),
    /** To the root actor, which publishes it to the page actors (the streak card). */
    reportAutoClaim: sendParent((_, claim: StreakClaimed) => claim),
    applyLoaded: assign(({ context }, { loaded, late }: { loaded: Loaded; late: boolean }) =>
      loadedFigures(context, loaded, late),
    ),
    applyUpdate: assign(({ context, event }) =>
      event.type === "REWARDS.UPDATED" ? updateFigures(context, event) : {},
    ),
    /** A read of the balance that a push overtook while it was out is older: the push stays. */
    applyWalletBalance: assign(({ context }, balance: number) =>
      context.pushed.wallet === context.walletReloadFrom ? { walletBalanceMicro: roundToMicro(balance) } : {},
    ),
    applyPushedPoints: assign(({ context, event }) =>
      event.type === "POINTS.UPDATED" ? pushedPointsFigures(context, event) : {},
    ),
    applyPushedMultiplier: assign(({ context, event }) =>
      event.type === "MULTIPLIER.CHANGED" ? pushedMultiplierFigures(context, event) : {},
    ),
    applyPushedWallet: assign(({ context, event }) =>
      event.type === "WALLET.UPDATED" ? pushedWalletFigures(context, event) : {},
    ),
    /** The stream is down: no echo of a local answer will come, so none is waited for. */
    forgetRecentPushes: assign({ recentPushes: [] }),
    startLoad: assign({ loadFrom: ({ context }) => context.pushed }),
    startWalletReload: assign({ walletReloadFrom: ({ context }) => context.pushed.wallet }),
    addSettleWaiter: assign({
      settleWaiters: ({ context, event }) =>
        event.type === "TAPS.SETTLE" ? [...context.settleWaiters, event.replyTo] : context.settleWaiters,
    }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    toastLoadFailed: emit({
      type: "toast" as const,
      tone: "error" as const,
      title: "Failed to load user data",
    }),
    toastSyncFailed: emit({
      type: "toast" as const,
      tone: "error" as const,
      title: "Failed to sync points with server",
    }),
  },
  guards: {
    hasBatches: ({ context }) => context.batches.length > 0,
    hasUnsynced: ({ context }) => context.unsyncedTaps > 0,
    /** 1 000 taps wait: the contract's limit with intervals, so the batch goes without waiting for the pause. */
    batchFull: ({ context }) => batchFull(context.unsyncedTaps),
    firstFailure: ({ context }) => context.failures === 0,
    /** 403 ACCOUNT_FROZEN: retrying cannot help; the taps wait, stored, until the standing changes. */
    accountFrozen: (_, error: ApiError) => error.code === "ACCOUNT_FROZEN",
    unfrozen: ({ event }) => event.type === "STANDING.CHANGED" && event.status !== "frozen",
    isLoaded: ({ context }) => context.loaded,
    settledWhileAwaited: ({ context }) => context.settleWaiters.length > 0 && settled(context),
    claimedStreak: (_, answer: SyncAnswer) => autoClaimOf(answer) !== null,
  },
  delays: {
    SYNC_DELAY: SYNC_DELAY_MS,
    MAX_SYNC_DELAY: MAX_SYNC_DELAY_MS,
    RELOAD_DELAY: RELOAD_DELAY_MS,
    COMBO_RESET: COMBO_RESET_MS,
    BACKOFF: ({ context }) => BACKOFF_MS[Math.min(context.failures - 1, BACKOFF_MS.length - 1)] ?? 2_000,
  },
});
