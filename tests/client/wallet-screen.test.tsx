/**
 * The Wallet screen through the real app (routes, components, machines, API client) with msw as the server:
 * what a person sees while generating an address, receiving a deposit, and withdrawing USDT.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findToast, renderSignedIn } from "../model/signed-in.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
  backend.wallet.clear();
});
afterAll(() => server.close());

const TO = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";

describe("Wallet screen", () => {
  it("generates the deposit address, credits a deposit once it confirms, and links it to the explorer", async () => {
    const { app, userId } = renderSignedIn(backend, "/wallet", { wallet: 0 });
    expect(
      await screen.findByText("Generating your wallet costs a one-time fee of 1 tron.", { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText("N/A")).toBeTruthy();
    await app.user.click(screen.getByRole("button", { name: "Generate USDT Wallet" }));
    expect(await findToast("Wallet generated and saved successfully!")).toBeTruthy();
    expect((await screen.findByTestId("deposit-address")).textContent).toBe(
      "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC",
    );
    expect(await screen.findByText("No transactions found")).toBeTruthy();

    const txId = backend.wallet.deposit(userId, 310);
    await app.user.click(screen.getByRole("button", { name: "Refresh transactions" }));
    expect(await screen.findByText(/pending/)).toBeTruthy();
    backend.wallet.settleDeposit(userId, txId, "confirmed");
    await app.user.click(screen.getByRole("button", { name: "Refresh transactions" }));
    expect(await findToast("Deposit successful!")).toBeTruthy();
    const link = await screen.findByRole("link", { name: /View transaction/ });
    expect(link.getAttribute("href")).toBe(`https://explorer.test/tx/${txId}`);
    await waitFor(() => expect(screen.getAllByText("310.00 USDT").length).toBeGreaterThan(0));
    expect(await screen.findByText("USDT deposit")).toBeTruthy();
    await app.stop();
  });

  it("says why a withdrawal cannot go, refuses more than the balance, and follows one to confirmation", async () => {
    const { app } = renderSignedIn(backend, "/wallet", { wallet: 350 });
    await app.user.click(await screen.findByRole("tab", { name: "Withdraw USDT" }));
    const withdraw = screen.getByRole("button", { name: "Withdraw" });
    await app.user.type(screen.getByLabelText("TRC20 address"), `${TO.slice(0, -1)}L`);
    await app.user.type(screen.getByLabelText("Amount (USDT)"), "300");
    expect(screen.getByText("Enter a valid TRC20 address (starts with T, 34 characters).")).toBeTruthy();
    expect(withdraw).toHaveProperty("disabled", true);
    await app.user.clear(screen.getByLabelText("TRC20 address"));
    await app.user.type(screen.getByLabelText("TRC20 address"), TO);
    await app.user.clear(screen.getByLabelText("Amount (USDT)"));
    await app.user.type(screen.getByLabelText("Amount (USDT)"), "29a9");
    expect((screen.getByLabelText("Amount (USDT)") as HTMLInputElement).value).toBe("299");
    expect(screen.getByText("The minimum withdrawal is 300 USDT.")).toBeTruthy();
    await app.user.click(screen.getByRole("button", { name: "Max" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Amount (USDT)") as HTMLInputElement).value).toBe("350"),
    );
    await app.user.type(screen.getByLabelText("Amount (USDT)"), "1");
    await app.user.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(await findToast("Insufficient balance for withdrawal")).toBeTruthy();

    await app.user.clear(screen.getByLabelText("Amount (USDT)"));
    await app.user.type(screen.getByLabelText("Amount (USDT)"), "300");
    await app.user.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(await findToast("Withdrawal submitted")).toBeTruthy();
    expect((screen.getByLabelText("TRC20 address") as HTMLInputElement).value).toBe("");
    const history = screen.getByRole("heading", { name: "Transaction History" }).parentElement as HTMLElement;
    expect(await within(history).findByText(/pending/)).toBeTruthy();
    backend.wallet.settleWithdrawals("confirmed");
    expect(await findToast("Withdrawal successful!", { timeout: 6_000 })).toBeTruthy();
    await app.stop();
  });

  it("says what failed: generating the address, or reading the chain", async () => {
    const { app } = renderSignedIn(backend, "/wallet", { wallet: 0 });
    backend.wallet.failNext.set("generate", { status: 500, code: "SERVER_ERROR", message: "boom" });
    await app.user.click(await screen.findByRole("button", { name: "Generate USDT Wallet" }));
    expect(await findToast("Failed to generate wallet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Generate USDT Wallet" })).toBeTruthy();
    backend.wallet.failNext.set("transactions", { status: 503, code: "CHAIN_UNAVAILABLE", message: "down" });
    await app.user.click(screen.getByRole("button", { name: "Generate USDT Wallet" }));
    expect(await findToast("Failed to fetch transactions")).toBeTruthy();
    await app.stop();
  });
});
