/**
 * UI walks of the Multipliers and Withdraw Rewards dialogs: paths generated from their machines, driven as
 * gestures through the real Home screen (routes, components, machines, API client) with msw as the server.
 * A gesture that makes a call looks at the path's next step to tell the fake server how to answer (success,
 * a refusal, no answer at all, or never, for a leaf that waits). Every leaf is asserted on screen.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { MultipliersEvent } from "#src/machines/rewards/multipliers.machine.ts";
import { multipliersMachine } from "#src/machines/rewards/multipliers.machine.ts";
import type { WithdrawEvent } from "#src/machines/rewards/withdraw-rewards.machine.ts";
import { canWithdraw, withdrawRewardsMachine } from "#src/machines/rewards/withdraw-rewards.machine.ts";
import type { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import { CATALOGUE, type InjectedFailure, type RewardsRoute } from "../msw/fake-rewards.ts";
import { describePath, generateTransitionPaths, type ModelEvent } from "./path-runner.ts";
import { findToast, renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
});
afterAll(() => server.close());

type App = ReturnType<typeof renderApp>;
type Step = { event: ModelEvent; state: { value: unknown; context: Record<string, unknown> } };

const NETWORK = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const NOT_ENOUGH_FUNDS = { code: "NOT_ENOUGH_FUNDS", message: "Not enough funds", status: 409 };
const INSUFFICIENT = { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance", status: 409 };

/** What the fake server does for the call a gesture makes, read from the path's next step. */
function answerFor(
  next: ModelEvent | undefined,
  actorId: string,
  leafWaits: boolean,
): InjectedFailure | null {
  if (!next) return leafWaits ? "hang" : null;
  if (next.type !== `xstate.error.actor.${actorId}`) return null;
  const error = next.error as typeof NETWORK;
  return error.status === 0 ? "network" : error;
}

const dialog = () => screen.getByRole("dialog");

/** Escape, once the dialog has taken focus (as it does on opening; a person cannot be quicker). */
async function pressEscape(app: App) {
  await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
  await app.user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

async function walk(
  app: App,
  steps: Step[],
  gestures: Record<string, (app: App, event: never) => Promise<void>>,
  calls: Record<string, [string, RewardsRoute]>,
) {
  for (const [index, step] of steps.entries()) {
    const gesture = gestures[step.event.type];
    if (!gesture) continue; // actor completions are the server's part, arranged before the gesture
    const call = calls[step.event.type];
    if (call) {
      const [actorId, route] = call;
      // The app answers TAPS.SETTLED itself (no tap is pending on Home): the server's part comes after it.
      const next = steps.slice(index + 1).find((later) => later.event.type !== "TAPS.SETTLED");
      const answer = answerFor(next?.event, actorId, next === undefined);
      if (answer) backend.rewards.failNext.set(route, answer);
    }
    await gesture(app, step.event as never);
  }
}

// ───────────────────────────── Multipliers dialog ─────────────────────────────

const multiplierGestures = {
  OPEN: async (app) => {
    await app.user.click(await screen.findByRole("button", { name: "Upgrade" }));
    await screen.findByRole("dialog");
  },
  CLOSE: pressEscape,
  RETRY: async (app) => app.user.click(within(dialog()).getByRole("button", { name: "Try again" })),
  PURCHASE: async (app) => {
    await app.user.click(await within(dialog()).findByRole("button", { name: "Purchase" }));
  },
} satisfies {
  [K in MultipliersEvent["type"]]: (app: App, event: Extract<MultipliersEvent, { type: K }>) => Promise<void>;
};

// 150 points and $7: the 0.002x card ($5) can be bought, the others cannot be paid.
const RICH = { points: 150, multiplier: 0.001, wallet: 7 };
const multiplierPaths = generateTransitionPaths(multipliersMachine, {
  input: { app: null as never, newId: () => "key" },
  fakeActors: [],
  events: [
    { type: "OPEN" },
    { type: "CLOSE" },
    { type: "RETRY" },
    { type: "PURCHASE", value: 0.002, points: RICH.points },
    { type: "xstate.done.actor.loadOptions", output: CATALOGUE },
    { type: "xstate.error.actor.loadOptions", error: NETWORK },
    {
      type: "xstate.done.actor.purchase",
      output: { success: true, multiplier: 0.002, points: 50, totalTaps: 0, walletBalance: 2 },
    },
    { type: "xstate.error.actor.purchase", error: NOT_ENOUGH_FUNDS },
    { type: "xstate.error.actor.purchase", error: NETWORK },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.attempt !== null]),
});

