/**
 * Combos and auto-claim against the real server, at a phone's and a desktop's width (docs/product.md, "Tap
 * and Earn" and "Rewards area"): a fast run of 50 taps shows `Combo ×50`, plays the bonus cue and announces it
 * once; the sync that follows credits the server's bonus (10 % of the run's points) and, being the day's first,
 * claims the streak reward, toasted once and shown on the streak card. The page's clock is Playwright's, so the
 * taps' spacing is exact and the chain cannot end while the screen is looked at.
 */
import { expect, type Page, test } from "@playwright/test";
import { serverPoints, shoot, signUpAndLogIn } from "./fixtures.ts";

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

/** Gaps a finger might leave in a fast run: 50 to 109 ms, never even (40 to 999 ms chain). */
const gapOf = (tap: number) => 50 + ((tap * 29) % 60);

const meter = (page: Page) => page.getByTestId("combo-meter");
const balance = (page: Page) => page.getByTestId("tap-balance");

for (const viewport of WIDTHS) {
  test.describe(`Combos at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a fast run of 50 taps: Combo ×50, the bonus after the sync, and the day's reward claimed for you", async ({
      page,
      request,
    }) => {
      await signUpAndLogIn(page, request);
      await page.clock.install();
      await page.goto("/tap");
      await expect(page.getByText("Earn 0.0010 per tap")).toBeVisible();
      await expect(meter(page)).toBeHidden();
      // From here the page's time moves only when the test moves it.
      await page.clock.pauseAt(Date.now() + 1_000);

      const coin = page.getByRole("button", { name: "Tap to earn" });
      for (let tap = 0; tap < 50; tap++) {
        if (tap > 0) await page.clock.runFor(gapOf(tap));
        await coin.click();
        if (tap === 48) {
          await expect(meter(page)).toHaveText("Combo ×49");
          // Nothing is announced on an ordinary tap.
          await expect(page.locator("[aria-live=polite]").filter({ hasText: "Combo" })).toHaveCount(0);
        }
      }
      await expect(meter(page)).toBeVisible();
      await expect(meter(page)).toHaveText("Combo ×50");
      await expect(page.getByText("Combo 50! Bonus points on the way")).toHaveAttribute(
        "aria-live",
        "polite",
      );
      expect(await page.getByTestId("combo-bonus").evaluate((cue) => cue.getAnimations().length)).toBe(1);
      await expect(balance(page)).toHaveText("0.0500");
      await shoot(page, `combo-${viewport.width}`, { pausedClock: true });

      // Time runs again: a second without a tap ends the chain; 6 s after the last tap the batch goes out.
      await expect(meter(page)).toBeHidden();
      await expect(page.locator("[aria-live=polite]").filter({ hasText: "Combo" })).toHaveCount(0);
      await page.clock.runFor(6_000);

      // The server minted 10 % of the run's 0.05 points on top, and the day's first sync claimed day 1 (+1).
      await expect(page.getByText("Daily reward claimed: +1.0000 points")).toBeVisible();
      await expect(balance(page)).toHaveText("1.0550");
      expect(await serverPoints(page, request)).toEqual({ points: 1.055, totalTaps: 50 });
      await expect(page.getByText("Daily reward claimed: +1.0000 points")).toHaveCount(1);
      await shoot(page, `combo-synced-${viewport.width}`);

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
      const streak = page.getByRole("region", { name: "Daily streak" });
      await expect(streak.getByRole("button", { name: "Claimed today" })).toBeDisabled();
      const history = page.getByRole("region", { name: "Points history" });
      await expect(history.getByRole("listitem").first()).toContainText("Combo bonus");
      await expect(history.getByRole("listitem").first()).toContainText("+0.0050");
      await expect(history.getByRole("listitem").nth(1)).toContainText("+0.0500");
    });
  });
}

test("claimed by hand first: the day's first tap sync claims nothing more and toasts nothing", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
  const streak = page.getByRole("region", { name: "Daily streak" });
  await streak.getByRole("button", { name: "Claim +1 point" }).click();
  await expect(page.getByText("Day 1 streak: +1 point")).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tap" }).click();
  const coin = page.getByRole("button", { name: "Tap to earn" });
  for (let tap = 0; tap < 3; tap++) await coin.click();
  // Leaving the tap page sends the taps at once.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
  await expect.poll(async () => (await serverPoints(page, request)).totalTaps, { timeout: 15_000 }).toBe(3);
  expect((await serverPoints(page, request)).points).toBeCloseTo(1.003, 9);
  await expect(streak.getByRole("button", { name: "Claimed today" })).toBeDisabled();
  await expect(page.getByText(/^Daily reward claimed/)).toHaveCount(0);
});
