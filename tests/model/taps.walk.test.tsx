/**
 * UI walks of the taps machine: paths generated from it, driven through the real /tap and /home screens
 * (routes, components, the app's taps actor, the API client) with msw as the server.
 *
 * Gestures (tests/model/gestures/taps.gestures.ts, shared with the Playwright export): TAP clicks the coin;
 * FLUSH leaves the tap page (its unmount sends what was tapped); ONLINE and PAGEHIDE are the browser's own
 * events. The server's part is the path's actor completions, gestures too: the fake holds every load and sync
 * until the walk reaches the step that answers it (ok, a network failure or a frozen account), and a leaf
 * still waiting simply never gets its answer. After every step the walk waits until the app's taps actor is
 * where the model says, so a gesture never races the answer before it. Paths that move the clock (6 s
 * debounce, 30 s deadline, back-off, 30 s reload) are left to the exported browser spec, which owns its
 * clock, and to the unit tests on a simulated clock: this walk renders the whole app on real timers.
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
import { pendingTaps } from "#src/machines/taps/taps.types.ts";
import { formatRewards } from "#src/ui/kit/format.ts";
import { createFakeBackend } from "../msw/fake-backend.ts";
import { type Action, allActions, type Call, type Outcome } from "./gestures/actions.ts";
import { TAP_SYNC, tapsWalk, tapsWalkModel } from "./gestures/taps.gestures.ts";
import { JSDOM_CANNOT, perform, type WalkNetwork } from "./gestures/testing-library.ts";
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

const onTapPage = () => screen.queryByRole("button", { name: "Tap to earn" }) !== null;

// The paths and gestures are the exporter's too (tests/e2e/generated/taps.spec.ts).
const paths = generatePaths(tapsMachine, tapsWalkModel);
const [part] = tapsWalk.parts;
const gestureOf = (step: Step) => {
  const entry = part!.gestures[step.event.type];
  return typeof entry === "function"
    ? (entry as (event: unknown, next: unknown, states: unknown) => Action[])(step.event, undefined, {
        before: step.prior,
        after: step.state,
        earlier: step.before,
      })
    : [];
};

/** The walk's held calls are the fake rewards' routes: the points load and the tap sync. */
const network: WalkNetwork = {
  hold: (call) => backend.rewards.hold(routeOf(call)),
  answer: (call, outcome: Outcome) =>
    backend.rewards.release(routeOf(call), outcome === "server" ? "ok" : outcome),
};
const routeOf = (call: Call) => (call === TAP_SYNC ? ("sync" as const) : ("points" as const));

/** How many "Failed to sync" toasts the path should show: one per run of failed sends. */
function failureRuns(steps: Array<{ event: ModelEvent }>) {
  let runs = 0;
  let inRun = false;
  for (const { event } of steps) {
    // A frozen account's refusal is no failure to retry: no toast (docs/fair-play.md).
    if (event.type === "xstate.error.actor.sendBatch" && (event.error as { status: number }).status !== 403) {
      if (!inRun) runs += 1;
      inRun = true;
    } else if (event.type === "xstate.done.actor.sendBatch") inRun = false;
  }
  return runs;
}

type Step = { event: ModelEvent; state: AnyMachineSnapshot; prior: AnyMachineSnapshot; before: ModelEvent[] };
const stepsOf = (path: (typeof paths)[number]): Step[] =>
  path.steps.flatMap((step, index) =>
    step.event.type === "xstate.init"
      ? []
      : [
          {
            event: step.event as ModelEvent,
            state: step.state,
            prior: path.steps[index - 1]!.state,
            before: path.steps.slice(1, index).map((earlier) => earlier.event as ModelEvent),
          },
        ],
  );
/** Why jsdom cannot walk a path (it moves the clock), or null. */
const cannot = (path: (typeof paths)[number]) => {
  const kind = allActions(stepsOf(path).flatMap(gestureOf)).find((action) => JSDOM_CANNOT[action.do])?.do;
  return kind ? `it ${JSDOM_CANNOT[kind]}` : null;
};

describe("taps: walks through /tap and /home", () => {
  const skipped = paths.filter((path) => cannot(path) !== null);
  if (skipped.length > 0) it.skip(`${skipped.length} paths: ${cannot(skipped[0]!)}`, () => {});
  it.each(paths.filter((path) => cannot(path) === null).map((path) => [describePath(path), path] as const))(
    "%s",
    async (_name, path) => {
      const steps = stepsOf(path);
      const leaf = path.state;
      // The walk's own holds (no person in them), before the app starts loading.
      for (const action of part!.before ?? []) if (action.do === "hold") network.hold(action.call);
      const { app, userId } = renderSignedIn(backend, "/tap", { points: 0, totalTaps: 0, multiplier: 0.001 });
      try {
        await screen.findByRole("button", { name: "Tap to earn" });
        const runtime = await app.runtime();
        const taps = () => runtime.app.getSnapshot().children.taps!;
        await waitFor(() => expect(runtime.app.getSnapshot().children.taps).toBeDefined());
        for (const step of steps) {
          await perform(app.user, gestureOf(step), undefined, network);
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
    },
  );
});
