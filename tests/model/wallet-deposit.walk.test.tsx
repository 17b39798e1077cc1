/**
 * UI walks of the Deposit USDT tab: paths generated from the deposit machine, driven as gestures through the
 * real /wallet screen (route, components, machines, API client) with msw as the server. The fake holds the
 * calls that end a model step (reading the user record, generating, listing chain transfers) until the walk
 * reaches that step, then makes the server agree with it (an address saved, a deposit pending or credited)
 * and releases the call; a leaf that waits is never released. After every step the screen must show the
 * model's state; on the leaf, the toasts and figures the spec asks for. The 10 s and 5 s polls are left to
 * the machine's unit tests on a simulated clock.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { type DepositEvent, depositMachine } from "#src/machines/wallet/deposit.machine.ts";
import type { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import { FAKE_ADDRESSES, FAKE_EXPLORER } from "../msw/fake-wallet.ts";
import { describePath, generateTransitionPaths, type ModelEvent } from "./path-runner.ts";
import { findToast, renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
  backend.wallet.clear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

type App = ReturnType<typeof renderApp>;
type Step = { event: ModelEvent; state: AnyMachineSnapshot };

const ADDRESS = FAKE_ADDRESSES[0]!;
const NETWORK = { code: "NETWORK_ERROR", message: "Network error.", status: 0 };
const SERVER_ERROR = { code: "SERVER_ERROR", message: "Chain unavailable", status: 500 };
const tx = (status: string) => ({
  type: "receive",
  value: 5,
  timestamp: "2026-11-23T07:00:00.000Z",
  txId: "a".repeat(64),
  status,
});

const panel = () => screen.getByRole("tabpanel", { name: "Deposit USDT" });
const toastCount = (title: string) => screen.queryAllByText(title, { selector: "[data-title]" }).length;

const gestures = {
  GENERATE: async (app) =>
    app.user.click(within(panel()).getByRole("button", { name: "Generate USDT Wallet" })),
  REFRESH: async (app) => app.user.click(within(panel()).getByRole("button", { name: "Refresh" })),
  RETRY: async (app) => app.user.click(within(panel()).getByRole("button", { name: "Try again" })),
  COPY: async (app) => app.user.click(within(panel()).getByRole("button", { name: "Copy address" })),
} satisfies Record<DepositEvent["type"], (app: App) => Promise<void>>;

const paths = generateTransitionPaths(depositMachine, {
  input: { app: null as never, userId: "u1" },
  fakeActors: [],
  events: (snapshot) => [
    { type: "GENERATE" },
    { type: "REFRESH" },
    { type: "RETRY" },
    { type: "COPY" },
    { type: "xstate.done.actor.loadAddress", output: ADDRESS },
    { type: "xstate.done.actor.loadAddress", output: null },
    { type: "xstate.error.actor.loadAddress", error: NETWORK },
    { type: "xstate.done.actor.generate", output: { address: ADDRESS, saved: true } },
    { type: "xstate.done.actor.generate", output: { address: ADDRESS, saved: false } },
    { type: "xstate.error.actor.generate", error: SERVER_ERROR },
    // A credited deposit never turns pending again: the model offers only what a chain can do.
    ...(snapshot.context.transactions.length === 0
      ? [
          {
            type: "xstate.done.actor.refresh",
            output: { balance: 0, transactions: [tx("pending")], explorer: "" },
          },
        ]
      : []),
    {
      type: "xstate.done.actor.refresh",
      output: { balance: 5, transactions: [tx("confirmed")], explorer: "" },
    },
    { type: "xstate.done.actor.refresh", output: { balance: 0, transactions: undefined, explorer: "" } },
    { type: "xstate.done.actor.copyAddress" },
    { type: "xstate.error.actor.copyAddress", error: new Error("denied") },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.address !== null,
      snapshot.context.transactions.map((t: { status: string }) => t.status),
      snapshot.context.failing.transactions,
    ]),
});

/** Makes the fake server agree with an actor completion step, then lets the held call answer. */
function answer(userId: string, event: ModelEvent) {
  const { wallet } = backend;
  const output = (event as { output?: Record<string, unknown> | string | null }).output;
  switch (event.type) {
    case "xstate.done.actor.loadAddress":
      if (output) wallet.giveAddress(userId);
      return wallet.release("user", "ok");
    case "xstate.error.actor.loadAddress":
      return wallet.release("user", "network");
    case "xstate.done.actor.generate":
      if (!(output as { saved: boolean }).saved) wallet.failNext.set("patch", SERVER_ERROR);
      return wallet.release("generate", "ok");
    case "xstate.error.actor.generate":
      return wallet.release("generate", SERVER_ERROR);
    case "xstate.done.actor.refresh": {
      const [wanted] = ((output as { transactions?: { status: string }[] }).transactions ?? []).map(
        (t) => t.status,
      );
      if (!wanted) return wallet.release("transactions", "network");
      const pending = wallet.pendingDeposit(userId);
      if (wanted === "pending" && !pending) wallet.deposit(userId, 5);
      if (wanted === "confirmed" && pending) wallet.settleDeposit(userId, pending, "confirmed");
      if (wanted === "confirmed" && !pending && !wallet.hasDeposits(userId))
        wallet.deposit(userId, 5, "confirmed");
      return wallet.release("transactions", "ok");
    }
  }
}

