/**
 * Fair play end to end (docs/fair-play.md): a scripted farm of accounts taps like a metronome through the API,
 * the Fair play page shows it, an admin approves one held withdrawal and rejects another with a reason, and the
 * rejected player reads the reason in the wallet history and asks for a review from Home. Every account is this
 * test's own (one group in their emails), so the file passes alone, first or last.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import {
  adminLogIn,
  fundViaDevnet,
  logInViaForm,
  newGroup,
  newUser,
  rowOf,
  shoot,
  signUpViaApi,
} from "./fixtures.ts";

const OUTSIDE = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
/** A machine's taps: the same interval every time (people's fingers vary by 20 % and more). */
const METRONOME_MS = 100;
const TAPS_PER_BATCH = 40;
/** `regular-cadence` needs three batches of 30 or more intervals whose variation is under 5 %. */
const BATCHES = 3;
const FARM_SIZE = 3;
/**
 * WITHDRAWAL_REVIEW_ABOVE_USDT's default: a withdrawal this large waits for a person whatever the account's
 * standing (the e2e server lets first withdrawals through, WITHDRAWAL_REVIEW_FIRST=false).
 */
const WITHDRAWAL = 1_000;
/** The risk scan raises `fresh-withdrawal` (RISK_SCAN_SECONDS is 5 on the e2e server); allow it a few rounds. */
const SCAN_WAIT_MS = 30_000;
const REASON = "Same metronome taps as a farm of accounts";
const APPEAL = "I tap with an autoclicker for my disability; please look again.";

type Account = ReturnType<typeof newUser> & { id: string; token: string };

async function logInViaApi(request: APIRequestContext, user: ReturnType<typeof newUser>): Promise<Account> {
  const response = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(response.status()).toBe(200);
  const { session, user: signedIn } = (await response.json()) as {
    session: { access_token: string };
    user: { id: string };
  };
  return { ...user, id: signedIn.id, token: session.access_token };
}

