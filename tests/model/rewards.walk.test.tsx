/**
 * UI walks of the Rewards area: paths generated from the streak and boosters machines, driven as gestures
 * through the real app (routes, components, machines, API client) with msw as the server. A gesture that
 * makes a call looks at the path's next step to tell the fake server how to answer (success, a refusal, no
 * answer, or never for a leaf that waits). Every leaf is asserted on screen. Then the parts a path does not
 * drive: pushed achievements and boosters (a fake EventSource), the progress bars, the points history's
 * booster factor, the tap screen's countdown and the way there from the bottom navigation.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { boostersMachine } from "#src/machines/economy/boosters.machine.ts";
import type { BoostersEvent } from "#src/machines/economy/boosters.rules.ts";
import { type StreakEvent, streakMachine } from "#src/machines/economy/streak.machine.ts";
import type { renderApp } from "../client/render-app.tsx";
import { API, createFakeBackend } from "../msw/fake-backend.ts";
import { BOOSTER_CATALOGUE, type EconomyFailure, type EconomyRoute } from "../msw/fake-economy.ts";
import { fakeEventSources } from "../support/fake-event-source.ts";
import { describePath, generateTransitionPaths, type ModelEvent } from "./path-runner.ts";
import { findToast, renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(
  http.post(`${API}/events/ticket`, () => HttpResponse.json({ ticket: "ticket", expiresIn: 60 })),
  ...backend.handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
  backend.economy.clear();
});
afterAll(() => server.close());

type App = ReturnType<typeof renderApp>;
type Step = { event: ModelEvent; state: { value: unknown; context: Record<string, unknown> } };

const DAY_MS = 86_400_000;
const NETWORK = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const ALREADY = { code: "STREAK_ALREADY_CLAIMED", message: "Already claimed today", status: 409 };
const INSUFFICIENT = { code: "INSUFFICIENT_POINTS", message: "Insufficient points", status: 409 };

/** What the fake server does for the call a gesture (or the page's first load) makes. */
function answerFor(next: ModelEvent | undefined, actorId: string, leafWaits: boolean): EconomyFailure | null {
  if (!next) return leafWaits ? "hang" : null;
  if (next.type !== `xstate.error.actor.${actorId}`) return null;
  const error = next.error as typeof NETWORK;
  return error.status === 0 ? "network" : error;
}

const region = (name: string) => screen.getByRole("region", { name });
const findRegion = (name: string) => screen.findByRole("region", { name });

async function walk(
  app: App,
  steps: Step[],
  gestures: Record<string, (app: App) => Promise<void>>,
  calls: Record<string, [string, EconomyRoute]>,
) {
  for (const [index, step] of steps.entries()) {
    const gesture = gestures[step.event.type];
    if (!gesture) continue;
    const call = calls[step.event.type];
    if (call) {
      const next = steps[index + 1];
      const answer = answerFor(next?.event, call[0], next === undefined);
      if (answer) backend.economy.failNext.set(call[1], answer);
    }
    await gesture(app);
  }
}

/** The page's first load is the path's first step: arranged before the page renders. */
function arrangeFirstLoad(steps: Step[], actorId: string, route: EconomyRoute) {
  const first = steps[0];
  // An auto-claim heard while the card loads: that load waits until then (the card reads again on hearing it).
  const answer =
    first?.event.type === "STREAK.AUTO_CLAIMED"
      ? "hang"
      : answerFor(first?.event, actorId, first === undefined);
  if (answer) backend.economy.failNext.set(route, answer);
  if (first?.event.type === `xstate.done.actor.${actorId}`) return steps.slice(1);
  return steps.slice(first?.event.type.startsWith("xstate.") ? 1 : 0);
}

// ───────────────────────────── streak card ─────────────────────────────

