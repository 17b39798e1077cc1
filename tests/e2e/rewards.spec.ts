/**
 * The Rewards area against the real server, at a phone's and a desktop's width, with axe on every screen
 * (docs/decisions/020): a streak claimed, a booster refused for too few points and bought with enough, taps
 * credited at ×2 exactly, and the first-tap achievement announced.
 */
import { expect, type Page, test } from "@playwright/test";
import {
  extrasPaidMicro,
  fundViaDevnet,
  serverPoints,
  shoot,
  shownPoints,
  signUpAndLogIn,
} from "./fixtures.ts";

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

const header = (page: Page) => page.locator("header");

/** The Rewards page through the bottom navigation, as a person gets there. */
async function openRewards(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
  await expect(page).toHaveURL(/\/rewards$/);
  await expect(page.getByRole("heading", { name: "Rewards", level: 1 })).toBeVisible();
}

const region = (page: Page, name: string) => page.getByRole("region", { name });

for (const viewport of WIDTHS) {
  test.describe(`Rewards at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("claiming today's streak pays 1 point once", async ({ page, request }) => {
      await signUpAndLogIn(page, request);
      await openRewards(page);
      const streak = region(page, "Daily streak");
      const claim = streak.getByRole("button", { name: "Claim +1 point" });
      await expect(claim).toBeEnabled();
      await expect(streak.getByRole("list", { name: "Last 7 days" }).getByRole("listitem")).toHaveCount(7);
      await expect(region(page, "Achievements").getByRole("progressbar").first()).toBeVisible();
      await shoot(page, `rewards-${viewport.width}`);

      await claim.click();
      await expect(page.getByText("Day 1 streak: +1 point")).toBeVisible();
      await expect(streak.getByRole("button", { name: "Claimed today" })).toBeDisabled();
      // The current run and the best are both one day now.
      await expect(streak.getByText("1 day", { exact: true })).toHaveCount(2);
      await expect(header(page)).toContainText("1.0000");
      expect((await serverPoints(page, request)).points).toBe(1);
      await shoot(page, `rewards-claimed-${viewport.width}`);

      // Another visit the same day: already claimed, nothing more paid.
      await page.reload();
      await expect(
        region(page, "Daily streak").getByRole("button", { name: "Claimed today" }),
      ).toBeDisabled();
      expect((await serverPoints(page, request)).points).toBe(1);
    });

    test("a booster: `Insufficient points` below 100, `Purchase successful!` with enough", async ({
      page,
      request,
    }) => {
      const user = await signUpAndLogIn(page, request);
      await openRewards(page);
      const boosters = region(page, "Boosters");
      await boosters.getByRole("button", { name: "Buy Turbo ×2" }).click();
      await expect(page.getByText("Insufficient points", { exact: true })).toBeVisible();
      await shoot(page, `rewards-insufficient-${viewport.width}`);

      await fundViaDevnet(request, user.email, 1, 150);
      await page.reload();
      await expect(header(page)).toContainText("150.0000");
      await region(page, "Boosters").getByRole("button", { name: "Buy Turbo ×2" }).click();
      await expect(page.getByText("Purchase successful!")).toBeVisible();
      const timer = region(page, "Boosters").getByRole("timer");
      await expect(timer).toHaveText(/^(10:00|9:[0-5]\d)$/);
      await expect(region(page, "Boosters").getByRole("button", { name: "Running" })).toBeDisabled();
      await expect(header(page)).toContainText("50.0000");
      expect((await serverPoints(page, request)).points).toBe(50);
      await shoot(page, `rewards-booster-${viewport.width}`);
      // The countdown runs on its own.
      const shown = await timer.textContent();
      await expect(timer).not.toHaveText(shown ?? "", { timeout: 3_000 });
    });

    test("taps during a ×2 booster: the server credits exactly 2 × multiplier × taps", async ({
      page,
      request,
    }) => {
      const user = await signUpAndLogIn(page, request);
      await fundViaDevnet(request, user.email, 1, 150);
      await page.reload();
      await openRewards(page);
      await region(page, "Boosters").getByRole("button", { name: "Buy Turbo ×2" }).click();
      await expect(page.getByText("Purchase successful!")).toBeVisible();

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tap" }).click();
      await expect(page.getByRole("timer", { name: "Booster time left" })).toHaveText(
        /^×2 boost · \d+:\d\d$/,
      );
      await expect(page.getByText("Earn 0.0020 per tap")).toBeVisible();
      await shoot(page, `tap-boosted-${viewport.width}`);
      const before = await serverPoints(page, request);
      const coin = page.getByRole("button", { name: "Tap to earn" });
      const taps = 25;
      for (let i = 0; i < taps; i++) await coin.click();
      await expect(page.getByTestId("tap-balance")).toHaveText("50.0500");
      // Leaving the tap page sends the taps at once.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
      await expect
        .poll(async () => (await serverPoints(page, request)).totalTaps, { timeout: 15_000 })
        .toBe(before.totalTaps + taps);
      const after = await serverPoints(page, request);
      // Exact in micro-points: 2 × 0.001 × 25 = 0.05 (first-tap's reward, if it came, is counted apart, and so
      // is the day's streak reward the first sync claimed).
      const extras = await extrasPaidMicro(page, request);
      const achievementPoints = Math.round((after.points - before.points) * 1e6) - 2 * 1_000 * taps - extras;
      expect([0, ...(await firstTapReward(page, request))]).toContain(achievementPoints);
      await expect(header(page)).toContainText(
        shownPoints(before.points * 1e6 + 2 * 1_000 * taps + achievementPoints + extras),
      );

      await openRewards(page);
      const history = region(page, "Points history");
      await expect(history.getByText("×2 boost").first()).toBeVisible();
    });

    test("the first tap unlocks `first-tap`, announced wherever the user is", async ({ page, request }) => {
      await signUpAndLogIn(page, request);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tap" }).click();
      await page.getByRole("button", { name: "Tap to earn" }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
      await expect(page.getByText(/^Achievement unlocked: First tap( \(\+\d+ points?\))?$/i)).toBeVisible({
        timeout: 15_000,
      });
      await openRewards(page);
      const card = region(page, "Achievements")
        .getByRole("listitem")
        .filter({ hasText: /first tap/i });
      await expect(card.getByText(/^Unlocked /)).toBeVisible();
      await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
      await shoot(page, `rewards-achievement-${viewport.width}`);
    });
  });
}

/** The first-tap reward the server pays, read from the achievements list (a setting on the server). */
async function firstTapReward(page: Page, request: Parameters<typeof serverPoints>[1]) {
  const token = await page.evaluate(() => localStorage.getItem("auth_token") ?? "");
  const response = await request.get("/api/rewards/achievements", {
    headers: { authorization: `Bearer ${token}` },
  });
  const { achievements } = (await response.json()) as {
    achievements: Array<{ id: string; rewardPoints: number }>;
  };
  const reward = achievements.find((item) => item.id === "first-tap")?.rewardPoints ?? 0;
  return [reward * 1_000_000];
}
