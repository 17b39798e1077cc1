import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { pendingTaps } from "#src/machines/taps/taps.types.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import {
  tapsPushed as liveModel,
  tapsSync as model,
  tapsOtherTabs as tabsModel,
  tapsModel,
} from "./models/taps.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const [sync, wallet, pushed, otherTabs] = tapsModel.suites;
const paths = [...suitePaths(tapsModel, sync), ...suitePaths(tapsModel, wallet)];
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
    const { snapshot, actorInputs, emitted, toParent } = await replayPath(
      tapsMachine,
      path,
      model,
      sameState,
    );
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
    // An auto-claim is toasted once and told to the root once, per answer that carries it.
    const claims = path.steps.filter(
      (step) => (step.event as { output?: { streak?: unknown } }).output?.streak != null,
    ).length;
    expect(emitted.filter((event) => event.title === "Daily reward claimed: +1.0000 points")).toHaveLength(
      claims,
    );
    expect(toParent.filter((event) => event.type === "STREAK.CLAIMED")).toHaveLength(claims);
    // COMBO.END leaves no chain; a tap after it starts one. This model's taps share one instant (0 ms apart,
    // too fast to chain), so each starts a chain of 1 (combo.test.ts counts real spacing).
    const lastEnd = path.steps.findLastIndex((step) => step.event.type === "COMBO.END");
    const tapsSince = path.steps.slice(lastEnd + 1).filter((step) => step.event.type === "TAP").length;
    expect(snapshot.context.combo).toBe(tapsSince > 0 ? 1 : 0);
    const syncToasts = emitted.filter((event) => event.title === "Failed to sync points with server");
    expect(syncToasts.length).toBeLessThanOrEqual(
      path.steps.filter((step) => step.event.type === "xstate.error.actor.sendBatch").length,
    );
    // A frozen account's refusal is no failure to tell about, and its batches wait, kept.
    const last = path.steps.at(-1)?.event as { type: string; error?: { code: string } } | undefined;
    if (last?.error?.code === "ACCOUNT_FROZEN") {
      expect(snapshot.hasTag("frozen")).toBe(true);
      expect(snapshot.context.batches.length).toBeGreaterThan(0);
      const offline = path.steps.filter(
        (step) => (step.event as { error?: { code: string } }).error?.code === "NETWORK_ERROR",
      );
      expect(syncToasts.length).toBeLessThanOrEqual(offline.length);
    }
  });
});

// ──────────── Pushed figures (the user's live stream), arriving in every state the model reaches ────────────

describe("taps machine with pushed figures: generated paths", () => {
  const paths = suitePaths(tapsModel, pushed);
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

describe("taps machine with other tabs: generated paths", () => {
  // Every transition the model allows, so the other tabs' news arrives in every state, a send in flight too.
  const paths = suitePaths(tapsModel, otherTabs);
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
