import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";

export const PASSWORD = "correct horse battery";

/**
 * A fresh account per test, so tests never depend on each other's data. `group` (from `newGroup`) gives the
 * accounts one test creates a shared part of the email no other test has, so an admin's search finds exactly
 * them however many other accounts the database holds.
 */
export function newUser(name = "Ada Lovelace", group = "e2e") {
  return { name, email: `${group}-${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD };
}

export const newGroup = () => `e2e-${randomUUID().slice(0, 8)}`;

export async function signUpViaApi(request: APIRequestContext, user: ReturnType<typeof newUser>) {
  const response = await request.post("/api/auth/signup", { data: user });
  expect(response.status()).toBe(201);
}

export async function logInViaForm(page: Page, user: { email: string; password: string }) {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("auth_token"));

/** The signed-in user's id and token, read from what the app stored. */
export async function sessionOf(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem("auth_token") ?? "",
    userId: (JSON.parse(localStorage.getItem("user_data") ?? "{}") as { id?: string }).id ?? "",
  }));
}

/** What the server holds for the signed-in user: the truth the screen must agree with. */
export async function serverPoints(page: Page, request: APIRequestContext) {
  const { token, userId } = await sessionOf(page);
  const response = await request.get(`/api/user/${userId}/points`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { points: number; totalTaps: number };
}

/**
 * Test fixture (local devnet only, an admin's tool): funds a wallet from the treasury through the ledger, and
 * grants points, signed in as the suite's admin.
 */
export async function fundViaDevnet(
  request: APIRequestContext,
  email: string,
  amount: number,
  points?: number,
) {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const { session } = (await login.json()) as { session: { access_token: string } };
  const response = await request.post("/api/devnet/fund-wallet", {
    data: { email, amount, ...(points ? { points } : {}) },
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(response.status()).toBe(200);
}

export async function signUpAndLogIn(page: Page, request: APIRequestContext, name = "Ada Lovelace") {
  const user = newUser(name);
  await signUpViaApi(request, user);
  await page.goto("/auth?mode=login");
  await logInViaForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  return user;
}

/** Saves a full-page screenshot and checks the screen with axe: no serious or critical violation. */
export async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: true });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(serious, `axe on ${name}`).toEqual([]);
}

/** Signs in to the back office (the suite's admin unless told otherwise). */
export async function adminLogIn(page: Page, credentials = E2E_ADMIN) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A User Management table and its own search box, found by the table's heading. */
export function usersTable(page: Page, name: "Users with Funded Wallets" | "Users without Funded Wallets") {
  const section = page.locator("section").filter({ has: page.getByRole("heading", { name, exact: true }) });
  return {
    table: page.getByRole("table", { name }),
    search: section.getByRole("searchbox", { name: "Search by email" }),
  };
}
export const rowOf = (table: Locator, email: string) => table.getByRole("row").filter({ hasText: email });
