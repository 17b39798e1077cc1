/**
 * UI walks of the taps machine: paths generated from it, driven through the real /tap and /home screens
 * (routes, components, the app's taps actor, the API client) with msw as the server.
 *
 * Gestures: TAP clicks the coin; FLUSH leaves the tap page (its unmount sends what was tapped); ONLINE and
 * PAGEHIDE are the browser's own events. The server's part is the path's actor completions: the fake holds
 * every load and sync until the walk reaches the step that answers it (ok or a network failure), and a leaf
 * still waiting simply never gets its answer. After every step the walk waits until the app's taps actor is
 * where the model says, so a gesture never races the answer before it. The timers (6 s
 * debounce, 30 s deadline, back-off, 30 s reload) are left to the unit tests on a simulated clock and to the
 * e2e suite: waiting for them here would make each walk take seconds.
 *
 * On every leaf: the screen shows exactly taps made × 0.001 (no tap lost, none counted twice), the server
 * never holds more taps than were made, a batch id always carries the same taps, and each failure toast
 * appears as often as the spec says.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { pendingTaps, type TapsEvent } from "#src/machines/taps/taps.types.ts";
import { formatRewards } from "#src/ui/kit/format.ts";
import type { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import { describePath, generatePaths, type ModelEvent } from "./path-runner.ts";
import { renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
});
afterAll(() => server.close());

type App = ReturnType<typeof renderApp>;
const NETWORK = { code: "NETWORK_ERROR", message: "offline", status: 0 };

const onTapPage = () => screen.queryByRole("button", { name: "Tap to earn" }) !== null;
const nav = (app: App, label: string) =>
  app.user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: label }));

const gestures = {
  TAP: async (app) => {
    if (!onTapPage()) await nav(app, "Tap");
    await app.user.click(await screen.findByRole("button", { name: "Tap to earn" }));
  },
  FLUSH: async (app) => {
    if (!onTapPage()) {
      await nav(app, "Tap");
      await screen.findByRole("button", { name: "Tap to earn" });
    }
    await nav(app, "Home");
    await screen.findByText("Rewards Balance");
  },
  PAGEHIDE: async () => {
    window.dispatchEvent(new Event("pagehide"));
  },
  ONLINE: async () => {
    window.dispatchEvent(new Event("online"));
  },
} satisfies Partial<Record<TapsEvent["type"], (app: App) => Promise<void>>>;
// REWARDS.UPDATED comes from the dialogs and is walked with them (reward-dialogs.walk.test.tsx).

const paths = generatePaths(tapsMachine, {
  input: { userId: "u1", newId: () => "id", now: () => 0 },
  fakeActors: [],
  events: (snapshot) => [
    // At most two taps waiting keeps the model small; the unit tests and e2e count real volumes.
    ...(pendingTaps(snapshot.context) < 2 ? [{ type: "TAP" }] : []),
    { type: "FLUSH" },
    { type: "PAGEHIDE" },
    { type: "ONLINE" },
    {
      type: "xstate.done.actor.loadRewards",
      output: { pointsMicro: 0, totalTaps: 0, multiplierMicro: 1_000, walletBalanceMicro: 0 },
    },
    { type: "xstate.error.actor.loadRewards", error: NETWORK },
    {
      type: "xstate.done.actor.sendBatch",
      output: {
        points: (snapshot.context.totalTaps + 1) / 1000,
        totalTaps: snapshot.context.totalTaps + 1,
        multiplier: 0.001,
        credited: { taps: 1, points: 0.001 },
        replayed: false,
      },
    },
    { type: "xstate.error.actor.sendBatch", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.unsyncedTaps,
      snapshot.context.batches.length,
      Math.min(snapshot.context.failures, 1),
      snapshot.context.loaded,
    ]),
});

/** Which held route answers an actor completion step, and how. */
function releaseFor(event: ModelEvent) {
  const [, outcome, actor] = event.type.match(/^xstate\.(done|error)\.actor\.(\w+)$/) ?? [];
  if (!actor) return null;
  const route = actor === "loadRewards" ? ("points" as const) : ("sync" as const);
  return { route, outcome: outcome === "done" ? ("ok" as const) : ("network" as const) };
}

/** How many "Failed to sync" toasts the path should show: one per run of failed sends. */
function failureRuns(steps: Array<{ event: ModelEvent }>) {
  let runs = 0;
  let inRun = false;
  for (const { event } of steps) {
    if (event.type === "xstate.error.actor.sendBatch") {
      if (!inRun) runs += 1;
      inRun = true;
    } else if (event.type === "xstate.done.actor.sendBatch") inRun = false;
  }
  return runs;
}

describe("taps: walks through /tap and /home", () => {
  it.each(paths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const steps = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Array<{
      event: ModelEvent;
      state: AnyMachineSnapshot;
    }>;
    const leaf = path.state;
    backend.rewards.hold("points");
    backend.rewards.hold("sync");
    const { app, userId } = renderSignedIn(backend, "/tap", { points: 0, totalTaps: 0, multiplier: 0.001 });
    try {
      await screen.findByRole("button", { name: "Tap to earn" });
      const runtime = await app.runtime();
      const taps = () => runtime.app.getSnapshot().children.taps!;
      await waitFor(() => expect(runtime.app.getSnapshot().children.taps).toBeDefined());
      for (const step of steps) {
        const gesture = gestures[step.event.type as keyof typeof gestures];
        if (gesture) await gesture(app);
        const release = releaseFor(step.event);
        if (release) backend.rewards.release(release.route, release.outcome);
        await waitFor(() => {
          const actual = taps().getSnapshot();
          expect(actual.value).toEqual(step.state.value);
          expect(pendingTaps(actual.context)).toBe(pendingTaps(step.state.context));
        });
      }

      const tapsMade = steps.filter((step) => step.event.type === "TAP").length;
      const shown = formatRewards(tapsMade * 0.001);
      const header = screen.getByRole("banner");
      if (leaf.hasTag("loading")) {
        // No figures yet: the header shows placeholders, the coin already counts.
        expect(within(header).getAllByText("—")).toHaveLength(2);
      } else {
        await waitFor(() => expect(within(header).getByText(shown)).toBeTruthy());
      }
      if (onTapPage()) expect(screen.getByTestId("tap-balance").textContent).toBe(shown);
      else expect(within(screen.getByRole("main")).getByText(shown)).toBeTruthy();

      const account = backend.rewards.rewards.get(userId);
      expect(account?.totalTaps ?? 0).toBeLessThanOrEqual(tapsMade);
      const sizes = new Map<string, number>();
      for (const sync of backend.rewards.syncs) {
        expect(sizes.get(sync.batchId) ?? sync.taps).toBe(sync.taps);
        sizes.set(sync.batchId, sync.taps);
      }

      const syncToasts = screen.queryAllByText("Failed to sync points with server", {
        selector: "[data-title]",
      });
      expect(syncToasts).toHaveLength(failureRuns(steps));
      const loadFailed = steps.some((step) => step.event.type === "xstate.error.actor.loadRewards");
      expect(screen.queryAllByText("Failed to load user data", { selector: "[data-title]" })).toHaveLength(
        loadFailed ? 1 : 0,
      );
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
