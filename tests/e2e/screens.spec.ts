import { expect, test } from "@playwright/test";
import { logInViaForm, newUser, shoot, signUpViaApi } from "./fixtures.ts";

const WIDTHS = [
  { name: "mobile", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test.describe(`public screens at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("landing page, complete and without any API call", async ({ page }) => {
      const apiCalls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
      });
      await page.goto("/");
      await expect(page.getByText("Fear and Greed")).toBeVisible();
      await expect(page.getByText("$44,578.12")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Advanced Features" })).toBeVisible();
      await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(apiCalls).toEqual([]);
      await shoot(page, `landing-${viewport.width}`);
    });

    test("auth screens in every mode", async ({ page }) => {
      for (const [mode, button] of [
        ["login", "Login"],
        ["signup", "Sign Up"],
        ["forgot", "Send Reset Link"],
        ["reset", "Set New Password"],
      ] as const) {
        await page.goto(`/auth?mode=${mode}${mode === "reset" ? "&token=example" : ""}`);
        await expect(page.getByRole("button", { name: button })).toBeVisible();
        await shoot(page, `auth-${mode}-${viewport.width}`);
      }
    });

    test("not-found page", async ({ page }) => {
      await page.goto("/no/such/page");
      await expect(page.getByText("Oops! Page not found.")).toBeVisible();
      await shoot(page, `not-found-${viewport.width}`);
      await page.getByRole("link", { name: /home/i }).first().click();
      await expect(page).toHaveURL(/\/$/);
    });

    test("signed-in shell: home, tap, wallet, features", async ({ page, request }) => {
      const user = newUser("Grace Hopper");
      await signUpViaApi(request, user);
      await page.goto("/auth");
      await logInViaForm(page, user);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole("button", { name: /account menu/ })).toHaveText("GH");
      // The welcome toast sits over the header on a phone: let it go so the screenshots show the header.
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
      for (const [label, path, section] of [
        ["Home", "/home", "Home"],
        ["Tap", "/tap", "Tap & Earn"],
        ["Wallet", "/wallet", "Wallet"],
        ["Features", "/features", "Features"],
      ] as const) {
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByTestId("section-name")).toHaveText(section);
        await shoot(page, `shell-${label.toLowerCase()}-${viewport.width}`);
      }

      // The two dialogs of Home, checked by axe like every screen.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
      await page.getByRole("button", { name: "Upgrade" }).click();
      const multipliers = page.getByRole("dialog", { name: "Multipliers" });
      await expect(multipliers.getByRole("button", { name: "Current" })).toBeVisible();
      await shoot(page, `dialog-multipliers-${viewport.width}`);
      await page.keyboard.press("Escape");
      await expect(multipliers).toBeHidden();
      await page.getByRole("button", { name: "Withdraw Rewards" }).click();
      const withdraw = page.getByRole("dialog", { name: "Withdraw Rewards" });
      await expect(withdraw.getByText("Available to withdraw")).toBeVisible();
      await shoot(page, `dialog-withdraw-${viewport.width}`);
      await page.keyboard.press("Escape");
      await expect(withdraw).toBeHidden();
    });
  });
}