const streakGestures = {
  CLAIM: async (app) =>
    app.user.click(await within(await findRegion("Daily streak")).findByRole("button", { name: /^Claim/ })),
  RETRY: async (app) =>
    app.user.click(within(region("Daily streak")).getByRole("button", { name: "Try again" })),
  // What the taps actor tells the root when a tap sync claimed the day (auto-claim, taps.sync.ts).
  "STREAK.AUTO_CLAIMED": async (app) =>
    (await app.runtime()).app.send({ type: "STREAK.CLAIMED", current: 3, reward: 3 }),
} satisfies Record<StreakEvent["type"], (app: App) => Promise<void>>;

const streakPaths = generateTransitionPaths(streakMachine, {
  input: { app: null as never, newId: () => "key", now: () => 0 },
  fakeActors: [],
  events: [
    { type: "CLAIM" },
    { type: "RETRY" },
    { type: "STREAK.AUTO_CLAIMED", current: 3, reward: 3 },
    {
      type: "xstate.done.actor.loadStreak",
      output: {
        current: 2,
        best: 4,
        claimedToday: false,
        nextReward: 3,
        freezes: 0,
        resetsAt: "2030-01-03T00:00:00.000Z",
      },
    },
    { type: "xstate.error.actor.loadStreak", error: NETWORK },
    { type: "xstate.done.actor.claimStreak", output: { current: 3, best: 4, reward: 3, points: 13 } },
    { type: "xstate.error.actor.claimStreak", error: ALREADY },
    { type: "xstate.error.actor.claimStreak", error: NETWORK },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.attempt !== null]),
});

