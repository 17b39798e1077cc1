/**
 * Referrals against the real server, at a phone's and a desktop's width, with axe (docs/product.md,
 * Referrals): the referrer's card shows the invitation link; a friend opens it in another browser, signs up
 * with the code already filled in, logs in and taps; the referrer's card, left open, shows the friend and the
 * 10 % share without a reload, and the server agrees to the micro-point.
 */
import { expect, type Page, test } from "@playwright/test";
import { logInViaForm, newUser, serverPoints, shoot, signUpAndLogIn } from "./fixtures.ts";

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

const card = (page: Page) => page.getByRole("region", { name: "Invite friends" });

for (const viewport of WIDTHS) {
  test.describe(`Referrals at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a friend signs up through the link and taps; the referrer's card follows live", async ({
      page,
      request,
      browser,
    }) => {
      await signUpAndLogIn(page, request, "Grace Hopper");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
      const referral = card(page);
      const linkField = referral.getByLabel("Your invitation link");
      await expect(linkField).toHaveValue(/\/auth\?mode=signup&ref=[A-Za-z0-9_-]+$/);
      await expect(referral.getByText("No friends yet", { exact: false })).toBeVisible();
      await expect(page.getByTestId("referral-invited")).toHaveText("0");
      await shoot(page, `referrals-${viewport.width}`);
      const link = new URL(await linkField.inputValue());
      const code = link.searchParams.get("ref") ?? "";
      const pointsBefore = (await serverPoints(page, request)).points;

      // The friend, in a browser of their own.
      const friendContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      const friendPage = await friendContext.newPage();
      try {
        const friend = newUser("Ada Lovelace");
        await friendPage.goto(`${link.pathname}${link.search}`);
        await expect(friendPage.getByLabel("Referral code (optional)")).toHaveValue(code);
        await shoot(friendPage, `referrals-signup-${viewport.width}`);
        await friendPage.getByLabel("Full Name").fill(friend.name);
        await friendPage.getByLabel("Email").fill(friend.email);
        await friendPage.getByLabel("Password", { exact: true }).fill(friend.password);
        await friendPage.getByLabel("Confirm Password").fill(friend.password);
        await friendPage.getByRole("button", { name: "Sign Up" }).click();
        await expect(friendPage).toHaveURL(/mode=login/);

        // Joining is pushed to the referrer's open card.
        await expect(page.getByTestId("referral-invited")).toHaveText("1");
        await expect(referral.getByRole("list", { name: "Friends who joined" })).toContainText(
          "Ada Lovelace",
        );

        await logInViaForm(friendPage, friend);
        await expect(friendPage).toHaveURL(/\/home$/);
        await friendPage.goto("/tap");
        const coin = friendPage.getByRole("button", { name: "Tap to earn" });
        for (let i = 0; i < 10; i++) await coin.click();
        // Leaving the tap page sends the taps.
        await friendPage
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: "Home" })
          .click();
        // The day's first sync also claims the friend's streak reward (day 1: 1 point, docs/product.md,
        // "Auto-claim"), so the header settles on 1 + 10 × 0.001 once the server has answered.
        await expect(friendPage.getByText("Daily reward claimed: +1.0000 points")).toBeVisible();
        await expect(friendPage.getByRole("banner")).toContainText("1.0100");
      } finally {
        await friendContext.close();
      }

      // 10 taps × 0.001 = 0.01 points for the friend; 10 % of it, 0.001, for the referrer, pushed.
      await expect(page.getByTestId("referral-earned")).toHaveText("0.0010");
      await expect(page.getByTestId("referral-today")).toHaveText("0.0010");
      await expect(referral.getByRole("list", { name: "Friends who joined" })).toContainText("+0.0010");
      // The referrer's own points: the share and the first-referral achievement's 5 points, exactly.
      const pointsAfter = (await serverPoints(page, request)).points;
      expect(Math.round((pointsAfter - pointsBefore) * 1_000_000)).toBe(5_001_000);
      await shoot(page, `referrals-after-${viewport.width}`);
    });
  });
}
