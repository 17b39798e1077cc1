/**
 * The back office in a real browser against the real server. Every test makes its own accounts and finds
 * them by searching, so this file passes alone, first or last, whatever other tests left in the database.
 */
import { expect, type Locator, test } from "@playwright/test";
import {
  adminLogIn,
  extrasPaidMicro,
  logInViaForm,
  newGroup,
  newUser,
  PASSWORD,
  rowOf,
  sessionOf,
  shoot,
  signUpViaApi,
  usersTable,
} from "./fixtures.ts";

const OUTSIDE = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";

const emailsIn = async (table: Locator) =>
  (await table.getByRole("row").allTextContents())
    .slice(1)
    .map((text) => text.match(/\S+@example\.com/)?.[0]);

test("an admin funds a user, sets their multiplier (they earn at it), withdraws treasury USDT and creates an admin", async ({
  page,
  browser,
  request,
}) => {
  const player = newUser("Player One", newGroup());
  await signUpViaApi(request, player);

  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Please enter both email and password")).toBeVisible();
  await adminLogIn(page);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by email" }).fill(player.email);
  await expect(page.getByRole("table", { name: "Users Overview" }).getByText(player.email)).toBeVisible();

  await page.getByRole("link", { name: "User Management" }).click();
  const unfunded = usersTable(page, "Users without Funded Wallets");
  await expect(unfunded.table).toBeVisible();
  await unfunded.search.fill(player.email);
  await expect(page).toHaveURL(/uq=/);
  await expect(unfunded.table.getByRole("row")).toHaveCount(2);
  await rowOf(unfunded.table, player.email).getByRole("button", { name: "Fund Wallet" }).click();
  const fund = page.getByRole("dialog", { name: "Fund User Wallet" });
  await expect(fund.getByLabel("User")).toHaveValue(player.email);
  await fund.getByRole("button", { name: "Fund Wallet" }).click();
  await expect(page.getByText("Please fill in all fields.")).toBeVisible();
  await fund.getByLabel("Amount (USDT)").fill("40");
  await fund.getByRole("button", { name: "Fund Wallet" }).click();
  await expect(page.getByText("Successfully funded the user's wallet with 40 USDT")).toBeVisible();
  await expect(fund).toBeHidden();
  // The user moved to the funded list (docs/product.md §4).
  await expect(unfunded.table.getByText("Every user has a funded wallet")).toBeVisible();
  const funded = usersTable(page, "Users with Funded Wallets");
  await funded.search.fill(player.email);
  await expect(funded.table.getByRole("row")).toHaveCount(2);

  await rowOf(funded.table, player.email).getByRole("button", { name: "Update Multiplier" }).click();
  const dialog = page.getByRole("dialog", { name: "Update User Multiplier" });
  await expect(dialog.getByLabel("Current Multiplier")).toHaveValue("0.001x");
  await dialog.getByLabel("New Multiplier").fill("0.25");
  await dialog.getByRole("button", { name: "Update Multiplier" }).click();
  await expect(page.getByText("updated to 0.25x")).toBeVisible();
  await expect(rowOf(funded.table, player.email).getByText("0.25x")).toBeVisible();

  // The user earns at the new multiplier on their next taps.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.goto("/auth?mode=login");
  await logInViaForm(userPage, player);
  await expect(userPage).toHaveURL(/\/home$/);
  await userPage.goto("/tap");
  await expect(userPage.getByText("Earn 0.2500 per tap")).toBeVisible();
  for (let i = 0; i < 4; i++) await userPage.getByRole("button", { name: "Tap to earn" }).click();
  await expect(userPage.getByTestId("tap-balance")).toHaveText("1.0000");
  const { token, userId } = await sessionOf(userPage);
  const credited = async () =>
    (await (
      await request.get(`/api/user/${userId}/points`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { points: number; totalTaps: number };
  await expect.poll(async () => (await credited()).totalTaps, { timeout: 20_000 }).toBe(4);
  // 4 × 0.25, and the day's streak reward the first sync claimed (auto-claim).
  expect(Math.round((await credited()).points * 1e6)).toBe(
    1_000_000 + (await extrasPaidMicro(userPage, request)),
  );
  await userContext.close();

  await page.getByRole("link", { name: "Funds Management" }).click();
  await expect(page.getByRole("heading", { name: "Funds Management" })).toBeVisible();
  await page.getByRole("button", { name: "Withdraw Funds", exact: true }).click();
  const withdraw = page.getByRole("dialog", { name: "Withdraw Funds" });
  await withdraw.getByLabel("Withdrawal Address").fill(OUTSIDE);
  await withdraw.getByLabel("Amount (USDT)").fill("12.5");
  await withdraw.getByRole("button", { name: "Confirm Withdrawal" }).click();
  await expect(page.getByText(`Withdrawing 12.5 USDT to ${OUTSIDE}`)).toBeVisible();
  const history = page.getByRole("table", { name: "Transaction History" });
  await expect(history.getByText("Withdrawal").first()).toBeVisible();
  await expect(history.getByText("TDvSsd...we9K").first()).toBeVisible();

  await page.getByRole("link", { name: "Admin Settings" }).click();
  await expect(page.getByRole("heading", { name: "Create New Admin" })).toBeVisible();
  const second = newUser("Second Admin", newGroup());
  await page.getByLabel("Name").fill(second.name);
  await page.getByLabel("Email").fill(second.email);
  await page.getByLabel("Password").fill(second.password);
  await page.getByRole("button", { name: "Create Admin User" }).click();
  await expect(page.getByText(`Successfully created admin user with ${second.email}`)).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");

  await page.getByRole("link", { name: "Audit Log" }).click();
  const audit = page.getByRole("table", { name: "Audit Log" });
  for (const [action, target] of [
    ["Created an admin", second.email],
    ["Withdrew treasury funds", OUTSIDE],
    ["Updated a multiplier", player.email],
    ["Funded a wallet", player.email],
  ]) {
    await expect(
      audit.getByRole("row").filter({ hasText: action }).filter({ hasText: target }).first(),
    ).toBeVisible();
  }

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await adminLogIn(page, second);
});

test("searching and sorting User Management change the rows the server returns", async ({
  page,
  request,
}) => {
  const group = newGroup();
  const players = [newUser("Player A", group), newUser("Player B", group), newUser("Player C", group)];
  for (const player of players) await signUpViaApi(request, player);
  // Someone outside the group, so the search has something to leave out.
  await signUpViaApi(request, newUser("Outsider"));
  const ascending = players.map((player) => player.email).sort();

  await adminLogIn(page);
  await page.getByRole("link", { name: "User Management" }).click();
  const unfunded = usersTable(page, "Users without Funded Wallets");
  await expect(unfunded.table.getByRole("row").nth(1)).toBeVisible();
  expect((await emailsIn(unfunded.table)).some((email) => !email?.startsWith(group))).toBe(true);

  const searched = page.waitForResponse(
    (response) =>
      response.url().includes("/api/admin/users-without-funded-wallets") &&
      new URL(response.url()).searchParams.get("q") === group,
  );
  await unfunded.search.fill(group);
  expect((await searched).status()).toBe(200);
  await expect(unfunded.table.getByRole("row")).toHaveCount(4);
  expect((await emailsIn(unfunded.table)).every((email) => email?.startsWith(group))).toBe(true);

  const sorted = (sort: string) =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === "/api/admin/users-without-funded-wallets" &&
        url.searchParams.get("q") === group &&
        url.searchParams.get("sort") === sort
      );
    });
  const header = unfunded.table.getByRole("button", { name: /Email/ });
  let answer = sorted("email:asc");
  await header.click();
  expect((await answer).status()).toBe(200);
  await expect.poll(() => emailsIn(unfunded.table)).toEqual(ascending);
  answer = sorted("email:desc");
  await header.click();
  expect((await answer).status()).toBe(200);
  await expect.poll(() => emailsIn(unfunded.table)).toEqual([...ascending].reverse());
  await expect(page).toHaveURL(/usort=/);

  // A reload lands on the same rows: the URL holds the search and the sort.
  await page.reload();
  await expect.poll(() => emailsIn(unfunded.table)).toEqual([...ascending].reverse());
});

test("a plain user is kept out of the admin area", async ({ page, request }) => {
  const user = newUser("Not Admin");
  await signUpViaApi(request, user);
  await page.goto("/admin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("This account is not an admin. Sign in with an admin account.")).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
  // A user's token is refused by the server too.
  const login = await request.post("/api/auth/login", { data: { email: user.email, password: PASSWORD } });
  const token = (await login.json()).session.access_token as string;
  expect(
    (await request.get("/api/admin/metrics", { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(403);
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`admin pages at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await adminLogIn(page);
    await expect(page.getByRole("heading", { name: "Users Overview" })).toBeVisible();
    await shoot(page, `admin-dashboard-${viewport.width}`);
    for (const [link, heading, name] of [
      ["User Management", "Users with Funded Wallets", "users"],
      ["Funds Management", "Funded Wallets", "funds"],
      ["Admin Settings", "Create New Admin", "settings"],
      ["Audit Log", "Audit Log", "audit"],
    ] as const) {
      if (viewport.width < 768) await page.getByRole("button", { name: /Toggle navigation/ }).click();
      await page.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      await shoot(page, `admin-${name}-${viewport.width}`);
    }
  });
}