describe("Rewards: the streak card, walked", () => {
  it.each(streakPaths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const all = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Step[];
    const steps = arrangeFirstLoad(all, "loadStreak", "streak");
    const { app, userId } = renderSignedIn(backend, "/rewards", { points: 10 });
    backend.economy.seedStreak(userId, {
      current: 2,
      best: 4,
      lastClaimDay: Math.floor(Date.now() / DAY_MS) - 1,
    });
    try {
      await screen.findByRole("heading", { name: "Rewards", level: 1 });
      const firstLoadDone = all[0]?.event.type === "xstate.done.actor.loadStreak";
      if (firstLoadDone) await within(region("Daily streak")).findByText("2 days");
      await walk(app, steps, streakGestures, {
        CLAIM: ["claimStreak", "claim"],
        RETRY: ["loadStreak", "streak"],
        // Heard while loading, the card reads the streak again (in any other state it calls nothing).
        "STREAK.AUTO_CLAIMED": ["loadStreak", "streak"],
      });
      const leaf = path.state;
      const last = all.at(-1)?.event;
      const card = () => region("Daily streak");
      if (leaf.matches("loading")) {
        expect(await within(card()).findByRole("status", { name: "Loading your streak" })).toBeTruthy();
      } else if (leaf.matches("failed")) {
        expect(
          await within(card()).findByText(/Could not load your streak. Check your connection/),
        ).toBeTruthy();
      } else if (leaf.matches({ ready: "claiming" })) {
        const busy = await within(card()).findByRole("button", { name: "Claiming..." });
        expect(busy.getAttribute("aria-disabled")).toBe("true");
        expect(busy.getAttribute("aria-busy")).toBe("true");
      } else if (leaf.matches({ ready: "open" })) {
        expect(
          (await within(card()).findByRole("button", { name: "Claim +3 points" })).getAttribute(
            "aria-disabled",
          ),
        ).toBe("false");
        if (last?.type === "xstate.error.actor.claimStreak") {
          expect(await findToast("Could not claim today's reward")).toBeTruthy();
          expect(within(card()).getByRole("alert").textContent).toMatch(/press Claim again/);
        }
      } else if (leaf.matches({ ready: "claimed" })) {
        expect(
          (await within(card()).findByRole("button", { name: "Claimed today" })).getAttribute(
            "aria-disabled",
          ),
        ).toBe("true");
        if (last?.type === "xstate.done.actor.claimStreak") {
          expect(await findToast("Day 3 streak: +3 points")).toBeTruthy();
          expect(within(card()).getByText("3 days")).toBeTruthy();
          // The header shows the reward at once, and the server paid it once.
          await waitFor(() => expect(within(screen.getByRole("banner")).getByText("13.0000")).toBeTruthy());
          expect(backend.rewards.rewards.get(userId)?.pointsMicro).toBe(13_000_000);
          const keys = backend.economy.keys.claim;
          expect(new Set(keys).size).toBeLessThanOrEqual(keys.length);
        } else if (last?.type === "STREAK.AUTO_CLAIMED") {
          // The taps actor toasts an auto-claim; the card only shows it.
          expect(await within(card()).findByText("3 days")).toBeTruthy();
        } else {
          expect(await findToast("Already claimed today")).toBeTruthy();
        }
        const week = within(card()).getByRole("list", { name: "Last 7 days" });
        expect(within(week).getAllByRole("listitem")).toHaveLength(7);
        expect(within(week).getAllByText("claimed").length).toBeGreaterThanOrEqual(1);
      } else {
        throw new Error(`no assertion for leaf ${JSON.stringify(leaf.value)}`);
      }
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("a lost claim answer is retried under the same key, and the day is paid once", async () => {
    const { app, userId } = renderSignedIn(backend, "/rewards", { points: 10 });
    try {
      backend.economy.failNext.set("claim", "network");
      await streakGestures.CLAIM(app);
      expect(await findToast("Could not claim today's reward")).toBeTruthy();
      await streakGestures.CLAIM(app);
      expect(
        await within(region("Daily streak")).findByRole("button", { name: "Claimed today" }),
      ).toBeTruthy();
      expect(backend.economy.keys.claim).toHaveLength(1);
      expect(backend.rewards.rewards.get(userId)?.pointsMicro).toBe(11_000_000);
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});

// ───────────────────────────── boosters ─────────────────────────────

const boosterGestures = {
  PURCHASE: async (app) =>
    app.user.click(await within(await findRegion("Boosters")).findByRole("button", { name: "Buy Turbo ×2" })),
  RETRY: async (app) => app.user.click(within(region("Boosters")).getByRole("button", { name: "Try again" })),
} satisfies Partial<Record<BoostersEvent["type"], (app: App) => Promise<void>>>;

const RICH = { points: 150, multiplier: 0.001 };
const boosterPaths = generateTransitionPaths(boostersMachine, {
  input: { app: null as never, newId: () => "key", now: () => 0 },
  fakeActors: [],
  // A person cannot press Buy while a booster runs (the button is disabled): the model does not either.
  events: (snapshot) => [
    ...(snapshot.context.active === null && snapshot.matches({ catalogue: "ready" })
      ? [{ type: "PURCHASE", boosterId: "turbo-2x", points: RICH.points }]
      : []),
    { type: "RETRY" },
    { type: "xstate.done.actor.loadBoosters", output: { catalogue: BOOSTER_CATALOGUE, active: null } },
    { type: "xstate.error.actor.loadBoosters", error: NETWORK },
    {
      type: "xstate.done.actor.purchaseBooster",
      output: { active: { id: "turbo-2x", factor: 2, endsAt: "2100-01-01T00:00:00.000Z" }, points: 50 },
    },
    { type: "xstate.error.actor.purchaseBooster", error: INSUFFICIENT },
    { type: "xstate.error.actor.purchaseBooster", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value.catalogue,
      snapshot.value.purchase,
      snapshot.context.attempt !== null,
      snapshot.context.active !== null,
    ]),
});

describe("Rewards: boosters, walked", () => {
  it.each(boosterPaths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const all = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Step[];
    const steps = arrangeFirstLoad(all, "loadBoosters", "boosters");
    const { app, userId } = renderSignedIn(backend, "/rewards", RICH);
    try {
      await screen.findByRole("heading", { name: "Rewards", level: 1 });
      if (all[0]?.event.type === "xstate.done.actor.loadBoosters")
        await within(await findRegion("Boosters")).findByRole("button", { name: "Buy Turbo ×2" });
      await walk(app, steps, boosterGestures, {
        PURCHASE: ["purchaseBooster", "purchase"],
        RETRY: ["loadBoosters", "boosters"],
      });
      const leaf = path.state;
      const last = all.at(-1)?.event;
      const card = () => region("Boosters");
      if (leaf.matches({ catalogue: "loading" })) {
        expect(await within(card()).findByRole("status", { name: "Loading boosters" })).toBeTruthy();
      } else if (leaf.matches({ catalogue: "failed" })) {
        expect(
          await within(card()).findByText(/Could not load the boosters. Check your connection/),
        ).toBeTruthy();
      } else if (leaf.matches({ purchase: "purchasing" })) {
        const busy = await within(card()).findByRole("button", { name: "Processing..." });
        expect(busy.getAttribute("aria-disabled")).toBe("true");
        expect(busy.getAttribute("aria-busy")).toBe("true");
      } else if (last?.type === "xstate.done.actor.purchaseBooster") {
        expect(await findToast("Purchase successful!")).toBeTruthy();
        expect(
          (await within(card()).findByRole("button", { name: "Running" })).getAttribute("aria-disabled"),
        ).toBe("true");
        expect(within(card()).getByRole("timer").textContent).toMatch(/^(10:00|9:5\d)$/);
        expect(
          within(card()).getByRole("button", { name: "Buy Turbo ×3" }).getAttribute("aria-disabled"),
        ).toBe("true");
        await waitFor(() => expect(within(screen.getByRole("banner")).getByText("50.0000")).toBeTruthy());
        expect(backend.rewards.rewards.get(userId)?.pointsMicro).toBe(50_000_000);
      } else if (leaf.matches({ purchase: "idle" })) {
        expect(
          (await within(card()).findByRole("button", { name: "Buy Turbo ×2" })).getAttribute("aria-disabled"),
        ).toBe("false");
        if (last?.type === "xstate.error.actor.purchaseBooster") {
          const code = (last.error as { code: string }).code;
          expect(
            await findToast(
              code === "INSUFFICIENT_POINTS" ? "Insufficient points" : "Failed to process purchase",
            ),
          ).toBeTruthy();
          expect(backend.rewards.rewards.get(userId)?.pointsMicro).toBe(150_000_000);
        }
      } else {
        throw new Error(`no assertion for leaf ${JSON.stringify(leaf.value)}`);
      }
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("with fewer than 100 points: `Insufficient points`, and no purchase reaches the server", async () => {
    const { app, userId } = renderSignedIn(backend, "/rewards", { points: 99.5 });
    try {
      await screen.findAllByText("99.5000");
      await boosterGestures.PURCHASE(app);
      expect(await findToast("Insufficient points")).toBeTruthy();
      expect(screen.getByText("Turbo ×2 costs 100 points. Keep tapping, then buy it.")).toBeTruthy();
      expect(backend.economy.keys.purchase).toEqual([]);
      expect(backend.rewards.rewards.get(userId)?.pointsMicro).toBe(99_500_000);
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("the tap screen shows the running booster's countdown and earns at its factor", async () => {
    const { app, userId } = renderSignedIn(backend, "/rewards", RICH);
    try {
      await boosterGestures.PURCHASE(app);
      expect(await findToast("Purchase successful!")).toBeTruthy();
      await app.user.click(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Tap" }),
      );
      const timer = await screen.findByRole("timer", { name: "Booster time left" });
      expect(timer.textContent).toMatch(/^×2 boost · (10:00|9:5\d)$/);
      expect(screen.getByText("Earn 0.0020 per tap")).toBeTruthy();
      const before = timer.textContent;
      await waitFor(() => expect(timer.textContent).not.toBe(before), { timeout: 2_500 });
      const coin = screen.getByRole("button", { name: "Tap to earn" });
      for (let i = 0; i < 5; i++) await app.user.click(coin);
      expect(screen.getByTestId("tap-balance").textContent).toBe("50.0100");
      // Leaving the tap page sends the taps: the server credits them at ×2 too.
      await app.user.click(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Home" }),
      );
      await waitFor(() => expect(backend.rewards.rewards.get(userId)?.pointsMicro).toBe(50_010_000));
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});

// ───────────────────────────── pushed news, achievements, history ─────────────────────────────

describe("Rewards: what the server pushes, achievements and the points history", () => {
  it("an achievement push toasts on any page and unlocks it in the list; a booster push starts the countdown", async () => {
    const sources = fakeEventSources();
    const { app, userId } = renderSignedIn(
      backend,
      "/rewards",
      { points: 5, totalTaps: 0 },
      { openEventSource: sources.open },
    );
    try {
      const list = await screen.findByRole("region", { name: "Achievements" });
      const firstTap = await within(list).findByRole("progressbar", { name: "First tap progress" });
      expect(firstTap.getAttribute("aria-valuenow")).toBe("0");
      expect(within(list).getByText("0 of 3 unlocked. Each pays its reward once.")).toBeTruthy();
      await waitFor(() => expect(sources.opened).toHaveLength(1));
      const stream = sources.latest();
      stream.open();
      stream.frame("achievement", { id: "first-tap", name: "First tap", rewardPoints: 1 }, "1");
      expect(await findToast("Achievement unlocked: First tap (+1 point)")).toBeTruthy();
      await waitFor(() => expect(firstTap.getAttribute("aria-valuenow")).toBe("1"));
      expect(within(list).getByText(/^Unlocked /)).toBeTruthy();
      expect(within(list).getByText("1 of 3 unlocked. Each pays its reward once.")).toBeTruthy();
      stream.frame("points", { points: 6, totalTaps: 400, multiplier: 0.001 }, "2");
      await waitFor(() =>
        expect(
          within(list)
            .getByRole("progressbar", { name: "1,000 taps progress" })
            .getAttribute("aria-valuenow"),
        ).toBe("400"),
      );
      const endsAt = new Date(Date.now() + 5 * 60_000).toISOString();
      stream.frame("booster", { active: { id: "turbo-3x", factor: 3, endsAt } }, "3");
      expect(await within(region("Boosters")).findByRole("timer")).toBeTruthy();
      expect(within(region("Boosters")).getByRole("button", { name: "Running" })).toBeTruthy();
      // Elsewhere in the signed-in area too.
      await app.user.click(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Wallet" }),
      );
      stream.frame("achievement", { id: "taps-1k", name: "1,000 taps", rewardPoints: 5 }, "4");
      expect(await findToast("Achievement unlocked: 1,000 taps (+5 points)")).toBeTruthy();
      expect(userId).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("the points history marks batches credited under a booster with their factor, and combo bonuses as their own rows", async () => {
    const { app, userId } = renderSignedIn(backend, "/home", { points: 1 });
    backend.economy.addHistory(userId, {
      id: "b1",
      kind: "taps",
      points: 0.005,
      multiplier: 0.001,
      factor: 1,
      timestamp: "2030-01-02T10:00:00.000Z",
    });
    backend.economy.addHistory(userId, {
      id: "b2",
      kind: "taps",
      points: 0.1,
      multiplier: 0.001,
      factor: 2,
      timestamp: "2030-01-02T11:00:00.000Z",
    });
    // The 50 chained taps of b2 minted 10 % of their points on top: its own row, above the batch.
    backend.economy.addHistory(userId, {
      id: "b2:combo",
      kind: "combo",
      points: 0.01,
      multiplier: 0.001,
      factor: 2,
      timestamp: "2030-01-02T11:00:00.000Z",
    });
    try {
      await app.user.click(
        await within(await screen.findByRole("navigation", { name: "Main" })).findByRole("link", {
          name: "Rewards",
        }),
      );
      expect(app.location()).toBe("/rewards");
      const history = await screen.findByRole("region", { name: "Points history" });
      const rows = await within(history).findAllByRole("listitem");
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringMatching(/^Combo bonus×2 boost.*\+0\.0100$/),
        expect.stringMatching(/^at 0\.001x×2 boost.*\+0\.1000$/),
        expect.stringMatching(/^at 0\.001x[^×]*\+0\.0050$/),
      ]);
      expect(within(screen.getByRole("banner")).getAllByText("Rewards").length).toBeGreaterThan(0);
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
