import { expect, type Page, test } from "@playwright/test";
import { logInViaForm, newUser, signUpViaApi, storedToken } from "./fixtures.ts";

/** The header names the signed-in account (initials "AL" for Ada Lovelace) and Home shows its figures. */
async function expectSignedInAs(page: Page, user: { email: string }) {
  await expect(page.getByRole("button", { name: `AL: account menu for ${user.email}` })).toBeVisible();
  await expect(page.getByText("Rewards Balance")).toBeVisible();
}

test("a visitor signs up, logs in, stays signed in across a reload and logs out", async ({ page }) => {
  const user = newUser();
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByRole("button", { name: "Sign Up" }).click();

  await expect(
    page.getByText("Account created! Please check your email to verify your account."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=login$/);

  await logInViaForm(page, user);
  await expect(page.getByText("Welcome back! You have successfully logged in.")).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expectSignedInAs(page, user);
  expect(await storedToken(page)).toBeTruthy();

  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expectSignedInAs(page, user);

  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=login$/);
  expect(await storedToken(page)).toBeNull();

  // The old page is gone for good: going back to /home asks for a login again.
  await page.goto("/home");
  await expect(page).toHaveURL(/\/auth\?mode=login&redirect=%2Fhome$/);
});

test("a wrong password shows Login Failed and keeps the visitor on /auth", async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await page.goto("/auth");
  await logInViaForm(page, { email: user.email, password: "not the password" });
  await expect(page.getByText("Login Failed")).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid email or password. Please try again." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await storedToken(page)).toBeNull();
});

test("the forms explain what is missing before sending anything", async ({ page }) => {
  await page.goto("/auth?mode=login");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Please enter both email and password")).toBeVisible();

  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/mode=signup/);
  await page.getByLabel("Full Name").fill("Ada");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password", { exact: true }).fill("password-one");
  await page.getByLabel("Confirm Password").fill("password-two");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password").fill("short");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

  await page.goto("/auth?mode=forgot");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Please enter your email address")).toBeVisible();
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset instructions have been sent to your email.")).toBeVisible();
});

test("a protected page sends a visitor to log in and back to where they were going", async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await page.goto("/wallet");
  await expect(page).toHaveURL(/\/auth\?mode=login&redirect=%2Fwallet$/);
  await logInViaForm(page, user);
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByText("Wallet", { exact: true }).first()).toBeVisible();

  // A signed-in user who opens /auth is sent on.
  await page.goto("/auth?mode=login");
  await expect(page).toHaveURL(/\/home$/);
});

test("a session removed in another tab sends the user to /auth within 30 s", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const user = newUser();
  await signUpViaApi(request, user);
  await page.goto("/auth");
  await logInViaForm(page, user);
  await expect(page).toHaveURL(/\/home$/);

  const otherTab = await context.newPage();
  await otherTab.goto("/");
  await otherTab.evaluate(() => localStorage.clear());
  const cleared = Date.now();

  await expect(page).toHaveURL(/\/auth/, { timeout: 31_000 });
  expect(Date.now() - cleared).toBeLessThan(31_000);
  await expect(page.getByText("Session Expired")).toBeVisible();
});
