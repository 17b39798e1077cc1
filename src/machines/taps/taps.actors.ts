/** Real implementations of the taps machine's actors and I/O actions: the API client and localStorage. */
import { fromCallback, fromPromise } from "xstate";
import type { ApiResult } from "#src/api/errors.ts";
import { fromMicro, toMicro } from "#src/api/micro.ts";
import type { RewardsApi } from "#src/api/rewards.ts";
import type { RewardsStore, TapBatch } from "#src/api/rewards-store.ts";
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

export function createTapsImplementations(deps: { rewards: RewardsApi; store: RewardsStore }) {
  const { rewards, store } = deps;
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
      sendBatch: fromPromise(
        async ({ input }: { input: { userId: string; batch: TapBatch; multiplierMicro: number } }) =>
          unwrap(await rewards.syncTaps(input.userId, batchBody(input.batch, input.multiplierMicro))),
      ),
      loadWalletBalance: fromPromise<number>(async () => unwrap(await rewards.walletBalance()).balance),
      store: fromCallback<StoreCommand, { userId: string }>(({ input, sendBack, receive }) => {
        sendBack({ type: "STORE.LOADED", stored: store.load(input.userId) } satisfies TapsEvent);
        receive((command) => store.save(input.userId, command.rewards));
      }),
    },
    actions: {
      sendBeforeUnload: ({ context }: { context: TapsContext }) => {
        for (const batch of context.batches) {
          void rewards.syncTaps(context.userId, batchBody(batch, context.multiplierMicro), {
            keepalive: true,
          });
        }
      },
    },
  };
}