/** Batches of taps with metronome intervals, as a script would send them. */
async function tapLikeAMachine(request: APIRequestContext, account: Account) {
  for (let batch = 0; batch < BATCHES; batch++) {
    const response = await request.post(`/api/user/${account.id}/points`, {
      headers: { authorization: `Bearer ${account.token}` },
      data: {
        batchId: randomUUID(),
        taps: TAPS_PER_BATCH,
        intervals: Array(TAPS_PER_BATCH).fill(METRONOME_MS),
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

async function withdraw(request: APIRequestContext, account: Account) {
  const response = await request.post("/api/wallet/token/transfer", {
    headers: { authorization: `Bearer ${account.token}`, "idempotency-key": randomUUID() },
    data: { to: OUTSIDE, amount: WITHDRAWAL },
  });
  expect(response.status(), await response.text()).toBe(202);
  const { withdrawal } = (await response.json()) as { withdrawal: { id: string; status: string } };
  // A large withdrawal of a fresh account: it waits for a person.
  expect(withdrawal.status).toBe("review");
  return withdrawal.id;
}

async function adminToken(request: APIRequestContext) {
  const response = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { session: { access_token: string } }).session.access_token;
}

/** The signal ids the server holds for an account (raised where the taps are written, or by its job). */
async function signalsOf(request: APIRequestContext, token: string, userId: string) {
  const response = await request.get(`/api/admin/users/${userId}/risk`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const risk = (await response.json()) as { status: string; signals: Array<{ id: string }> };
  return { status: risk.status, signals: risk.signals.map((signal) => signal.id).sort() };
}

const accountsTable = (page: Page) => page.getByRole("table", { name: "Accounts by risk" });
const heldTable = (page: Page) => page.getByRole("table", { name: "Held withdrawals" });

test("a scripted farm shows up on the Fair play page; an admin approves one held withdrawal and rejects another; the player reads why and appeals", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const group = newGroup();
  const farm: Account[] = [];
  for (let index = 0; index < FARM_SIZE; index++) {
    const user = newUser(`Farm Bot ${index + 1}`, group);
    await signUpViaApi(request, user);
    farm.push(await logInViaApi(request, user));
  }
  for (const account of farm) await tapLikeAMachine(request, account);
  const token = await adminToken(request);
  for (const account of farm) {
    await expect
      .poll(async () => (await signalsOf(request, token, account.id)).signals, { timeout: 60_000 })
      .toContain("regular-cadence");
  }
  // Each asks for USDT within a day of signing up: the scan's `fresh-withdrawal` (20) on top of
  // `regular-cadence` (40) takes the score to the review threshold (50).
  const held: string[] = [];
  for (const account of farm.slice(0, 2)) {
    await fundViaDevnet(request, account.email, WITHDRAWAL + 100);
    held.push(await withdraw(request, account));
  }
  for (const account of farm.slice(0, 2)) {
    await expect
      .poll(async () => (await signalsOf(request, token, account.id)).status, { timeout: SCAN_WAIT_MS })
      .toBe("review");
  }
  const [approvedPlayer, rejectedPlayer] = farm as [Account, Account, Account];

  await adminLogIn(page);
  await page.getByRole("link", { name: "Fair play" }).click();
  await expect(page.getByRole("heading", { name: "Fair play", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/fair-play/);
  // The farm in review, each with its evidence a click (or Enter) away.
  for (const account of farm.slice(0, 2)) {
    const row = rowOf(accountsTable(page), account.email);
    await expect(row).toBeVisible();
    await expect(row.getByText("In review")).toBeVisible();
    await row.getByText("regular-cadence").click();
    await expect(row.locator("details[open]").first()).toBeVisible();
  }
  await page.getByRole("combobox", { name: "Show" }).selectOption("all");
  await expect(rowOf(accountsTable(page), farm[2]!.email)).toBeVisible();
  await page.getByRole("combobox", { name: "Show" }).selectOption("review");

  // One account's risk: its signals and the network the whole farm shares.
  await rowOf(accountsTable(page), approvedPlayer.email)
    .getByRole("button", { name: approvedPlayer.email })
    .click();
  const panel = page.getByRole("dialog", { name: `Account ${approvedPlayer.email}` });
  await expect(panel.getByRole("heading", { name: "Signals" })).toBeVisible();
  await expect(panel.getByText("regular-cadence")).toBeVisible();
  await expect(panel.getByText(/\d+ accounts?$/).first()).toBeVisible();
  await shoot(page, "fair-play-account-1280");
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();

  // The held withdrawals, each with its account's signals beside it.
  const approvedRow = rowOf(heldTable(page), approvedPlayer.email);
  const rejectedRow = rowOf(heldTable(page), rejectedPlayer.email);
  await expect(approvedRow.getByText("regular-cadence")).toBeVisible();
  await expect(rejectedRow.getByText("regular-cadence")).toBeVisible();
  await shoot(page, "fair-play-1280");

  await approvedRow.getByRole("button", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve withdrawal" });
  await approve.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Withdrawal Approved", { exact: true })).toBeVisible();
  await expect(approvedRow).toHaveCount(0);

  await rejectedRow.getByRole("button", { name: "Reject" }).click();
  const reject = page.getByRole("dialog", { name: "Reject withdrawal" });
  await reject.getByLabel("Reason (3 to 500 characters)").fill("no");
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Please give a reason of 3 to 500 characters.")).toBeVisible();
  await reject.getByLabel("Reason (3 to 500 characters)").fill(REASON);
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Withdrawal Rejected", { exact: true })).toBeVisible();
  await expect(rejectedRow).toHaveCount(0);

  // Deciding again (another admin's tab) is refused: exactly once.
  const again = await request.post(`/api/admin/withdrawals/${held[1]}/approve`, {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
  });
  expect(again.status()).toBe(409);

  // The Audit Log keeps the rejection with the reason the admin gave, read under the action.
  await page.getByRole("link", { name: "Audit Log" }).click();
  const rejection = page
    .getByRole("table", { name: "Audit Log" })
    .getByRole("row")
    .filter({ hasText: "Rejected a withdrawal" })
    .filter({ hasText: rejectedPlayer.email });
  await expect(rejection.getByText(`Reason: ${REASON}`)).toBeVisible();
  await shoot(page, "fair-play-audit-1280");
  await page.getByRole("link", { name: "Fair play" }).click();
  await expect(page.getByRole("heading", { name: "Fair play", level: 1 })).toBeVisible();

  // The rejected player reads the reason in the wallet history and asks for a review from Home.
  const playerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const player = await playerContext.newPage();
  await player.goto("/auth?mode=login");
  await logInViaForm(player, rejectedPlayer);
  await expect(player).toHaveURL(/\/home$/);
  await player.goto("/wallet");
  await expect(player.getByText(REASON).first()).toBeVisible();
  await shoot(player, "fair-play-player-rejected-375");
  await player.goto("/home");
  const standing = player.getByRole("region", { name: "Your account" });
  await expect(standing.getByText("Under review")).toBeVisible();
  await standing.getByRole("button", { name: "Ask for a review" }).click();
  const appeal = player.getByRole("dialog", { name: "Ask for a review" });
  await appeal.getByLabel("What should we know?").fill(APPEAL);
  await shoot(player, "fair-play-player-appeal-375");
  await appeal.getByRole("button", { name: "Send" }).click();
  await expect(standing.getByText(APPEAL)).toBeVisible();
  await shoot(player, "fair-play-player-standing-375");
  await playerContext.close();

  // The appeal reaches the admin live: the Appealed filter lists the account with its words.
  await page.getByRole("combobox", { name: "Show" }).selectOption("appealed");
  await expect(rowOf(accountsTable(page), rejectedPlayer.email).getByText(APPEAL)).toBeVisible();
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`the Fair play page and the dashboard's economy at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    // One account in review, so the tables have a row to lay out.
    const user = newUser("Farm Bot", newGroup());
    await signUpViaApi(request, user);
    const account = await logInViaApi(request, user);
    await tapLikeAMachine(request, account);
    await fundViaDevnet(request, account.email, WITHDRAWAL + 100);
    await withdraw(request, account);

    await page.setViewportSize(viewport);
    await adminLogIn(page);
    const economy = page.getByRole("region", { name: "Economy" });
    await expect(page.getByTestId("coverage")).toBeVisible();
    await expect(economy.getByRole("img", { name: /Taps per day/ })).toBeVisible();
    await shoot(page, `admin-economy-${viewport.width}`);

    if (viewport.width < 768) await page.getByRole("button", { name: /Toggle navigation/ }).click();
    await page.getByRole("link", { name: "Fair play" }).click();
    await expect(page.getByRole("heading", { name: "Held withdrawals" })).toBeVisible();
    await expect(rowOf(heldTable(page), user.email)).toBeVisible();
    await shoot(page, `admin-fair-play-${viewport.width}`);
    // The tables scroll sideways inside their own region; the page itself never does.
    const pageScrolls = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(pageScrolls).toBe(false);
  });
}
