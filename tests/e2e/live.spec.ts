/**
 * Live events in real browsers (docs/decisions/017 and 018): changes reach open screens pushed over the event
 * stream, without a reload, a Refresh click or a poll. Each test waits for the page's stream to open first, so
 * what it measures is the push, not the first load.
 */
import { type BrowserContext, expect, type Page, type Request, test } from "@playwright/test";
import {
  adminLogIn,
  extrasPaidMicro,
  logInViaForm,
  newGroup,
  newUser,
  rowOf,
  serverPoints,
  sessionOf,
  shownPoints,
  signUpViaApi,
  usersTable,
} from "./fixtures.ts";

/** Resolves once the page's event stream answered 200 (the app opens it right after signing in). */
const streamOpened = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/events" && response.status() === 200,
  );

/** Signs `user` in on a fresh page of `context` and waits until that browser holds an open stream. */
async function openSignedIn(context: BrowserContext, user: { email: string; password: string }) {
  const page = await context.newPage();
  const opened = streamOpened(page);
  await page.goto("/auth?mode=login");
  await logInViaForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await opened;
  return page;
}

/** Counts the page's main-frame navigations (a reload would be one). */
function countNavigations(page: Page) {
  const seen = { count: 0 };
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) seen.count += 1;
  });
  return seen;
}

const header = (page: Page) => page.locator("header");

