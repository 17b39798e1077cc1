import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { pendingTaps } from "#src/machines/taps/taps.types.ts";
import { storeHolding } from "../support/app-doubles.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  generateTransitionPaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const answer = (totalTaps: number) => ({
  points: totalTaps / 1000,
  totalTaps,
  multiplier: 0.001,
  credited: { taps: 1, points: 0.001 },
  replayed: false,
});
const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.taps.ready.${state}` });
let ids = 0;
const persisted: number[] = [];

const model: ModelOptions<unknown> = {
  input: { userId: "u1", newId: () => `id-${++ids}`, now: () => 0 },
  fakeActors: ["loadRewards", "sendBatch", "loadWalletBalance"],
  actors: { store: storeHolding(null) },
  actions: { persist: () => persisted.push(1), sendBeforeUnload: () => {} },
  events: (snapshot) => [
    // At most two taps in the model keep the state space small; the unit tests count real volumes.
    ...(pendingTaps(snapshot.context) < 2 ? [{ type: "TAP" }] : []),
    { type: "FLUSH" },
    { type: "PAGEHIDE" },
    { type: "ONLINE" },
    {
      type: "xstate.done.actor.loadRewards",
      output: { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1000, walletBalanceMicro: 0 },
    },
    {
      type: "xstate.error.actor.loadRewards",
      error: { code: "NETWORK_ERROR", message: "offline", status: 0 },
    },
    { type: "xstate.done.actor.sendBatch", output: answer(snapshot.context.totalTaps + 1) },
    { type: "xstate.error.actor.sendBatch", error: { code: "NETWORK_ERROR", message: "offline", status: 0 } },
    { type: "WALLET.MOVED" },
    { type: "xstate.done.actor.loadWalletBalance", output: 12.5 },
    {
      type: "xstate.error.actor.loadWalletBalance",
      error: { code: "NETWORK_ERROR", message: "offline", status: 0 },
    },
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

const paths = generatePaths(tapsMachine, model);
const sameState = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.unsyncedTaps).toBe(expected.context.unsyncedTaps);
  expect(actual.context.batches.map((batch: { taps: number }) => batch.taps)).toEqual(
    expected.context.batches.map((batch: { taps: number }) => batch.taps),
  );
};

describe("taps machine: generated paths", () => {
  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(tapsMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot, actorInputs, emitted } = await replayPath(tapsMachine, path, model, sameState);
    // No tap is ever lost: every tap is confirmed, pending in a batch, or not yet batched.
    const tapsMade = path.steps.filter((step) => step.event.type === "TAP").length;
    const confirmed = snapshot.context.totalTaps;
    expect(confirmed + pendingTaps(snapshot.context)).toBeGreaterThanOrEqual(tapsMade);
    // A batch is only ever re-sent under its own id with its own size.
    const sends = actorInputs
      .filter((entry) => entry.src === "sendBatch")
      .map((entry) => entry.input as { batch: { batchId: string; taps: number } });
    const sizes = new Map<string, number>();
    for (const { batch } of sends) {
      expect(sizes.get(batch.batchId) ?? batch.taps).toBe(batch.taps);
      sizes.set(batch.batchId, batch.taps);
    }
    const syncToasts = emitted.filter((event) => event.title === "Failed to sync points with server");
    expect(syncToasts.length).toBeLessThanOrEqual(
      path.steps.filter((step) => step.event.type === "xstate.error.actor.sendBatch").length,
    );
  });
});

// ──────────── Pushed figures (the user's live stream), arriving in every state the model reaches ────────────

const liveModel: ModelOptions<unknown> = {
  ...model,
  events: (snapshot) => [
    ...(pendingTaps(snapshot.context) < 1 ? [{ type: "TAP" }] : []),
    { type: "FLUSH" },
    {
      type: "xstate.done.actor.loadRewards",
      output: { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1000, walletBalanceMicro: 0 },
    },
    { type: "xstate.done.actor.sendBatch", output: answer(snapshot.context.totalTaps + 1) },
    { type: "xstate.error.actor.sendBatch", error: { code: "NETWORK_ERROR", message: "offline", status: 0 } },
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

describe("taps machine with pushed figures: generated paths", () => {
  const paths = generatePaths(tapsMachine, liveModel);
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const seen: AnyMachineSnapshot[] = [];
    await replayPath(tapsMachine, path, liveModel, (expected, actual) => {
      sameState(expected, actual);
      seen.push(actual);
    });
    const steps = path.steps.filter((step) => step.event.type !== "xstate.init");
    for (const [index, step] of steps.entries()) {
      const before = seen[index - 1];
      const after = seen[index]!;
      if (!before || !/^(POINTS|MULTIPLIER|WALLET)\./.test(step.event.type)) continue;
      // A push never loses or adds a pending tap, and never takes total taps back.
      expect(pendingTaps(after.context)).toBe(pendingTaps(before.context));
      expect(after.context.totalTaps).toBeGreaterThanOrEqual(before.context.totalTaps);
      // While a batch is out, its taps may be in a push: points and multiplier wait for its answer.
      if (before.context.batches.length > 0 && step.event.type !== "WALLET.UPDATED") {
        expect(after.context.pointsMicro).toBe(before.context.pointsMicro);
        expect(after.context.totalTaps).toBe(before.context.totalTaps);
        expect(after.context.multiplierMicro).toBe(before.context.multiplierMicro);
      }
    }
    // Once no batch is out, nothing pushed is held back.
    const last = seen.at(-1);
    if (last && last.context.batches.length === 0) expect(last.context.deferredPushes).toEqual([]);
  });
});

// ──────────── Other tabs of the browser: their pending taps shown, a gone tab's batches adopted ────────────

let adopted = 0;
const tabsModel: ModelOptions<unknown> = {
  ...model,
  events: (snapshot) => [
    ...(pendingTaps(snapshot.context) < 1 ? [{ type: "TAP" }] : []),
    { type: "FLUSH" },
    {
      type: "xstate.done.actor.loadRewards",
      output: { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1000, walletBalanceMicro: 0 },
    },
    { type: "xstate.done.actor.sendBatch", output: answer(snapshot.context.totalTaps + 1) },
    { type: "xstate.error.actor.sendBatch", error: { code: "NETWORK_ERROR", message: "offline", status: 0 } },
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
      ? [
          {
            type: "STORE.ADOPTED",
            batches: [{ batchId: `gone-${++adopted}`, taps: 1 }],
            othersPendingTaps: 0,
          },
        ]
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

describe("taps machine with other tabs: generated paths", () => {
  // Every transition the model allows, so the other tabs' news arrives in every state, a send in flight too.
  const paths = generateTransitionPaths(tapsMachine, tabsModel);
  it("adopts in every sync state", () => {
    const adoptedIn = new Set(
      paths.flatMap((path) =>
        path.steps
          .map((step, index) => ({ step, before: path.steps[index - 1]?.state ?? null }))
          .filter(({ step }) => step.event.type === "STORE.ADOPTED")
          .map(({ before }) => JSON.stringify((before?.value as { ready?: { sync?: string } })?.ready?.sync)),
      ),
    );
    expect([...adoptedIn].sort()).toEqual(expect.arrayContaining(['"idle"', '"retrying"', '"sending"']));
  });
  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { snapshot } = await replayPath(tapsMachine, path, tabsModel, sameState);
    // Step by step, a tap or an adopted batch adds one pending tap, an answer takes away at most the batch it
    // answered (one tap here), and nothing else changes the count: no tap is lost or counted twice.
    let before = 0;
    for (const step of path.steps) {
      const now = pendingTaps(step.state.context);
      const change = now - before;
      if (step.event.type === "TAP" || step.event.type === "STORE.ADOPTED") expect(change).toBe(1);
      else if (step.event.type === "xstate.done.actor.sendBatch") expect([0, -1]).toContain(change);
      else expect(change).toBe(0);
      before = now;
    }
    // No batch is held twice.
    const ids = snapshot.context.batches.map((batch: { batchId: string }) => batch.batchId);
    expect(new Set(ids).size).toBe(ids.length);
    // What the screen counts of the other tabs is the last thing they said.
    const lastChange = path.steps.filter((step) => step.event.type === "STORE.CHANGED").at(-1);
    const lastAdopt = path.steps.filter((step) => step.event.type === "STORE.ADOPTED").at(-1);
    const lastSaid = [lastChange, lastAdopt]
      .filter((step) => step !== undefined)
      .sort((a, b) => path.steps.indexOf(a!) - path.steps.indexOf(b!))
      .at(-1);
    expect(snapshot.context.othersPendingTaps).toBe(
      (lastSaid?.event as { othersPendingTaps?: number } | undefined)?.othersPendingTaps ?? 0,
    );
  });
});
