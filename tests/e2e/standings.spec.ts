/**
 * The Leaderboard and Stats pages against the real server, at a phone's and a desktop's width, with axe
 * (docs/product.md, Leaderboard and Stats): a player taps, finds themselves on today's board as "You", moves
 * between the period tabs (the URL follows, Back returns, the keyboard reaches the board), sees their row change
 * live after taps in another tab, and reads today's taps on the Stats chart and its table.
 */
import { expect, type Page, test } from "@playwright/test";
import { shoot, signUpAndLogIn } from "./fixtures.ts";

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

async function tapAndSync(page: Page, taps: number) {
  await page.goto("/tap");
  const coin = page.getByRole("button", { name: "Tap to earn" });
  await expect(coin).toBeVisible();
  for (let i = 0; i < taps; i++) await coin.click();
  // Leaving the tap page sends the taps.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
  await expect(page).toHaveURL(/\/rewards$/);
}

for (const viewport of WIDTHS) {
  test.describe(`Standings at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the leaderboard's periods live in the URL and the player's row is marked", async ({
      page,
      request,
    }) => {
      await signUpAndLogIn(page, request, "Leaderboard Lee");
      await tapAndSync(page, 12);
      await page
        .getByRole("navigation", { name: "Standings" })
        .getByRole("link", { name: "Leaderboard" })
        .click();
      await expect(page).toHaveURL(/\/leaderboard$/);
      const today = page.getByRole("table", { name: "Leaderboard: Today" });
      const mine = today.getByRole("row").filter({ hasText: "You" });
      await expect(mine).toContainText("Leaderboard Lee");
      await expect(mine).toContainText("0.0120");
      await expect(page.getByTestId("my-place")).toContainText("Your place: #");
      await shoot(page, `standings-leaderboard-${viewport.width}`);

      await page.getByRole("tab", { name: "This week" }).click();
      await expect(page).toHaveURL(/\/leaderboard\?period=week$/);
      await expect(page.getByRole("table", { name: "Leaderboard: This week" })).toContainText(
        "Leaderboard Lee",
      );
      await page.getByRole("tab", { name: "All time" }).click();
      await expect(page).toHaveURL(/period=all$/);
      await expect(page.getByRole("table", { name: "Leaderboard: All time" })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/period=week$/);
      await expect(page.getByRole("tab", { name: "This week" })).toHaveAttribute("aria-selected", "true");
      // Arrow keys move between the tabs, as a tab list should.
      await page.getByRole("tab", { name: "This week" }).focus();
      await page.keyboard.press("ArrowLeft");
      await expect(page.getByRole("tab", { name: "Today" })).toBeFocused();
      // The next Tab stop is the board's panel, and the keyboard user can see it is.
      await page.keyboard.press("Tab");
      const panel = page.getByRole("tabpanel", { name: "Today" });
      await expect(panel).toBeFocused();
      expect(await panel.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");
      await shoot(page, `standings-leaderboard-focus-${viewport.width}`);

      // A reload opens the same board.
      await page.goto("/leaderboard?period=all");
      await expect(page.getByRole("tab", { name: "All time" })).toHaveAttribute("aria-selected", "true");
      const allTime = page.getByRole("table", { name: "Leaderboard: All time" });
      await expect(allTime.getByRole("row").filter({ hasText: "You" })).toContainText("0.0120");

      // Taps synced from another tab reach this board through the live stream, without a reload.
      const other = await page.context().newPage();
      await tapAndSync(other, 3);
      await other.close();
      await expect(allTime.getByRole("row").filter({ hasText: "You" })).toContainText("0.0150", {
        timeout: 20_000,
      });
    });

    test("the Stats page charts today's taps, with the figures as a table", async ({ page, request }) => {
      await signUpAndLogIn(page, request, "Stats Sam");
      await tapAndSync(page, 7);
      await page.getByRole("navigation", { name: "Standings" }).getByRole("link", { name: "Stats" }).click();
      await expect(page).toHaveURL(/\/stats$/);
      await expect(page.getByTestId("stats-taps")).toHaveText("7");
      await expect(page.getByTestId("stats-points")).toHaveText("0.0070");
      await expect(page.getByTestId("stats-today")).toHaveText("0.0070");
      const chart = page.getByRole("img", { name: /Taps and points per day, the last 30 days/ });
      await expect(chart.locator("canvas")).toBeVisible();
      await expect(page.getByText("Still at the starting multiplier.", { exact: false })).toBeVisible();
      await page.getByText("The figures as a table").click();
      const table = page.getByRole("table", { name: "Taps and points per day" });
      await expect(table.getByRole("row")).toHaveCount(31);
      await expect(table.getByRole("row").nth(1)).toContainText("7");
      await expect(table.getByRole("row").nth(1)).toContainText("0.0070");
      await shoot(page, `standings-stats-${viewport.width}`);
    });
  });
}