test("an admin funds a user from another browser: the user's header shows it within 2 s, without a reload", async ({
  browser,
  request,
}) => {
  const player = newUser("Live Player", newGroup());
  await signUpViaApi(request, player);
  const userContext = await browser.newContext();
  const userPage = await openSignedIn(userContext, player);
  await expect(header(userPage)).toContainText("$0.00");
  const navigations = countNavigations(userPage);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminLogIn(adminPage);
  await adminPage.getByRole("link", { name: "User Management" }).click();
  const unfunded = usersTable(adminPage, "Users without Funded Wallets");
  await unfunded.search.fill(player.email);
  await expect(unfunded.table.getByRole("row")).toHaveCount(2);
  await rowOf(unfunded.table, player.email).getByRole("button", { name: "Fund Wallet" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Fund User Wallet" });
  await dialog.getByLabel("Amount (USDT)").fill("40");
  const funded = adminPage.waitForResponse(
    (response) => response.url().endsWith("/api/admin/fund-wallet") && response.status() === 200,
  );
  await dialog.getByRole("button", { name: "Fund Wallet" }).click();
  await funded;
  const committedAt = Date.now();

  await expect(header(userPage)).toContainText("$40.00", { timeout: 2_000 });
  const delivery = Date.now() - committedAt;
  expect(delivery).toBeLessThan(2_000);
  expect(navigations.count).toBe(0);
  test.info().annotations.push({ type: "delivery", description: `${delivery} ms after the admin's answer` });
  await userPage.screenshot({ path: ".tmp/screenshots/live-funded-header.png" });

  await adminContext.close();
  await userContext.close();
});

test("taps made in one browser of a user show in another browser of the same user, without a reload", async ({
  browser,
  request,
}) => {
  const player = newUser();
  await signUpViaApi(request, player);
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  const tapping = await openSignedIn(phone, player);
  const watching = await openSignedIn(laptop, player);
  await expect(header(watching)).toContainText("0.0000");
  const navigations = countNavigations(watching);

  await tapping.goto("/tap");
  const coin = tapping.getByRole("button", { name: "Tap to earn" });
  await expect(tapping.getByText("Earn 0.0010 per tap")).toBeVisible();
  for (let i = 0; i < 12; i++) await coin.click();
  await expect(tapping.getByTestId("tap-balance")).toHaveText("0.0120");
  // Leaving the tap page sends the batch at once (otherwise within the sync delay).
  await tapping.goto("/home");
  await expect.poll(async () => (await serverPoints(tapping, request)).totalTaps).toBe(12);
  const committedAt = Date.now();

  // The first sync of the day also claimed the streak reward (auto-claim): it is in the same push.
  const extras = await extrasPaidMicro(tapping, request);
  await expect(header(watching)).toContainText(shownPoints(12_000 + extras), { timeout: 2_000 });
  expect(Date.now() - committedAt).toBeLessThan(2_000);
  expect(navigations.count).toBe(0);

  await phone.close();
  await laptop.close();
});

test("two tabs of one user tapping at once end with the exact server total, shown in both", async ({
  browser,
  request,
}) => {
  // 78 clicks in two tabs, two sync periods and a watch period after: slower than most on a loaded machine.
  test.setTimeout(120_000);
  const player = newUser();
  await signUpViaApi(request, player);
  const context = await browser.newContext();
  const first = await openSignedIn(context, player);
  // The second tab shares the first one's session and, through it, the stream one tab holds for both.
  const second = await context.newPage();
  await second.goto("/tap");
  await first.goto("/tap");
  for (const tab of [first, second]) await expect(tab.getByText("Earn 0.0010 per tap")).toBeVisible();

  const tapIn = async (tab: Page, taps: number) => {
    const coin = tab.getByRole("button", { name: "Tap to earn" });
    for (let i = 0; i < taps; i++) await coin.click();
  };
  await Promise.all([tapIn(first, 37), tapIn(second, 41)]);

  await expect.poll(async () => (await serverPoints(first, request)).totalTaps, { timeout: 30_000 }).toBe(78);
  const total = await serverPoints(first, request);
  // Beside the taps: the day's streak reward the first sync claimed (each tab's run is under 50: no combo).
  const extras = await extrasPaidMicro(first, request);
  expect(total.points).toBeCloseTo((78_000 + extras) / 1e6, 9);
  for (const tab of [first, second])
    await expect(tab.getByTestId("tap-balance")).toHaveText(shownPoints(78_000 + extras));
  // Another sync period later nothing was sent twice.
  await first.waitForTimeout(7_000);
  expect(await serverPoints(first, request)).toEqual(total);

  await context.close();
});

test("a devnet deposit shows as credited on the Deposit tab without Refresh and without polling", async ({
  browser,
  request,
}) => {
  const player = newUser();
  await signUpViaApi(request, player);
  const context = await browser.newContext();
  const page = await openSignedIn(context, player);
  await page.goto("/wallet");
  await page.getByRole("button", { name: "Generate USDT Wallet" }).click();
  await expect(page.getByText("Wallet generated and saved successfully!")).toBeVisible();
  const address = (await page.getByTestId("deposit-address").textContent()) ?? "";
  await expect(page.getByText("No transactions found")).toBeVisible();

  // While the stream is up the tab does not poll the chain transfers: watch for longer than the poll period.
  const polls: Request[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname === "/api/wallet/transactions") polls.push(sent);
  });
  await page.waitForTimeout(11_000);
  expect(polls).toHaveLength(0);

  const sent = await request.post("/api/devnet/deposit", { data: { address, amount: 75.25 } });
  expect(sent.status()).toBe(200);
  const { token } = await sessionOf(page);
  // The server's own view: when the deposit watcher credited it.
  await expect
    .poll(
      async () => {
        const answer = await request.get("/api/wallet/balance", {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await answer.json()) as { balance: number }).balance;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(75.25);
  const creditedAt = Date.now();

  await expect(page.getByText("Deposit successful!")).toBeVisible({ timeout: 2_000 });
  await expect(page.getByText("Received 75.25 USDT")).toBeVisible();
  await expect(page.getByTestId("deposit-balance")).toHaveText("75.25 USDT");
  await expect(header(page)).toContainText("$75.25");
  expect(Date.now() - creditedAt).toBeLessThan(2_000);
  await page.screenshot({ path: ".tmp/screenshots/live-deposit-credited.png", fullPage: true });

  await context.close();
});