describe("Multipliers dialog: walks from Home", () => {
  it.each(multiplierPaths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const { app, userId } = renderSignedIn(backend, "/home", RICH);
    try {
      await screen.findByText("0.001x");
      const steps = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Step[];
      await walk(app, steps, multiplierGestures, {
        OPEN: ["loadOptions", "multipliers"],
        RETRY: ["loadOptions", "multipliers"],
        PURCHASE: ["purchase", "purchase"],
      });
      const leaf = path.state;
      const last = steps.at(-1)?.event;
      if (leaf.matches("closed")) {
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
        if (last?.type === "xstate.done.actor.purchase") {
          expect(await findToast("Multiplier upgraded to 0.002x!")).toBeTruthy();
          expect(await screen.findByText("0.002x")).toBeTruthy();
          expect(backend.rewards.rewards.get(userId)?.multiplierMicro).toBe(2_000);
        }
      } else if (leaf.matches({ open: "loading" })) {
        expect(await within(dialog()).findByRole("status", { name: "Loading multipliers" })).toBeTruthy();
      } else if (leaf.matches({ open: "failed" })) {
        expect(await within(dialog()).findByText(/Could not load the multipliers/)).toBeTruthy();
        expect(within(dialog()).getByRole("button", { name: "Try again" })).toBeTruthy();
      } else if (leaf.matches({ open: "purchasing" })) {
        const busy = await within(dialog()).findByRole("button", { name: "Processing..." });
        expect(busy).toHaveProperty("disabled", true);
        expect(busy.getAttribute("aria-busy")).toBe("true");
      } else if (leaf.matches({ open: "ready" })) {
        const card = (label: string) => within(dialog()).findAllByRole("button", { name: label });
        const [current] = await card("Current");
        expect(current).toHaveProperty("disabled", true);
        expect(current?.closest("li")?.getAttribute("aria-current")).toBe("true");
        expect((await card("Purchase")).map((button) => (button as HTMLButtonElement).disabled)).toEqual([
          false,
        ]);
        const unaffordable = await card("Not enough funds");
        expect(unaffordable).toHaveLength(CATALOGUE.length - 2);
        for (const button of unaffordable) expect(button).toHaveProperty("disabled", true);
        expect(within(dialog()).getByText("$7.00")).toBeTruthy();
        if (last?.type === "xstate.error.actor.purchase") {
          const code = (last.error as { code: string }).code;
          expect(
            await findToast(
              code === "NOT_ENOUGH_FUNDS" ? "Not enough funds" : "Failed to upgrade multiplier",
            ),
          ).toBeTruthy();
        }
      } else {
        throw new Error(`no assertion for leaf ${JSON.stringify(leaf.value)}`);
      }
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("refuses below 100 points without calling the server", async () => {
    const { app } = renderSignedIn(backend, "/home", { ...RICH, points: 99.5 });
    try {
      await multiplierGestures.OPEN(app);
      await multiplierGestures.PURCHASE(app);
      expect(await findToast("Not enough points to buy multiplier")).toBeTruthy();
      expect(screen.getByRole("dialog")).toBeTruthy();
      expect(
        backend.rewards.rewards.get(backend.rewards.rewards.keys().next().value ?? "")?.multiplierMicro,
      ).toBe(1_000);
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("marks lower multipliers Owned", async () => {
    const { app } = renderSignedIn(backend, "/home", { ...RICH, multiplier: 0.005 });
    try {
      await screen.findByText("0.005x");
      await multiplierGestures.OPEN(app);
      const owned = await within(dialog()).findAllByRole("button", { name: "Owned" });
      expect(owned).toHaveLength(2);
      for (const button of owned) expect(button).toHaveProperty("disabled", true);
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("opens from the Features page's Multipliers card", async () => {
    const { app } = renderSignedIn(backend, "/features", RICH);
    try {
      await app.user.click(await screen.findByRole("button", { name: "Multipliers" }));
      expect(
        await within(await screen.findByRole("dialog")).findByText("Boost your rewards with multipliers"),
      ).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});

// ───────────────────────────── Withdraw Rewards dialog ─────────────────────────────

const withdrawGestures = {
  OPEN: async (app) => {
    await app.user.click(await screen.findByRole("button", { name: "Withdraw Rewards" }));
    await screen.findByRole("dialog");
  },
  CLOSE: async (app) => {
    await app.user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
  "AMOUNT.CHANGE": async (app, event) => {
    const field = within(dialog()).getByLabelText("Amount");
    await app.user.clear(field);
    await app.user.type(field, event.value);
  },
  MAX: async (app) => app.user.click(within(dialog()).getByRole("button", { name: "Max" })),
  SUBMIT: async (app) => app.user.click(within(dialog()).getByRole("button", { name: "Withdraw" })),
} satisfies {
  [K in WithdrawEvent["type"]]: (app: App, event: Extract<WithdrawEvent, { type: K }>) => Promise<void>;
};

const AVAILABLE = 12.5;
const withdrawPaths = generateTransitionPaths(withdrawRewardsMachine, {
  input: { app: null as never, newId: () => "key" },
  fakeActors: [],
  events: [
    { type: "OPEN" },
    { type: "CLOSE" },
    { type: "AMOUNT.CHANGE", value: "2" },
    { type: "MAX", balance: AVAILABLE },
    { type: "SUBMIT", balance: AVAILABLE },
    { type: "TAPS.SETTLED" },
    {
      type: "xstate.done.actor.withdraw",
      output: { success: true, points: 10.5, totalTaps: 0, walletBalance: 2 },
    },
    { type: "xstate.error.actor.withdraw", error: INSUFFICIENT },
    { type: "xstate.error.actor.withdraw", error: NETWORK },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.amount, snapshot.context.attempt !== null]),
});

describe("Withdraw Rewards dialog: walks from Home", () => {
  it.each(withdrawPaths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const { app, userId } = renderSignedIn(backend, "/home", { points: AVAILABLE, wallet: 0 });
    try {
      await screen.findAllByText("12.5000");
      const steps = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Step[];
      await walk(app, steps, withdrawGestures, { SUBMIT: ["withdraw", "withdraw-rewards"] });
      const leaf = path.state;
      const last = steps.at(-1)?.event;
      if (leaf.matches("closed")) {
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
        if (last?.type === "xstate.done.actor.withdraw") {
          expect(await findToast("Withdrawal successful!")).toBeTruthy();
          const account = backend.rewards.rewards.get(userId);
          const left = (account?.pointsMicro ?? -1) / 1e6;
          expect(left).toBeLessThan(AVAILABLE);
          // Home and the header show the server's figures at once.
          expect(await screen.findAllByText(left.toFixed(4))).not.toHaveLength(0);
          expect(screen.getByText(`$${(AVAILABLE - left).toFixed(2)}`)).toBeTruthy();
        }
      } else if (leaf.matches({ open: "withdrawing" })) {
        const busy = await within(dialog()).findByRole("button", { name: "Processing..." });
        expect(busy).toHaveProperty("disabled", true);
      } else if (leaf.matches({ open: "editing" })) {
        const amount = String(leaf.context.amount);
        expect(within(dialog()).getByText("12.5000")).toBeTruthy();
        expect((within(dialog()).getByLabelText("Amount") as HTMLInputElement).value).toBe(amount);
        expect(within(dialog()).getByRole("button", { name: "Withdraw" })).toHaveProperty(
          "disabled",
          !canWithdraw(amount, AVAILABLE),
        );
        if (last?.type === "xstate.error.actor.withdraw") {
          const code = (last.error as { code: string }).code;
          expect(
            await findToast(
              code === "INSUFFICIENT_BALANCE" ? "Insufficient balance" : "Failed to process withdrawal",
            ),
          ).toBeTruthy();
        }
      } else {
        throw new Error(`no assertion for leaf ${JSON.stringify(leaf.value)}`);
      }
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("ignores what is not a number, without a message, and refuses more than the balance", async () => {
    const { app } = renderSignedIn(backend, "/home", { points: AVAILABLE });
    try {
      await screen.findAllByText("12.5000");
      await withdrawGestures.OPEN(app);
      const field = within(dialog()).getByLabelText("Amount") as HTMLInputElement;
      expect(field.step).toBe("0.0001");
      expect(field.min).toBe("0");
      expect(field.max).toBe("12.5");
      expect(field.placeholder).toBe("0.0000");
      await app.user.type(field, "abc");
      expect(field.value).toBe("");
      await app.user.type(field, "12.5001");
      expect(within(dialog()).getByRole("button", { name: "Withdraw" })).toHaveProperty("disabled", true);
      expect(screen.queryByRole("alert")).toBeNull();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("keeps focus inside the dialog and closes on Escape, clearing the amount", async () => {
    const { app } = renderSignedIn(backend, "/home", { points: AVAILABLE });
    try {
      await screen.findAllByText("12.5000");
      await withdrawGestures.OPEN(app);
      await withdrawGestures["AMOUNT.CHANGE"](app, { type: "AMOUNT.CHANGE", value: "3" });
      for (let i = 0; i < 8; i++) {
        await app.user.tab();
        expect(dialog().contains(document.activeElement)).toBe(true);
      }
      await pressEscape(app);
      await withdrawGestures.OPEN(app);
      expect((within(dialog()).getByLabelText("Amount") as HTMLInputElement).value).toBe("");
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
