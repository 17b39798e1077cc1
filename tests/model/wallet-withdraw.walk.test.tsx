/**
 * UI walks of the Withdraw USDT tab: paths generated from the withdraw USDT machine's form region, driven as
 * gestures through the real /wallet screen with msw as the server. The fake holds every transfer until the
 * walk reaches the step that answers it (accepted, no answer, or Insufficient balance); a leaf that waits
 * never gets its answer. Every step's state is checked on screen; on the leaf, the toasts, the cleared form,
 * the wallet balance and the history; on every path, the Idempotency-Key rule. Following an accepted
 * withdrawal to confirmed or failed takes the real 3 s poll, so it is walked once each below.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import {
  amountProblem,
  type WithdrawUsdtEvent,
  withdrawProblem,
  withdrawUsdtMachine,
} from "#src/machines/wallet/withdraw-usdt.machine.ts";
import type { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import type { InjectedFailure } from "../msw/fake-rewards.ts";
import { describePath, generateTransitionPaths, type ModelEvent } from "./path-runner.ts";
import { findToast, renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
  backend.wallet.clear();
});
afterAll(() => server.close());

type App = ReturnType<typeof renderApp>;
type Step = { event: ModelEvent; state: AnyMachineSnapshot };

const TO = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
const BALANCE = 300;
const NETWORK = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const INSUFFICIENT = {
  code: "INSUFFICIENT_BALANCE",
  message: "Insufficient balance for withdrawal",
  status: 409,
};

const panel = () => screen.getByRole("tabpanel", { name: "Withdraw USDT" });
const field = (label: string) => within(panel()).getByLabelText(label) as HTMLInputElement;
const walletFigure = () => screen.getByText("Wallet Balance").parentElement as HTMLElement;

async function fill(app: App, label: string, value: string) {
  await app.user.clear(field(label));
  await app.user.click(field(label));
  await app.user.paste(value);
}

const gestures = {
  "TO.CHANGE": (app, event) => fill(app, "TRC20 address", event.value),
  "AMOUNT.CHANGE": (app, event) => fill(app, "Amount (USDT)", event.value),
  MAX: (app) => app.user.click(within(panel()).getByRole("button", { name: "Max" })),
  SUBMIT: (app) => app.user.click(within(panel()).getByRole("button", { name: "Withdraw" })),
} satisfies {
  [K in WithdrawUsdtEvent["type"]]: (
    app: App,
    event: Extract<WithdrawUsdtEvent, { type: K }>,
  ) => Promise<void>;
};

// The follow region (3 s poll) is left out: an accepted withdrawal only counts as "following".
const paths = generateTransitionPaths(withdrawUsdtMachine, {
  input: { app: null as never, newId: () => "key" },
  fakeActors: [],
  events: (snapshot) => {
    const balance = snapshot.context.following.length > 0 ? 0 : BALANCE;
    return [
      { type: "TO.CHANGE", value: TO },
      { type: "AMOUNT.CHANGE", value: "301" },
      { type: "MAX", balance },
      { type: "SUBMIT", balance },
      {
        type: "xstate.done.actor.transfer",
        output: { success: true, withdrawal: { id: "w1", status: "pending", amount: BALANCE, to: TO } },
      },
      { type: "xstate.error.actor.transfer", error: NETWORK },
      { type: "xstate.error.actor.transfer", error: INSUFFICIENT },
    ];
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value.form,
      snapshot.context.to !== "",
      snapshot.context.amount,
      snapshot.context.attempt !== null,
      snapshot.context.following.length > 0,
    ]),
});

function outcomeOf(event: ModelEvent): InjectedFailure | "ok" {
  if (event.type === "xstate.done.actor.transfer") return "ok";
  const error = event.error as typeof NETWORK;
  return error.status === 0 ? "network" : error;
}

function expectScreen(state: AnyMachineSnapshot) {
  const { to, amount } = state.context as { to: string; amount: string };
  if (state.matches({ form: "submitting" })) {
    expect(within(panel()).getByRole("button", { name: "Processing..." })).toHaveProperty("disabled", true);
    expect(field("TRC20 address").disabled).toBe(true);
    return;
  }
  expect(field("TRC20 address").value).toBe(to);
  expect(field("Amount (USDT)").value).toBe(amount);
  expect(within(panel()).getByRole("button", { name: "Withdraw" })).toHaveProperty(
    "disabled",
    withdrawProblem(to, amount) !== null,
  );
  const problem = amount === "" ? null : amountProblem(amount);
  if (problem) expect(within(panel()).getByText(problem)).toBeTruthy();
  expect(field("Amount (USDT)").getAttribute("aria-invalid")).toBe(String(problem !== null));
}

describe("Withdraw USDT tab: walks of /wallet", () => {
  it.each(paths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const steps = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Step[];
    const outcomes: Array<InjectedFailure | "ok"> = [];
    backend.wallet.hold("transfer");
    const { app } = renderSignedIn(backend, "/wallet?tab=withdraw", { wallet: BALANCE });
    try {
      await within(await screen.findByRole("tabpanel", { name: "Withdraw USDT" })).findByText(
        "Available: 300.00 USDT",
      );
      for (const step of steps) {
        const gesture = gestures[step.event.type as WithdrawUsdtEvent["type"]];
        if (gesture) await gesture(app, step.event as never);
        else {
          outcomes.push(outcomeOf(step.event));
          backend.wallet.release("transfer", outcomes.at(-1)!);
        }
        await waitFor(() => expectScreen(step.state));
      }
      const last = steps.at(-1)?.event;
      if (last?.type === "xstate.done.actor.transfer") {
        expect(await findToast("Withdrawal submitted")).toBeTruthy();
        expect(screen.getByText("300 USDT to TDvSsd...we9K. It confirms in a few seconds.")).toBeTruthy();
        expect(await screen.findByText("USDT withdrawal to TDvSsd...we9K")).toBeTruthy();
        expect(await within(walletFigure()).findByText("0.00 USDT")).toBeTruthy();
      } else if (last?.type === "xstate.error.actor.transfer") {
        const insufficient = (last.error as typeof NETWORK).code === "INSUFFICIENT_BALANCE";
        expect(
          await findToast(
            insufficient ? "Insufficient balance for withdrawal" : "Failed to process withdrawal",
          ),
        ).toBeTruthy();
        if (!insufficient)
          expect(screen.getByText(/Check your connection and press Withdraw again/)).toBeTruthy();
      } else if (last?.type === "SUBMIT" && path.state.matches({ form: "idle" })) {
        // More than the wallet holds: refused here, without a call.
        expect(await findToast("Insufficient balance for withdrawal")).toBeTruthy();
      }
      // The Idempotency-Key stays with the same request until a definitive answer, and only then changes.
      const calls = backend.wallet.transferCalls;
      expect(calls.length).toBeGreaterThanOrEqual(outcomes.length);
      for (const [index, call] of calls.entries()) {
        expect(call).toMatchObject({ to: TO, amount: BALANCE });
        const previous = calls[index - 1];
        if (!previous) continue;
        if (outcomes[index - 1] === "network") expect(call.key).toBe(previous.key);
        else expect(call.key).not.toBe(previous.key);
      }
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});

describe("Withdraw USDT tab: checks, tabs and the followed withdrawal", () => {
  async function openWithdraw(wallet: number) {
    const rendered = renderSignedIn(backend, "/wallet", { wallet });
    const tab = await screen.findByRole("tab", { name: "Deposit USDT" });
    // The tabs take the keyboard: arrow right moves to Withdraw USDT, Enter opens it, the URL remembers it.
    // (A browser also opens it on the arrow alone; jsdom's animation frames do not get that far.)
    tab.focus();
    await rendered.app.user.keyboard("{ArrowRight}");
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Withdraw USDT"));
    await rendered.app.user.keyboard("{Enter}");
    await waitFor(() => expect(rendered.app.location()).toBe("/wallet?tab=withdraw"));
    expect(screen.getByRole("tab", { name: "Withdraw USDT" }).getAttribute("aria-selected")).toBe("true");
    await within(panel()).findByText(`Available: ${wallet.toFixed(2)} USDT`);
    return rendered;
  }

  it("says beside each field what is wrong, and keeps Withdraw disabled until it is right", async () => {
    const { app } = await openWithdraw(500);
    try {
      expect(within(panel()).getByText("Minimum withdrawal: 300 USDT")).toBeTruthy();
      expect(within(panel()).getByText("Enter the TRC20 address to send to.")).toBeTruthy();
      await fill(app, "TRC20 address", `${TO.slice(0, -1)}L`);
      const addressError = "Enter a valid TRC20 address (starts with T, 34 characters).";
      expect(within(panel()).getByText(addressError)).toBeTruthy();
      expect(field("TRC20 address").getAttribute("aria-invalid")).toBe("true");
      expect(within(panel()).getByRole("button", { name: "Withdraw" })).toHaveProperty("disabled", true);
      await fill(app, "TRC20 address", TO);
      expect(within(panel()).queryByText(addressError)).toBeNull();
      await fill(app, "Amount (USDT)", "299");
      expect(within(panel()).getByText("The minimum withdrawal is 300 USDT.")).toBeTruthy();
      expect(within(panel()).getByRole("button", { name: "Withdraw" })).toHaveProperty("disabled", true);
      await app.user.click(within(panel()).getByRole("button", { name: "Max" }));
      expect(field("Amount (USDT)").value).toBe("500");
      expect(within(panel()).getByRole("button", { name: "Withdraw" })).toHaveProperty("disabled", false);
      expect(backend.wallet.transferCalls).toEqual([]);
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("follows an accepted withdrawal until the chain confirms it", async () => {
    const { app } = await openWithdraw(300);
    try {
      await fill(app, "TRC20 address", TO);
      await app.user.click(within(panel()).getByRole("button", { name: "Max" }));
      await app.user.click(within(panel()).getByRole("button", { name: "Withdraw" }));
      expect(await findToast("Withdrawal submitted")).toBeTruthy();
      expect(await screen.findByText(/· pending/)).toBeTruthy();
      backend.wallet.settleWithdrawals("confirmed");
      expect(await findToast("Withdrawal successful!", { timeout: 8_000 })).toBeTruthy();
      await waitFor(() => expect(screen.queryByText(/· pending/)).toBeNull(), { timeout: 8_000 });
      expect(within(walletFigure()).getByText("0.00 USDT")).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("says the money is back when the chain refuses the withdrawal", async () => {
    const { app } = await openWithdraw(300);
    try {
      await fill(app, "TRC20 address", TO);
      await fill(app, "Amount (USDT)", "300");
      await app.user.click(within(panel()).getByRole("button", { name: "Withdraw" }));
      expect(await within(walletFigure()).findByText("0.00 USDT")).toBeTruthy();
      backend.wallet.settleWithdrawals("failed");
      expect(await findToast("Failed to process withdrawal", { timeout: 8_000 })).toBeTruthy();
      expect(screen.getByText("The 300 USDT did not go out and is back in your wallet.")).toBeTruthy();
      expect(await screen.findByText("Withdrawal refund")).toBeTruthy();
      expect(await within(walletFigure()).findByText("300.00 USDT")).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });
  it("says a held withdrawal awaits review, lists it so, and shows an admin's reason when rejected", async () => {
    backend.wallet.holdWithdrawals();
    const { app } = await openWithdraw(300);
    try {
      await fill(app, "TRC20 address", TO);
      await fill(app, "Amount (USDT)", "300");
      await app.user.click(within(panel()).getByRole("button", { name: "Withdraw" }));
      expect(await findToast("Withdrawal awaiting review")).toBeTruthy();
      expect(
        screen.getByText("An admin reviews it before it is sent; the USDT stays reserved meanwhile."),
      ).toBeTruthy();
      const held = await screen.findByText("Awaiting review");
      expect(held.parentElement?.textContent).toMatch(/· pending/);
      expect(await within(walletFigure()).findByText("0.00 USDT")).toBeTruthy();
      backend.wallet.decideWithdrawals("reject", "Several accounts share this network.");
      expect(await findToast("Failed to process withdrawal", { timeout: 8_000 })).toBeTruthy();
      expect(
        screen.getByText(
          "Rejected: Several accounts share this network. The 300 USDT is back in your wallet.",
        ),
      ).toBeTruthy();
      const rejected = await screen.findByText("Several accounts share this network.", { selector: "span" });
      expect(rejected.parentElement?.textContent).toMatch(/· failed/);
      expect(await within(walletFigure()).findByText("300.00 USDT")).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("follows a held withdrawal an admin approves until the chain confirms it", async () => {
    backend.wallet.holdWithdrawals();
    const { app } = await openWithdraw(300);
    try {
      await fill(app, "TRC20 address", TO);
      await fill(app, "Amount (USDT)", "300");
      await app.user.click(within(panel()).getByRole("button", { name: "Withdraw" }));
      expect(await findToast("Withdrawal awaiting review")).toBeTruthy();
      backend.wallet.decideWithdrawals("approve");
      expect(await screen.findByText(/USDT withdrawal to/, {}, { timeout: 8_000 })).toBeTruthy();
      backend.wallet.settleWithdrawals("confirmed");
      expect(await findToast("Withdrawal successful!", { timeout: 8_000 })).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
