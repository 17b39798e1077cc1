/**
 * Real implementations of the taps machine's actors and I/O actions: the API client, and the store child
 * (taps-store.machine.ts) provided with localStorage and Web Locks (docs/decisions/018, "Taps across tabs").
 */
import { fromPromise } from "xstate";
import { microToNumber, roundToMicro } from "#contracts/micro.ts";
import type { RewardsApi, SyncAnswer } from "#src/api/rewards.ts";
import type { RewardsStore, TapBatch } from "#src/api/rewards-store.ts";
import { unwrap } from "#src/machines/shared/unwrap.ts";
import type { WithLock } from "../auth/auth.actors.ts";
import type { Loaded, TapsContext } from "./taps.types.ts";
import { createTapsStoreImplementations, type WatchHidden, type WatchStorage } from "./taps-store.actors.ts";
import { tapsStoreMachine } from "./taps-store.machine.ts";

const batchBody = (batch: TapBatch, multiplierMicro: number) => ({
  batchId: batch.batchId,
  taps: batch.taps,
  // What the client believes it earned: the server only compares it (docs/design.md §5).
  points: microToNumber(batch.taps * multiplierMicro),
  multiplier: microToNumber(multiplierMicro),
  // The timing the server's signals read; a retry sends the batch's own (docs/fair-play.md).
  ...(batch.intervals ? { intervals: batch.intervals } : {}),
});

export type { WatchHidden, WatchStorage };

export function createTapsImplementations(deps: {
  rewards: RewardsApi;
  store: RewardsStore;
  /** This tab (each taps actor it starts adds a number, so a signed-out-and-in tab is a new writer). */
  tabId: string;
  /**
   * Web Locks. Where they are missing no tab can tell another is gone: every taps actor of the browser then
   * writes one key, and two tabs tapping at the same moment may overwrite each other's latest taps.
   */
  withLock?: WithLock;
  watch?: WatchStorage;
  /** When the page is hidden (the document's visibility by default). */
  watchHidden?: WatchHidden;
  newId?: () => string;
}) {
  const { rewards } = deps;
  return {
    actors: {
      loadRewards: fromPromise<Loaded, { userId: string }>(async ({ input }) => {
        const [points, multiplier, wallet] = await Promise.all([
          rewards.points(input.userId),
          rewards.multiplier(input.userId),
          rewards.walletBalance(),
        ]);
        const { points: pointsValue, totalTaps } = unwrap(points);
        return {
          pointsMicro: roundToMicro(pointsValue),
          totalTaps,
          multiplierMicro: roundToMicro(unwrap(multiplier).multiplier),
          walletBalanceMicro: roundToMicro(unwrap(wallet).balance),
        };
      }),
      sendBatch: fromPromise<SyncAnswer, { userId: string; batch: TapBatch; multiplierMicro: number }>(
        async ({ input }) =>
          unwrap(await rewards.syncTaps(input.userId, batchBody(input.batch, input.multiplierMicro))),
      ),
      loadWalletBalance: fromPromise<number>(async () => unwrap(await rewards.walletBalance()).balance),
      store: tapsStoreMachine.provide(createTapsStoreImplementations(deps)),
    },
    actions: {
      /** Every batch this tab holds goes out with `keepalive` as the page closes. */
      sendBeforeUnload: ({ context }: { context: TapsContext }) => {
        for (const batch of context.batches)
          void rewards.syncTaps(context.userId, batchBody(batch, context.multiplierMicro), {
            keepalive: true,
          });
      },
    },
  };
}
