/**
 * The taps machine's models (tests/model/taps.paths.test.ts): the tap-and-sync cycle; pushed figures from the
 * live stream in every state; other tabs' pending taps and a gone tab's batches.
 */
import { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { pendingTaps } from "#src/machines/taps/taps.types.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { storeHolding } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { numberedIds } from "./doubles.ts";

const answer = (totalTaps: number) => ({
  points: totalTaps / 1000,
  totalTaps,
  multiplier: 0.001,
  credited: { taps: 1, points: 0.001, comboBonus: 0 },
  streak: null,
  replayed: false,
});
/** The day's first sync: it also claimed the streak reward (auto-claim). */
const claimingAnswer = (totalTaps: number) => ({
  ...answer(totalTaps),
  points: totalTaps / 1000 + 1,
  streak: { current: 1, reward: 1 },
});
const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.taps.ready.${state}` });
const LOADED = {
  type: "xstate.done.actor.loadRewards",
  output: { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1000, walletBalanceMicro: 0 },
};
const OFFLINE = { code: "NETWORK_ERROR", message: "offline", status: 0 };
/** A frozen account's sync (docs/fair-play.md): not retried; its batches wait for a change of standing. */
export const FROZEN = {
  code: "ACCOUNT_FROZEN",
  message: "Your account is under review. Taps are paused.",
  status: 403,
};

/** How many times the machine asked to save its figures (its `persist` action). */
export const persisted: number[] = [];

export const tapsSync: ModelOptions<unknown> = {
  input: { userId: "u1", newId: numberedIds("id"), now: () => 0 },
  fakeActors: ["loadRewards", "sendBatch", "loadWalletBalance"],
  actors: { store: storeHolding(null) },
  actions: { persist: () => persisted.push(1), sendBeforeUnload: () => {} },
  // The taps actor tells its parent (the root) of an auto-claim: the replays record it.
  underParent: true,
  events: (snapshot) => [
    // At most two taps in the model keep the state space small; the unit tests count real volumes. A frozen
    // account's coin is paused (the tap page takes no tap while the server refuses the batches).
    ...(pendingTaps(snapshot.context) < 2 && !snapshot.matches({ ready: { sync: "frozen" } })
      ? [{ type: "TAP" }]
      : []),
    { type: "FLUSH" },
    { type: "PAGEHIDE" },
    { type: "ONLINE" },
    LOADED,
    { type: "xstate.error.actor.loadRewards", error: OFFLINE },
    { type: "xstate.done.actor.sendBatch", output: answer(snapshot.context.totalTaps + 1) },
    { type: "xstate.done.actor.sendBatch", output: claimingAnswer(snapshot.context.totalTaps + 1) },
    // A second without a tap: the combo chain ends (the actor raises it itself, a second after a tap).
    { type: "COMBO.END" },
    { type: "xstate.error.actor.sendBatch", error: OFFLINE },
    { type: "xstate.error.actor.sendBatch", error: FROZEN },
    { type: "STANDING.CHANGED", status: "ok" },
    after("SYNC_DELAY", "debounce.waiting"),
    after("MAX_SYNC_DELAY", "deadline.armed"),
    after("BACKOFF", "sync.retrying"),
    after("RELOAD_DELAY", "figures.stale"),
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.unsyncedTaps,
      snapshot.context.batches.map((batch: { taps: number }) => batch.taps),
      Math.min(snapshot.context.failures, 1),
      snapshot.context.loaded,
    ]),
};

/**
 * The wallet's balance read again after a deposit or withdrawal moved it (WALLET.MOVED, with the stream down),
 * beside a tap and its sync. The wallet region is parallel to the tap-and-sync cycle and shares nothing with
 * it, so it has a suite of its own: in the main one every order of the two would multiply its paths.
 */
export const tapsWallet: ModelOptions<unknown> = {
  ...tapsSync,
  events: (snapshot) => [
    ...(pendingTaps(snapshot.context) < 1 ? [{ type: "TAP" }] : []),
    { type: "FLUSH" },
    LOADED,
    { type: "xstate.done.actor.sendBatch", output: answer(snapshot.context.totalTaps + 1) },
    { type: "xstate.error.actor.sendBatch", error: OFFLINE },
    { type: "WALLET.MOVED" },
    { type: "xstate.done.actor.loadWalletBalance", output: 12.5 },
    { type: "xstate.error.actor.loadWalletBalance", error: OFFLINE },
  ],
};

export const tapsPushed: ModelOptions<unknown> = {
  ...tapsSync,
  events: (snapshot) => [
    ...(pendingTaps(snapshot.context) < 1 ? [{ type: "TAP" }] : []),
    { type: "FLUSH" },
    LOADED,
    { type: "xstate.done.actor.sendBatch", output: answer(snapshot.context.totalTaps + 1) },
    { type: "xstate.error.actor.sendBatch", error: OFFLINE },
    // The server's word after a batch credited elsewhere (one more tap), and after a purchase (same taps).
    { type: "POINTS.UPDATED", points: 1, totalTaps: snapshot.context.totalTaps + 1, multiplier: 0.001 },
    { type: "POINTS.UPDATED", points: 0, totalTaps: snapshot.context.totalTaps, multiplier: 0.002 },
    { type: "MULTIPLIER.CHANGED", multiplier: 0.005 },
    { type: "WALLET.UPDATED", balance: 3 },
    { type: "STREAM.RESET" },
    { type: "STREAM.DOWN" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.unsyncedTaps,
      snapshot.context.batches.map((batch: { taps: number }) => batch.taps),
      snapshot.context.deferredPushes.length,
      Math.min(snapshot.context.totalTaps, 2),
    ]),
};

const goneBatchId = numberedIds("gone");

export const tapsOtherTabs: ModelOptions<unknown> = {
  ...tapsSync,
  events: (snapshot) => [
    ...(pendingTaps(snapshot.context) < 1 ? [{ type: "TAP" }] : []),
    { type: "FLUSH" },
    LOADED,
    { type: "xstate.done.actor.sendBatch", output: answer(snapshot.context.totalTaps + 1) },
    { type: "xstate.error.actor.sendBatch", error: OFFLINE },
    // Another tab tapped twice; then its batch was answered (its figures, newer, arrive with it).
    { type: "STORE.CHANGED", othersPendingTaps: 2, figures: null },
    {
      type: "STORE.CHANGED",
      othersPendingTaps: 0,
      figures: {
        pointsMicro: (snapshot.context.totalTaps + 2) * 1000,
        totalTaps: snapshot.context.totalTaps + 2,
        multiplierMicro: 1000,
        walletBalanceMicro: 0,
        batches: [],
        unsyncedTaps: 0,
      },
    },
    // A gone tab's batch of one tap, at most one held at a time to keep the model small.
    ...(snapshot.context.batches.length < 2
      ? [{ type: "STORE.ADOPTED", batches: [{ batchId: goneBatchId(), taps: 1 }], othersPendingTaps: 0 }]
      : []),
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.unsyncedTaps,
      snapshot.context.batches.map((batch: { taps: number }) => batch.taps),
      snapshot.context.othersPendingTaps,
    ]),
};

export const tapsCombos: ModelOptions<unknown> = {
  ...tapsSync,
  events: (snapshot) => [
    ...(pendingTaps(snapshot.context) < 1 ? [{ type: "TAP" }] : []),
    LOADED,
    { type: "COMBO.END" },
    { type: "FLUSH" },
    { type: "xstate.done.actor.sendBatch", output: claimingAnswer(snapshot.context.totalTaps + 1) },
  ],
};

export const tapsModel = registerModel({
  name: "taps",
  file: "src/machines/taps/taps.machine.ts",
  machine: tapsMachine,
  /** The model walks the chart alone: its report of an auto-claim to the root goes nowhere while paths are generated. */
  chart: tapsMachine.provide({ actions: { reportAutoClaim: () => {} } }),
  suites: [
    { name: "tap and sync", options: tapsSync, paths: "shortest" },
    { name: "the wallet read after a move", options: tapsWallet, paths: "shortest" },
    { name: "with pushed figures", options: tapsPushed, paths: "shortest" },
    // Every transition, so the other tabs' news arrives in every state, a send in flight too.
    { name: "with other tabs", options: tapsOtherTabs, paths: "transitions" },
    // The combo's end and an auto-claiming answer change nothing the other suites' states tell apart.
    { name: "combos and auto-claim", options: tapsCombos, paths: "transitions" },
  ],
});