/** The screen shows the model's state (waited for after every step, so no gesture races an answer). */
function expectScreen(state: AnyMachineSnapshot) {
  if (state.matches("loading")) {
    expect(within(panel()).getByRole("status", { name: "Loading wallet" })).toBeTruthy();
  } else if (state.matches("loadFailed")) {
    expect(within(panel()).getByText(/Could not load your wallet\. Check your connection/)).toBeTruthy();
    expect(within(panel()).getByRole("button", { name: "Try again" })).toBeTruthy();
  } else if (state.context.address === null) {
    expect(within(panel()).getByText(/one-time fee of 1 tron/)).toBeTruthy();
    const generating = state.matches("generating");
    const button = within(panel()).getByRole("button", {
      name: generating ? "Generating..." : "Generate USDT Wallet",
    });
    expect(button).toHaveProperty("disabled", generating);
    expect(screen.getByText("N/A")).toBeTruthy();
  } else {
    expect(within(panel()).getByTestId("deposit-address").textContent).toBe(ADDRESS);
    if (state.matches("generating")) {
      expect(within(panel()).getByRole("button", { name: "Generating..." })).toHaveProperty("disabled", true);
      return;
    }
    const refreshing = state.matches({ ready: { chain: "refreshing" } });
    expect(
      within(panel()).getByRole("button", { name: refreshing ? "Refreshing..." : "Refresh" }),
    ).toHaveProperty("disabled", refreshing);
    const statuses = (state.context.transactions as { status: string }[]).map((t) => t.status);
    if (statuses.length === 0) expect(within(panel()).getByText("No transactions found")).toBeTruthy();
    else {
      expect(within(panel()).getAllByText("Received 5.00 USDT")).toHaveLength(statuses.length);
      expect(within(panel()).queryAllByText(/· pending/)).toHaveLength(
        statuses.filter((s) => s === "pending").length,
      );
    }
  }
}

