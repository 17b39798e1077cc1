/**
 * Tap and sync (docs/product.md §4, docs/design.md §5). One per signed-in user, a child of the root actor
 * (`system.get("taps")`).
 *
 * States: loading → ready (parallel: debounce [idle | waiting], deadline [idle | armed],
 *         sync [idle | sending | retrying | frozen] (taps.sync.ts), figures [stale | refreshing | current],
 *         wallet [idle | reloading]).
 * A TAP changes the context synchronously (the screen paints it in the same frame) and is persisted within
 * a second (at once on a flush or when the page hides), with the interval since the tap before it
 * (taps.timing.ts). Taps are put in a batch 6 s after the last tap, or
 * 30 s after the first unsynced tap, or at 1 000 taps, or on FLUSH (pagehide, unmount, user change). Each batch keeps its id until the server acknowledged it, so a failed
 * or interrupted send is repeated under the same id and counted once. The server's answer is the truth:
 * shown points = confirmed points + pending taps × multiplier; which answer wins is taps.figures.ts.
 * Until the server's figures arrive, the stored ones are shown (the `store` child reads them at start), or
 * for a new device the default multiplier (docs/product.md §3), so taps count up at once even offline; a
 * failed first load is tried again when the browser is back online and every 30 s.
 * TAPS.SETTLE (a rewards withdrawal about to go out) sends what is pending and is answered TAPS.SETTLED as
 * soon as nothing is.
 * Live events (the root passes on the user's stream): pushed points, multiplier and wallet balance are the
 * server's latest word, held back while a batch is out and never undoing a newer figure (taps.pushed.ts);
 * STREAM.RESET reads the figures again.
 * Each tab sends its own taps; the other tabs' pending taps are shown too (STORE.CHANGED), and what a gone
 * tab left becomes this tab's to send (STORE.ADOPTED); the `store` child is taps-store.machine.ts.
 * Combos (combo.ts): each tap grows or restarts `combo` from its interval, by the server's rule; a second
 * without a tap ends the chain (COMBO.END, one delayed event each tap moves on: a timer, not a state, so
 * the chain's clock never changes which state the taps actor is in). A sync's answer that claimed the day's
 * streak reward (auto-claim) toasts it and tells the root (STREAK.CLAIMED), which tells the streak card.
 */
import { enqueueActions, raise } from "xstate";
import { DEFAULT_MULTIPLIER } from "#contracts/limits.ts";
import { roundToMicro } from "#contracts/micro.ts";
import { tapsSetup } from "./taps.setup.ts";
import { syncRegion } from "./taps.sync.ts";

export type { StoreCommand } from "./taps.setup.ts";

const COMBO_TIMER = "comboEnd";
/** The chain ends a second after this tap unless another comes first (combo.ts). */
const restartComboTimer = tapsSetup.enqueueActions(({ enqueue }) => {
  enqueue.cancel(COMBO_TIMER);
  enqueue.raise({ type: "COMBO.END" }, { id: COMBO_TIMER, delay: "COMBO_RESET" });
});

/** A full batch (1 000 taps) is formed and sent at once (taps.timing.ts). */
const flushWhenFull = tapsSetup.enqueueActions(({ check, enqueue }) => {
  if (check("batchFull")) enqueue.raise({ type: "FLUSH" });
});

