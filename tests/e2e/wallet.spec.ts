import { expect, test } from "@playwright/test";
import { fundViaDevnet, sessionOf, signUpAndLogIn } from "./fixtures.ts";

/** A valid TRC20 address nobody in the e2e run owns (private key 2). */
const OUTSIDE_ADDRESS = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";

for (const viewport of [
  { name: "375", width: 375, height: 812 },
  { name: "1280", width: 1280, height: 900 },
]) {
  test(`wallet at ${viewport.name} px: generate, devnet deposit credited once, 299 refused, 300 confirmed`, async ({
    page,
    request,
    context,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const user = await signUpAndLogIn(page, request);
    await page.goto("/wallet");
    await expect(page.getByRole("heading", { name: "Wallet", exact: true })).toBeVisible();
    await expect(page.getByText("Generating your wallet costs a one-time fee of 1 tron.")).toBeVisible();
    await expect(page.getByText("USDT Balance")).toBeVisible();
    await page.screenshot({ path: `.tmp/screenshots/wallet-generate-${viewport.name}.png`, fullPage: true });

    await page.getByRole("button", { name: "Generate USDT Wallet" }).click();
    await expect(page.getByText("Wallet generated and saved successfully!")).toBeVisible();
    const address = (await page.getByTestId("deposit-address").textContent()) ?? "";
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await expect(page.getByText("No transactions found")).toBeVisible();

    await page.getByRole("button", { name: "Copy address" }).click();
    await expect(page.getByText("Address copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // A devnet deposit, as `npm run devnet -- deposit <address> <amount>` sends it.
    const sent = await request.post("/api/devnet/deposit", { data: { address, amount: 250.5 } });
    expect(sent.status()).toBe(200);
    const { txId } = (await sent.json()) as { txId: string };
    await expect(page.getByText("Deposit successful!")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Received 250.50 USDT")).toBeVisible();
    await expect(page.getByRole("link", { name: /View transaction/ })).toHaveAttribute(
      "href",
      new RegExp(`${txId}$`),
    );
    await expect(page.locator("header")).toContainText("$250.50");
    await expect(page.getByTestId("deposit-balance")).toHaveText("250.50 USDT");
    await expect(page.getByText("USDT deposit")).toBeVisible();
    await page.screenshot({ path: `.tmp/screenshots/wallet-deposit-${viewport.name}.png`, fullPage: true });

    // Credited once: another refresh and a wait change nothing.
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await page.waitForTimeout(1_500);
    const { token } = await sessionOf(page);
    const balance = await request.get("/api/wallet/balance", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await balance.json()) as { balance: number }).balance).toBe(250.5);
    await expect(page.getByText("Deposit successful!")).toHaveCount(1);

    await fundViaDevnet(request, user.email, 49.5);
    await page.getByRole("tab", { name: "Withdraw USDT" }).click();
    await expect(page.getByText("Minimum withdrawal: 300 USDT")).toBeVisible();
    await page.getByLabel("TRC20 address").fill(`${OUTSIDE_ADDRESS.slice(0, -1)}L`);
    await page.getByLabel("Amount (USDT)").fill("300");
    await expect(page.getByText("Enter a valid TRC20 address (starts with T, 34 characters).")).toBeVisible();
    await expect(page.getByRole("button", { name: "Withdraw", exact: true })).toBeDisabled();
    await page.getByLabel("TRC20 address").fill(OUTSIDE_ADDRESS);
    await page.getByLabel("Amount (USDT)").fill("299");
    await expect(page.getByText("The minimum withdrawal is 300 USDT.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Withdraw", exact: true })).toBeDisabled();
    await page.screenshot({ path: `.tmp/screenshots/wallet-withdraw-${viewport.name}.png`, fullPage: true });

    await page.reload(); // the header's wallet balance picks up the funding
    await page.getByRole("tab", { name: "Withdraw USDT" }).click();
    await page.getByLabel("TRC20 address").fill(OUTSIDE_ADDRESS);
    await page.getByRole("button", { name: "Max" }).click();
    await expect(page.getByLabel("Amount (USDT)")).toHaveValue("300");
    await page.getByLabel("Amount (USDT)").fill("300.01");
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await expect(page.getByText("Insufficient balance for withdrawal")).toBeVisible();
    await page.getByLabel("Amount (USDT)").fill("300");
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    // Read from the toasts' region, so a failure prints every toast shown instead (CI once found none here).
    await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Withdrawal submitted");
    await expect(page.getByText("Withdrawal submitted")).toBeVisible();
    await expect(page.locator("header")).toContainText("$0.00");
    await expect(page.getByText(/pending/).first()).toBeVisible();
    await expect(page.getByText("Withdrawal successful!")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/USDT withdrawal to TDvSsd/).first()).toBeVisible();
    await page.screenshot({ path: `.tmp/screenshots/wallet-withdrawn-${viewport.name}.png`, fullPage: true });
  });
}