describe("Deposit USDT tab: walks of /wallet", () => {
  it.each(paths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const steps = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Step[];
    for (const route of ["user", "generate", "transactions"] as const) backend.wallet.hold(route);
    const { app, userId } = renderSignedIn(backend, "/wallet", { wallet: 0 });
    try {
      await screen.findByRole("tabpanel", { name: "Deposit USDT" });
      for (const [index, step] of steps.entries()) {
        const gesture = gestures[step.event.type as DepositEvent["type"]];
        if (step.event.type === "COPY") {
          const next = steps.slice(index + 1).find((later) => later.event.type.endsWith(".copyAddress"))
            ?.event.type;
          const writeText = vi.spyOn(navigator.clipboard, "writeText");
          if (next === "xstate.error.actor.copyAddress") writeText.mockRejectedValueOnce(new Error("denied"));
          else if (!next) writeText.mockImplementationOnce(() => new Promise(() => {}));
        }
        if (gesture) await gesture(app);
        else answer(userId, step.event);
        await waitFor(() => expectScreen(step.state));
      }
      const last = steps.at(-1)?.event;
      const before = steps.at(-2)?.state;
      switch (last?.type) {
        case "xstate.error.actor.loadAddress":
          expect(await findToast("Failed to load wallet information")).toBeTruthy();
          break;
        case "xstate.done.actor.generate": {
          const { saved } = (last as unknown as { output: { saved: boolean } }).output;
          expect(
            await findToast(
              saved ? "Wallet generated and saved successfully!" : "Wallet generated successfully!",
            ),
          ).toBeTruthy();
          break;
        }
        case "xstate.error.actor.generate":
          expect(
            await findToast(
              before?.context.address
                ? "Failed to generate wallet, saved state"
                : "Failed to generate wallet",
            ),
          ).toBeTruthy();
          break;
        case "xstate.done.actor.copyAddress":
          expect(await findToast("Address copied to clipboard")).toBeTruthy();
          expect(await navigator.clipboard.readText()).toBe(ADDRESS);
          break;
        case "xstate.error.actor.copyAddress":
          expect(await findToast("Could not copy the address")).toBeTruthy();
          break;
        case "xstate.done.actor.refresh": {
          const failed =
            (last as unknown as { output: { transactions?: unknown } }).output.transactions === undefined;
          if (failed && !before?.context.failing.transactions)
            expect(await findToast("Failed to fetch transactions")).toBeTruthy();
          break;
        }
      }
      // "Deposit successful!" once, only for a deposit seen pending that was then credited.
      const refreshes = steps
        .filter((step) => step.event.type === "xstate.done.actor.refresh")
        .map((step) => (step.event as unknown as { output: { transactions?: { status: string }[] } }).output)
        .map((output) => output.transactions?.[0]?.status);
      const firstPending = refreshes.indexOf("pending");
      const credited = firstPending >= 0 && refreshes.slice(firstPending + 1).includes("confirmed");
      if (credited) {
        expect(await findToast("Deposit successful!")).toBeTruthy();
        // The wallet balance (header and figure) and the Transaction History follow the credit.
        const figure = screen.getByText("Wallet Balance").parentElement as HTMLElement;
        expect(await within(figure).findByText("5.00 USDT")).toBeTruthy();
        expect(await screen.findByText("USDT deposit")).toBeTruthy();
      }
      expect(toastCount("Deposit successful!")).toBe(credited ? 1 : 0);
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});

describe("Deposit USDT tab: what each transfer shows", () => {
  it("lists the latest transfers with a View link to the explorer, and the figures in their decimals", async () => {
    const { app, userId } = renderSignedIn(backend, "/wallet", { wallet: 12.5 });
    backend.wallet.giveAddress(userId);
    const credited = backend.wallet.deposit(userId, 7.25, "confirmed");
    const pending = backend.wallet.deposit(userId, 300);
    try {
      const link = await screen.findByRole("link", {
        name: `View transaction ${pending.slice(0, 6)}…${pending.slice(-4)} (received 300.00 USDT) on the explorer`,
      });
      expect(link.getAttribute("href")).toBe(`${FAKE_EXPLORER}${pending}`);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(within(panel()).getByText("Received 300.00 USDT")).toBeTruthy();
      expect(within(panel()).getByText("Received 7.25 USDT")).toBeTruthy();
      expect(within(panel()).getAllByRole("link", { name: /View transaction/ })).toHaveLength(2);
      expect(credited).not.toBe(pending);
      // USDT Balance (4 decimals) in the header figures, USDT balance (2 decimals) in the tab.
      expect(await screen.findByText("7.2500")).toBeTruthy();
      expect(within(panel()).getByTestId("deposit-balance").textContent).toBe("7.25 USDT");
      const figure = screen.getByText("Wallet Balance").parentElement as HTMLElement;
      expect(await within(figure).findByText("19.75 USDT")).toBeTruthy();
      expect(toastCount("Deposit successful!")).toBe(0);
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("says Failed to process deposit when a pending deposit is refused by the chain", async () => {
    const { app, userId } = renderSignedIn(backend, "/wallet", { wallet: 0 });
    backend.wallet.giveAddress(userId);
    const txId = backend.wallet.deposit(userId, 40);
    try {
      await within(await screen.findByRole("tabpanel", { name: "Deposit USDT" })).findByText(/· pending/);
      backend.wallet.settleDeposit(userId, txId, "failed");
      await app.user.click(within(panel()).getByRole("button", { name: "Refresh" }));
      expect(await findToast("Failed to process deposit")).toBeTruthy();
      expect(await within(panel()).findByText(/· failed/)).toBeTruthy();
      expect(toastCount("Deposit successful!")).toBe(0);
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
