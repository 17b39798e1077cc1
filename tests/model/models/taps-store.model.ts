/**
 * The taps store child's model (tests/model/taps-store.paths.test.ts): named with or without Web Locks; other
 * tabs seen, waited for and gone; saves and other tabs' writes in every state. Storage is left out (the
 * actions that touch it do nothing here; src/machines/taps/taps-store.machine.test.ts runs them for real);
 * the lock actors record which tabs are waited for and which waits end.
 */
import { fromCallback } from "xstate";
import { tabRewardsKey } from "#src/api/rewards-store.ts";
import { rewardsKey } from "#src/api/storage-keys.ts";
import { tapsStoreMachine } from "#src/machines/taps/taps-store.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";

/** The tabs waited for, in order, and the waits that ended, since the last `forgetLocks()`. */
export const locks = { waits: [] as string[], ended: [] as string[] };
export const forgetLocks = () => {
  locks.waits.length = 0;
  locks.ended.length = 0;
};

const RECORD = {
  pointsMicro: 0,
  totalTaps: 0,
  multiplierMicro: 1000,
  walletBalanceMicro: 0,
  batches: [],
  unsyncedTaps: 1,
};

export const tapsStore: ModelOptions<unknown> = {
  input: { userId: "u1" },
  fakeActors: [],
  actors: {
    holdLock: fromCallback(() => {}),
    awaitLock: fromCallback<{ type: string }, { tabId: string }>(({ input }) => {
      locks.waits.push(input.tabId);
      return () => locks.ended.push(input.tabId);
    }),
    watchStorage: fromCallback(() => {}),
    watchHidden: fromCallback(() => {}),
  },
  actions: {
    nameTab: () => {},
    announceStored: () => {},
    writeOwn: () => {},
    reportChange: () => {},
    adoptTab: () => {},
  },
  events: [
    { type: "TAB.NAMED", tabId: "me-1", withLocks: true },
    { type: "TAB.NAMED", tabId: "solo", withLocks: false },
    { type: "SAVE", rewards: RECORD },
    // A tap's record waits for the trailing write, or for the page to hide.
    { type: "SAVE.SOON", rewards: RECORD },
    { type: "WRITE.DUE" },
    { type: "PAGE.HIDDEN" },
    // Another tab's record, the shared figures, this tab's own key, and a key of no user's rewards.
    { type: "STORAGE.WRITTEN", key: tabRewardsKey("u1", "other") },
    { type: "STORAGE.WRITTEN", key: rewardsKey("u1") },
    { type: "STORAGE.WRITTEN", key: tabRewardsKey("u1", "me-1") },
    { type: "STORAGE.WRITTEN", key: "theme" },
    { type: "TAB.SEEN", tabId: "other" },
    { type: "TAB.GONE", tabId: "other" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.tabId,
      snapshot.context.awaited,
      snapshot.context.mine !== null,
      snapshot.context.unwritten,
    ]),
};

export const tapsStoreModel = registerModel({
  name: "taps-store",
  file: "src/machines/taps/taps-store.machine.ts",
  machine: tapsStoreMachine,
  suites: [{ name: "with and without Web Locks", options: tapsStore, paths: "transitions" }],
});