export const tapsMachine = tapsSetup.createMachine({
  id: "taps",
  context: ({ input }) => ({
    userId: input.userId,
    othersPendingTaps: 0,
    pointsMicro: 0,
    totalTaps: 0,
    multiplierMicro: roundToMicro(DEFAULT_MULTIPLIER),
    walletBalanceMicro: 0,
    batches: [],
    unsyncedTaps: 0,
    failures: 0,
    loaded: false,
    storedFigures: false,
    settleWaiters: [],
    deferredPushes: [],
    recentPushes: [],
    pushed: { points: 0, multiplier: 0, wallet: 0 },
    loadFrom: { points: 0, multiplier: 0, wallet: 0 },
    walletReloadFrom: 0,
    sendingBatchId: null,
    lastTapAt: null,
    unsyncedIntervals: [],
    combo: 0,
    boostFactor: 1,
    newId: input.newId,
    now: input.now,
    tapClock: input.tapClock ?? input.now,
  }),
  invoke: { id: "store", src: "store", input: ({ context }) => ({ userId: context.userId }) },
  initial: "loading",
  // The pagehide flush works even before the first load answers.
  on: {
    "STORE.LOADED": { actions: "takeStored" },
    "STORE.CHANGED": { actions: "takeShared" },
    "STORE.ADOPTED": { actions: ["adoptBatches", "persist"] },
    PAGEHIDE: { actions: ["formBatch", "persist", "sendBeforeUnload"] },
    "REWARDS.UPDATED": { actions: ["applyUpdate", "persist"] },
    "TAPS.SETTLE": { actions: ["addSettleWaiter", raise({ type: "FLUSH" })] },
    "POINTS.UPDATED": { actions: ["applyPushedPoints", "persist"] },
    "MULTIPLIER.CHANGED": { actions: ["applyPushedMultiplier", "persist"] },
    "WALLET.UPDATED": { actions: ["applyPushedWallet", "persist"] },
    "STREAM.DOWN": { actions: "forgetRecentPushes" },
    "BOOST.FACTOR": { actions: "takeBoostFactor" },
    "COMBO.END": { actions: "endCombo" },
  },
  // Whoever waits for the taps to settle hears it the moment they have.
  always: {
    guard: "settledWhileAwaited",
    actions: enqueueActions(({ context, enqueue }) => {
      for (const waiter of context.settleWaiters) enqueue.sendTo(waiter, { type: "TAPS.SETTLED" });
      enqueue.assign({ settleWaiters: [] });
    }),
  },
  states: {
    loading: {
      tags: ["loading"],
      entry: "startLoad",
      on: {
        // Taps count before the first figures arrive; they wait in `unsyncedTaps`.
        TAP: { actions: ["recordTap", restartComboTimer, "persistSoon"] },
        // Events were lost before this load answers: ask again.
        "STREAM.RESET": { target: "loading", reenter: true },
      },
      invoke: {
        id: "loadRewards",
        src: "loadRewards",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: "ready",
          actions: [
            { type: "applyLoaded", params: ({ event }) => ({ loaded: event.output, late: false }) },
            "persist",
          ],
        },
        // Offline at start: keep the stored figures and let sync retry; the screen says nothing is lost.
        onError: { target: "ready", actions: "toastLoadFailed" },
      },
    },
    ready: {
      type: "parallel",
      entry: enqueueActions(({ check, enqueue }) => {
        // Taps left from a previous page: send them now.
        if (check("hasUnsynced")) enqueue.raise({ type: "FLUSH" });
        else if (check("hasBatches")) enqueue.raise({ type: "ONLINE" });
      }),
      states: {
        debounce: {
          initial: "idle",
          // The one handler of TAP in `ready` that records it; the other regions only react to it. It sits on
          // the leaf states: a re-entering transition on the region itself would exit the sibling regions too.
          states: {
            idle: {
              on: {
                TAP: {
                  target: "waiting",
                  actions: ["recordTap", restartComboTimer, "persistSoon", flushWhenFull],
                },
              },
            },
            waiting: {
              on: {
                TAP: {
                  target: "waiting",
                  reenter: true,
                  actions: ["recordTap", restartComboTimer, "persistSoon", flushWhenFull],
                },
              },
              after: { SYNC_DELAY: { target: "idle", actions: raise({ type: "FLUSH" }) } },
            },
          },
        },
        deadline: {
          initial: "idle",
          states: {
            idle: { on: { TAP: "armed" } },
            armed: {
              on: { FLUSH: "idle" },
              after: { MAX_SYNC_DELAY: { target: "idle", actions: raise({ type: "FLUSH" }) } },
            },
          },
        },
        sync: syncRegion,
        figures: {
          initial: "checking",
          states: {
            checking: { always: [{ guard: "isLoaded", target: "current" }, { target: "stale" }] },
            stale: {
              on: { ONLINE: "refreshing", "STREAM.RESET": "refreshing" },
              after: { RELOAD_DELAY: "refreshing" },
            },
            refreshing: {
              entry: "startLoad",
              on: { "STREAM.RESET": { target: "refreshing", reenter: true } },
              invoke: {
                id: "loadRewards",
                src: "loadRewards",
                input: ({ context }) => ({ userId: context.userId }),
                onDone: {
                  target: "current",
                  actions: [
                    { type: "applyLoaded", params: ({ event }) => ({ loaded: event.output, late: true }) },
                    "persist",
                  ],
                },
                onError: "stale",
              },
            },
            // The stream lost events (docs/api.md: `reset`): the figures are read again.
            current: { on: { "STREAM.RESET": "refreshing" } },
          },
        },
        wallet: {
          initial: "idle",
          states: {
            idle: { on: { "WALLET.MOVED": "reloading" } },
            reloading: {
              entry: "startWalletReload",
              on: { "WALLET.MOVED": { target: "reloading", reenter: true } },
              invoke: {
                id: "loadWalletBalance",
                src: "loadWalletBalance",
                onDone: {
                  target: "idle",
                  actions: [{ type: "applyWalletBalance", params: ({ event }) => event.output }, "persist"],
                },
                // The balance shown stays; the next movement or load brings the new one.
                onError: "idle",
              },
            },
          },
        },
      },
    },
  },
});
