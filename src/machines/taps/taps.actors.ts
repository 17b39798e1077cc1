/**
 * Real implementations of the taps machine's actors and I/O actions: the API client and localStorage
 * (docs/decisions/018, "Taps across tabs"). Each tab keeps its own pending taps in its own key and sends only
 * its own batches; the others' keys are read (the `storage` event) so every tab shows the same total. A tab
 * holds a Web Lock named after it while it lives; another tab waits for that lock and, once the browser
 * releases it (the tab closed, reloaded or crashed), adopts what the gone tab left and sends it under the
 * same batch ids, so a batch its keepalive already delivered is counted once.
 */
import { fromCallback, fromPromise } from "xstate";
import { microToNumber, roundToMicro } from "#contracts/micro.ts";
import type { RewardsApi, SyncAnswer } from "#src/api/rewards.ts";
import { type RewardsStore, type StoredRewards, type TapBatch, tabOfKey } from "#src/api/rewards-store.ts";
import { rewardsKey } from "#src/api/storage-keys.ts";
import type { WithLock } from "../auth/auth.actors.ts";
import { unwrap } from "../shared/unwrap.ts";
import type { StoreCommand } from "./taps.machine.ts";
import { type Loaded, pendingTaps, type TapsContext, type TapsEvent } from "./taps.types.ts";

const batchBody = (batch: TapBatch, multiplierMicro: number) => ({
  batchId: batch.batchId,
  taps: batch.taps,
  // What the client believes it earned: the server only compares it (docs/design.md §5).
  points: microToNumber(batch.taps * multiplierMicro),
  multiplier: microToNumber(multiplierMicro),
});

/** Calls `listener` with the key whenever another tab writes or removes a localStorage key. */
export type WatchStorage = (listener: (key: string) => void) => () => void;

const unwatched: WatchStorage = () => () => {};

/** What a gone tab left, as batches: its taps not yet in a batch form one more. */
const adoptedBatches = (left: StoredRewards, newId: () => string): TapBatch[] => [
  ...left.batches,
  ...(left.unsyncedTaps > 0 ? [{ batchId: newId(), taps: left.unsyncedTaps }] : []),
];

/** Of several records, the figures dated by the most taps, without anyone's pending taps. */
const newestFigures = (records: StoredRewards[]): StoredRewards | null => {
  const best = newest(records);
  return best && { ...best, batches: [], unsyncedTaps: 0 };
};

const newest = (records: StoredRewards[]) =>
  records.reduce<StoredRewards | null>(
    (best, record) => (!best || record.totalTaps > best.totalTaps ? record : best),
    null,
  );

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
  newId?: () => string;
}) {
  const { rewards, store, withLock } = deps;
  const watch = deps.watch ?? unwatched;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  let started = 0;
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
      store: fromCallback<StoreCommand, { userId: string }>(({ input, sendBack, receive }) => {
        const { userId } = input;
        const tabId = withLock ? `${deps.tabId}-${++started}` : "solo";
        const tell = (event: TapsEvent) => sendBack(event);
        let stopped = false;
        let mine: StoredRewards | null = null;
        /** The balances every tab of the browser last wrote (its own key, and the shared one). */
        const figuresEverywhere = () => {
          const shared = store.load(userId);
          return [
            ...store.otherTabs(userId, tabId).map((other) => other.rewards),
            ...(shared ? [shared] : []),
          ];
        };
        const othersPendingTaps = () =>
          store.otherTabs(userId, tabId).reduce((sum, other) => sum + pendingTaps(other.rewards), 0);

        const adopting = new Set<string>();
        /** Waits until `other` is gone (its lock is free), then takes over what it left. */
        const adoptWhenGone = (other: string) => {
          if (!withLock || adopting.has(other)) return;
          adopting.add(other);
          void withLock(`taprewards-tab-${other}`, async () => {
            const left = stopped ? null : store.loadTab(userId, other);
            if (!left) return;
            const batches = adoptedBatches(left, newId);
            // Into this tab's key before out of the gone one's: a crash in between re-sends, never loses.
            const held = mine ?? { ...left, batches: [], unsyncedTaps: 0 };
            store.save(userId, tabId, { ...held, batches: [...held.batches, ...batches] });
            store.removeTab(userId, other);
            tell({ type: "STORE.ADOPTED", batches, othersPendingTaps: othersPendingTaps() });
          });
        };

        let releaseOwnLock = () => {};
        if (withLock)
          void withLock(
            `taprewards-tab-${tabId}`,
            () => new Promise<void>((resolve) => (releaseOwnLock = resolve)),
          );
        const others = store.otherTabs(userId, tabId);
        // Without Web Locks the one shared key ("solo") also holds the pending taps of an earlier page.
        const own = store.loadTab(userId, tabId);
        const figures = newestFigures(figuresEverywhere());
        tell({
          type: "STORE.LOADED",
          stored: figures && {
            ...figures,
            batches: own?.batches ?? [],
            unsyncedTaps: own?.unsyncedTaps ?? 0,
          },
          othersPendingTaps: others.reduce((sum, other) => sum + pendingTaps(other.rewards), 0),
        });
        for (const other of others) adoptWhenGone(other.tabId);

        receive(({ rewards: record }) => {
          mine = record;
          store.save(userId, tabId, record);
        });
        const unwatch = watch((key) => {
          const other = tabOfKey(userId, key);
          if (other === tabId || (other === null && key !== rewardsKey(userId))) return;
          if (other !== null && store.loadTab(userId, other)) adoptWhenGone(other);
          tell({
            type: "STORE.CHANGED",
            othersPendingTaps: othersPendingTaps(),
            figures: newestFigures(figuresEverywhere()),
          });
        });
        return () => {
          stopped = true;
          unwatch();
          releaseOwnLock();
        };
      }),
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
