/**
 * Real implementations of the taps machine's actors and I/O actions: the API client and localStorage,
 * shared by every tab of the browser (docs/decisions/018): each tab merges its changes into the rewards key
 * and hears the others' (the `storage` event); a batch is sent only by the tab holding the per-user send lock
 * (Web Locks), which takes it out of the key when the server has answered, so no two tabs send the same taps
 * and none are lost when a tab closes mid-send (the lock passes on, and the batch with it).
 */
import { fromCallback, fromPromise } from "xstate";
import type { ApiResult } from "#src/api/errors.ts";
import { fromMicro, toMicro } from "#src/api/micro.ts";
import type { RewardsApi, SyncAnswer } from "#src/api/rewards.ts";
import {
  mergeRewards,
  type RewardsStore,
  type StoredRewards,
  samePending,
  type TapBatch,
} from "#src/api/rewards-store.ts";
import { rewardsKey } from "#src/api/storage-keys.ts";
import type { WithLock } from "../auth/auth.actors.ts";
import type { StoreCommand } from "./taps.machine.ts";
import type { Loaded, TapsContext, TapsEvent } from "./taps.types.ts";

function unwrap<T>(result: ApiResult<T>): T {
  if (result.error) throw result.error;
  return result.data;
}

const batchBody = (batch: TapBatch, multiplierMicro: number) => ({
  batchId: batch.batchId,
  taps: batch.taps,
  // What the client believes it earned: the server only compares it (docs/design.md §5).
  points: fromMicro(batch.taps * multiplierMicro),
  multiplier: fromMicro(multiplierMicro),
});

/** The rewards key after a batch's answer: the batch is done, and the answer's totals kept when newer. */
const settled = (stored: StoredRewards, batchId: string, answer: SyncAnswer): StoredRewards => ({
  ...stored,
  ...(answer.totalTaps > stored.totalTaps
    ? {
        pointsMicro: toMicro(answer.points),
        totalTaps: answer.totalTaps,
        multiplierMicro: toMicro(answer.multiplier),
      }
    : {}),
  batches: stored.batches.filter((batch) => batch.batchId !== batchId),
});

/** Calls `listener` with the new value whenever another tab writes `key`. */
export type WatchStorage = (key: string, listener: (value: string | null) => void) => () => void;

const noLock: WithLock = (_name, task) => task();
const unwatched: WatchStorage = () => () => {};

export function createTapsImplementations(deps: {
  rewards: RewardsApi;
  store: RewardsStore;
  /** This tab, as it marks the batch it is sending. */
  tabId: string;
  /** Where Web Locks are missing every tab sends what it holds; the batch ids keep each tap counted once. */
  withLock?: WithLock;
  watch?: WatchStorage;
}) {
  const { rewards, store, tabId } = deps;
  const withLock = deps.withLock ?? noLock;
  const watch = deps.watch ?? unwatched;
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
          pointsMicro: toMicro(pointsValue),
          totalTaps,
          multiplierMicro: toMicro(unwrap(multiplier).multiplier),
          walletBalanceMicro: toMicro(unwrap(wallet).balance),
        };
      }),
      /** Null when another tab has sent the batch meanwhile (its answer is in the rewards key). */
      sendBatch: fromPromise<SyncAnswer | null, { userId: string; batch: TapBatch; multiplierMicro: number }>(
        ({ input }) =>
          withLock(`taprewards-taps-${input.userId}`, async () => {
            const stored = store.load(input.userId);
            if (stored && !stored.batches.some((batch) => batch.batchId === input.batch.batchId)) return null;
            store.markSending(input.userId, { batchId: input.batch.batchId, tab: tabId });
            try {
              const answer = unwrap(
                await rewards.syncTaps(input.userId, batchBody(input.batch, input.multiplierMicro)),
              );
              const now = store.load(input.userId);
              if (now) store.save(input.userId, settled(now, input.batch.batchId, answer));
              return answer;
            } finally {
              store.markSending(input.userId, null);
            }
          }),
      ),
      loadWalletBalance: fromPromise<number>(async () => unwrap(await rewards.walletBalance()).balance),
      store: fromCallback<StoreCommand, { userId: string }>(({ input, sendBack, receive }) => {
        const tell = (event: TapsEvent) => sendBack(event);
        let known = store.load(input.userId);
        tell({ type: "STORE.LOADED", stored: known });
        receive(({ rewards: mine }) => {
          const merged = mergeRewards(known, mine, store.load(input.userId));
          store.save(input.userId, merged);
          known = merged;
          // Another tab's taps or batches were in the key: this tab counts them too.
          if (!samePending(merged, mine)) tell({ type: "STORE.CHANGED", stored: merged });
        });
        return watch(rewardsKey(input.userId), () => {
          known = store.load(input.userId);
          if (known) tell({ type: "STORE.CHANGED", stored: known });
        });
      }),
    },
    actions: {
      /** Every batch not being sent by another tab right now goes out with `keepalive` as the page closes. */
      sendBeforeUnload: ({ context }: { context: TapsContext }) => {
        const sending = store.sending(context.userId);
        for (const batch of context.batches) {
          if (sending && sending.tab !== tabId && sending.batchId === batch.batchId) continue;
          void rewards.syncTaps(context.userId, batchBody(batch, context.multiplierMicro), {
            keepalive: true,
          });
        }
      },
    },
  };
}
