import { expect, test } from "@playwright/test";
import {
  extrasPaidMicro,
  fundViaDevnet,
  serverPoints,
  sessionOf,
  shownPoints,
  signUpAndLogIn,
} from "./fixtures.ts";

// The first tap sync of a day also claims the streak reward, and a fast run may earn a combo bonus: the
// totals below add what the server says it paid beside the taps (extrasPaidMicro; combo.spec.ts tests both).

test("50 taps, a reload before the sync: the server ends with exactly 50 × 0.001", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request);
  await page.goto("/tap");
  await expect(page.getByText("Earn 0.0010 per tap")).toBeVisible();
  const coin = page.getByRole("button", { name: "Tap to earn" });
  for (let i = 0; i < 50; i++) await coin.click();
  await expect(page.getByTestId("tap-balance")).toHaveText("0.0500");

  await page.reload();
  // The stored taps, or already the server's answer: the day's reward and perhaps a combo on top.
  await expect(page.getByTestId("tap-balance")).toHaveText(/^(0\.0500|1\.05\d\d)$/);
  await expect.poll(async () => (await serverPoints(page, request)).totalTaps, { timeout: 20_000 }).toBe(50);
  const extras = await extrasPaidMicro(page, request);
  expect((await serverPoints(page, request)).points).toBeCloseTo((50_000 + extras) / 1e6, 9);
  await expect(page.locator("header")).toContainText(shownPoints(50_000 + extras));
});

test("taps made offline are sent once the network is back, and counted once", async ({
  page,
  context,
  request,
}) => {
  await signUpAndLogIn(page, request);
  await page.goto("/tap");
  const coin = page.getByRole("button", { name: "Tap to earn" });
  await expect(page.getByText("Earn 0.0010 per tap")).toBeVisible();

  await context.setOffline(true);
  for (let i = 0; i < 20; i++) await coin.click();
  await expect(page.getByText("Failed to sync points with server")).toBeVisible({ timeout: 15_000 });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));

  await expect.poll(async () => (await serverPoints(page, request)).totalTaps, { timeout: 20_000 }).toBe(20);
  // Another full sync cycle later, still exactly once.
  await page.waitForTimeout(2_000);
  const extras = await extrasPaidMicro(page, request);
  expect(await serverPoints(page, request)).toEqual({ points: (20_000 + extras) / 1e6, totalTaps: 20 });
});

test("buying a multiplier: the card states, the toast, and earning at the new rate", async ({
  page,
  request,
}) => {
  const user = await signUpAndLogIn(page, request);
  await fundViaDevnet(request, user.email, 12, 150);
  await page.reload();
  await expect(page.getByText("Rewards Balance")).toBeVisible();
  await expect(page.locator("header")).toContainText("$12.00");

  await page.getByRole("button", { name: "Upgrade" }).click();
  const dialog = page.getByRole("dialog", { name: "Multipliers" });
  await expect(dialog.getByText("Boost your rewards with multipliers")).toBeVisible();
  await expect(dialog.getByText("$12.00")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Current" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Not enough funds" }).first()).toBeDisabled();
  await page.screenshot({ path: ".tmp/screenshots/multipliers-dialog.png" });

  // 0.005x costs $10: affordable with $12.
  const card = dialog.getByRole("listitem").filter({ hasText: "0.005x" });
  await card.getByRole("button", { name: "Purchase" }).click();
  await expect(page.getByText("Multiplier upgraded to 0.005x!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator("header")).toContainText("$2.00");

  await page.goto("/tap");
  await expect(page.getByText("Earn 0.0050 per tap")).toBeVisible();
  const before = await serverPoints(page, request);
  const coin = page.getByRole("button", { name: "Tap to earn" });
  for (let i = 0; i < 10; i++) await coin.click();
  await page.goto("/home"); // leaving the tap page sends the taps at once
  await expect
    .poll(async () => (await serverPoints(page, request)).totalTaps, { timeout: 15_000 })
    .toBe(before.totalTaps + 10);
  const extras = await extrasPaidMicro(page, request);
  expect((await serverPoints(page, request)).points).toBeCloseTo(before.points + (50_000 + extras) / 1e6, 9);
});

test("withdrawing rewards moves points into the wallet", async ({ page, request }) => {
  const user = await signUpAndLogIn(page, request);
  await fundViaDevnet(request, user.email, 1, 5);
  await page.reload();
  await page.getByRole("button", { name: "Withdraw Rewards" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw Rewards" });
  await expect(dialog.getByText("Move your rewards to your wallet")).toBeVisible();
  const withdraw = dialog.getByRole("button", { name: "Withdraw" });
  await expect(withdraw).toBeDisabled();
  await dialog.getByLabel("Amount").fill("6");
  await expect(withdraw).toBeDisabled();
  await dialog.getByLabel("Amount").fill("2.5");
  await page.screenshot({ path: ".tmp/screenshots/withdraw-dialog.png" });
  await withdraw.click();
  await expect(page.getByText("Withdrawal successful!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator("header")).toContainText("$3.50");
  // A first withdrawal also unlocks `first-withdrawal`, whose reward joins the points left (docs/api.md, Economy).
  const { token } = await sessionOf(page);
  const listed = await request.get("/api/rewards/achievements", {
    headers: { authorization: `Bearer ${token}` },
  });
  const { achievements } = (await listed.json()) as { achievements: { id: string; rewardPoints: number }[] };
  const reward = achievements.find((achievement) => achievement.id === "first-withdrawal")?.rewardPoints;
  expect((await serverPoints(page, request)).points).toBeCloseTo(2.5 + (reward ?? Number.NaN), 9);
});
