import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { letPageTakeIt } from "./held-calls.ts";
import { framesHeard, liveStreamDropped, liveStreamOpen, watchLiveStream } from "./live-stream-watch.ts";

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
  watchLiveStream(page);
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
 * What the server paid the signed-in user beside the taps' own points and what the test gave or spent
 * (docs/product.md, "Combos" and "Auto-claim"), in micro-points: the combo bonuses its points history lists,
 * and today's streak reward when it is claimed (for a test that never claims by hand, the first tap sync of
 * the day claimed it). Tests that count points exactly add it.
 */
export async function extrasPaidMicro(page: Page, request: APIRequestContext) {
  const { token, userId } = await sessionOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const history = await request.get(`/api/user/${userId}/points/history?limit=100`, { headers });
  expect(history.status()).toBe(200);
  const { history: entries } = (await history.json()) as { history: { kind?: string; points: number }[] };
  const comboMicro = entries
    .filter((entry) => entry.kind === "combo")
    .reduce((sum, entry) => sum + Math.round(entry.points * 1e6), 0);
  const streak = await request.get("/api/rewards/streak", { headers });
  expect(streak.status()).toBe(200);
  const { claimedToday, current } = (await streak.json()) as { claimedToday: boolean; current: number };
  return comboMicro + (claimedToday ? Math.min(current, 7) * 1_000_000 : 0);
}

/** Micro-points as the screens show them (4 decimals). */
export const shownPoints = (micro: number) => (micro / 1e6).toFixed(4);

/** An access token of the suite's admin, signed in through the API (for what the back office does elsewhere). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { session: { access_token: string } }).session.access_token;
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
  const response = await request.post("/api/devnet/fund-wallet", {
    data: { email, amount, ...(points ? { points } : {}) },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
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

/**
 * A new account that claimed today's streak reward (day 1: 1 point) before it signs in, so no tap sync of
 * today auto-claims anything more; it signs in through the form and waits until Home shows that point, so the
 * figures this device stored hold it too.
 */
export async function signUpClaimAndLogIn(page: Page, request: APIRequestContext, name = "Ada Lovelace") {
  const user = newUser(name);
  await signUpViaApi(request, user);
  const login = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  const { session } = (await login.json()) as { session: { access_token: string } };
  const claim = await request.post("/api/rewards/streak/claim", {
    headers: { authorization: `Bearer ${session.access_token}`, "idempotency-key": randomUUID() },
  });
  expect(claim.status(), await claim.text()).toBe(200);
  await page.goto("/auth?mode=login");
  await logInViaForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("banner")).toContainText("1.0000");
  return user;
}

/**
 * Saves a full-page screenshot and checks the screen with axe: no serious or critical violation. With
 * `pausedClock` (the test paused the page's clock to hold a moment still) the screenshot is of that moment and
 * the clock runs again before axe, whose own timers would otherwise never fire.
 */
export async function shoot(page: Page, name: string, options: { pausedClock?: boolean } = {}) {
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: true });
  if (options.pausedClock) await page.clock.resume();
  // A toast still fading in has its text at part opacity, which axe measures as low contrast (CI once caught
  // one mid-way): let running transitions end first (endless animations such as spinners are not transitions;
  // should one never settle, axe judges the page as it is after 5 s).
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
      null,
      { polling: 100, timeout: 5_000 },
    )
    .catch(() => {});
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
  watchLiveStream(page);
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

/**
 * The signed-in player taps `taps` times on another device: a batch through the API under the same account
 * (its token from this page's storage), as the other device's app would send it; the server pushes the new
 * figures to every open screen of the player.
 */
export async function tapElsewhere(page: Page, request: APIRequestContext, taps: number) {
  await liveStreamOpen(page);
  const { token, userId } = await sessionOf(page);
  const response = await request.post(`/api/user/${userId}/points`, {
    headers: { authorization: `Bearer ${token}` },
    data: { batchId: randomUUID(), taps, intervals: [0, ...Array(taps - 1).fill(250)] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The signed-in player asks for a review on another device (through the API): their one open appeal. */
export async function appealElsewhere(page: Page, request: APIRequestContext, message: string) {
  await liveStreamOpen(page);
  const { token, userId } = await sessionOf(page);
  const response = await request.post(`/api/user/${userId}/standing/appeal`, {
    headers: { authorization: `Bearer ${token}` },
    data: { message },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The suite's admin decides on the signed-in player's account in the back office (through the API, with a
 * reason as the Fair play page asks for one): the server pushes the new standing to the player's screens.
 */
export async function decideElsewhere(
  page: Page,
  request: APIRequestContext,
  action: "clear" | "freeze" | "unfreeze",
) {
  await liveStreamOpen(page);
  const { userId } = await sessionOf(page);
  const response = await request.post(`/api/admin/users/${userId}/risk`, {
    headers: { authorization: `Bearer ${await adminToken(request)}`, "idempotency-key": randomUUID() },
    data: { action, reason: `Decided by the walk: ${action}.` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The signed-in player buys booster `boosterId` on another device: a purchase through the API under the same
 * account (its token from this page's storage), so the server pushes the running booster (and the points it
 * left) to every open screen of the player.
 */
export async function buyBoosterElsewhere(page: Page, request: APIRequestContext, boosterId: string) {
  await liveStreamOpen(page);
  const { token } = await sessionOf(page);
  const response = await request.post("/api/rewards/boosters/purchase", {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    data: { boosterId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The suite's admin changes something in the back office elsewhere (through the API): a new player's
 * multiplier, an audited action, so the server pushes its audit entry to every open admin screen.
 */
export async function adminActsElsewhere(page: Page, request: APIRequestContext) {
  await liveStreamOpen(page);
  const player = newUser("Elsewhere Player", newGroup());
  const signup = await request.post("/api/auth/signup", { data: player });
  expect(signup.status(), await signup.text()).toBe(201);
  const { user } = (await signup.json()) as { user: { id: string } };
  const response = await request.post("/api/admin/update-multiplier", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { userId: user.id, multiplier: 0.002 },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Support sets the signed-in player's multiplier in the back office (through the API): the server pushes the
 * player's points and the new multiplier. Returns once the page has heard the multiplier's frame (the walk
 * records the page's frames), since the screen may show nothing of it until it reads again.
 */
export async function multiplierSetElsewhere(page: Page, request: APIRequestContext, multiplier: number) {
  await liveStreamOpen(page);
  const before = await framesHeard(page, "multiplier");
  const { userId } = await sessionOf(page);
  const response = await request.post("/api/admin/update-multiplier", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { userId, multiplier },
  });
  expect(response.status(), await response.text()).toBe(200);
  await expect
    .poll(() => framesHeard(page, "multiplier"), { message: "the page to hear the multiplier's frame" })
    .toBeGreaterThan(before);
}

/**
 * How a script taps, as fair play's `regular-cadence` signal sees it (docs/fair-play.md): three batches of 40
 * taps 100 ms apart, with no variation at all; its weight alone puts an account in review.
 */
const SCRIPTED_BATCHES = 3;
const SCRIPTED_TAPS = 40;
const SCRIPTED_INTERVAL_MS = 100;

/** Player `userId` (signed in with `token`) syncs taps like a metronome, through the API. */
async function tapLikeAScript(request: APIRequestContext, userId: string, token: string) {
  for (let batch = 0; batch < SCRIPTED_BATCHES; batch += 1) {
    const response = await request.post(`/api/user/${userId}/points`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        batchId: randomUUID(),
        taps: SCRIPTED_TAPS,
        intervals: Array(SCRIPTED_TAPS).fill(SCRIPTED_INTERVAL_MS),
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Waits until account `userId` is in review, as the suite's admin reads its risk. */
async function inReview(request: APIRequestContext, userId: string) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  await expect
    .poll(
      async () => {
        const risk = await request.get(`/api/admin/users/${userId}/risk`, { headers });
        return ((await risk.json()) as { status: string }).status;
      },
      { timeout: 30_000, intervals: [100, 250, 500] },
    )
    .toBe("review");
}

/**
 * The scripted players' emails start with this group, so the Fair play walk's arrangement clears those an
 * earlier walk left in review (its own players must be on the first page of the accounts in review).
 */
export const SCRIPTED_GROUP = "e2e-scripted";

/**
 * A new player of `group` (named `name`) who taps like a script, signed in through the API; returns once fair
 * play has put the account in review, with the player, their id and their access token.
 */
export async function scriptedPlayerInReview(request: APIRequestContext, name: string, group: string) {
  const player = newUser(name, group);
  await signUpViaApi(request, player);
  const login = await request.post("/api/auth/login", {
    data: { email: player.email, password: player.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { user, session } = (await login.json()) as {
    user: { id: string };
    session: { access_token: string };
  };
  await tapLikeAScript(request, user.id, session.access_token);
  await inReview(request, user.id);
  return { ...player, id: user.id, token: session.access_token };
}

/**
 * A new player taps like a script elsewhere (through the API) until fair play puts their account in review:
 * the server pushes admin.risk to every open admin screen, this page's too.
 */
export async function playerFlaggedElsewhere(page: Page, request: APIRequestContext) {
  await liveStreamOpen(page);
  await scriptedPlayerInReview(request, "Scripted Player", SCRIPTED_GROUP);
}

/**
 * A friend signs up with the signed-in player's referral code (read through the API, as the Referral card
 * shows it): a new account named `name`, so the server binds the player as its referrer and pushes the player's
 * new referral figures (and, for the first friend, the First Friend achievement's points).
 */
export async function friendSignsUpWith(page: Page, request: APIRequestContext, name: string) {
  await liveStreamOpen(page);
  const { token } = await sessionOf(page);
  const referrals = await request.get("/api/referrals", { headers: { authorization: `Bearer ${token}` } });
  expect(referrals.status(), await referrals.text()).toBe(200);
  const { code } = (await referrals.json()) as { code: string };
  const response = await request.post("/api/auth/signup", { data: { ...newUser(name), referralCode: code } });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * This page's session is logged out from elsewhere (another tab of the browser, through the API): the player's,
 * or with `who` "admin" the back office's, which the app keeps under keys of its own.
 */
export async function logOutElsewhere(
  page: Page,
  request: APIRequestContext,
  who: "player" | "admin" = "player",
) {
  await liveStreamOpen(page);
  const token =
    who === "admin"
      ? await page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem("adminSession") ?? "{}") as { accessToken?: string })
              .accessToken,
        )
      : (await sessionOf(page)).token;
  expect(token, `the ${who}'s stored access token`).toBeTruthy();
  const response = await request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/**
 * The suite's admin funds the signed-in player's wallet on the devnet with `amount` USDT (through the API, as
 * fundViaDevnet does): the ledger's transfer makes a movement of the wallet, and the server pushes the new
 * balance (WALLET.UPDATED) to every open screen of the player.
 */
export async function fundElsewhere(page: Page, request: APIRequestContext, amount: number) {
  await liveStreamOpen(page);
  const email = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("user_data") ?? "{}") as { email?: string }).email ?? "",
  );
  expect(email, "the signed-in player's email, from what the app stored").not.toBe("");
  await fundViaDevnet(request, email, amount);
}

/**
 * Waits until the page's live stream is open and the page has taken that in (a few of its tasks later, as the
 * held calls mark a turn): its machines heard STREAM.UP, so a read answered after this is answered to a page
 * that knows its stream is up.
 */
export async function liveStreamUp(page: Page) {
  await liveStreamOpen(page);
  await letPageTakeIt(page);
}

const TICKETS = "**/api/events/ticket";
/** A stream position beyond any this suite's server reaches. */
const FOREIGN_POSITION = "999999999999999";

/**
 * The browser's network goes away and comes back at once: the app closes its live stream and asks for a new
 * ticket straight away (docs/decisions/042). From here the page's stream is not open until a new one is.
 */
async function blipNetwork(page: Page) {
  await page.context().setOffline(true);
  liveStreamDropped(page);
  await page.context().setOffline(false);
}

/**
 * Drops the page's open live stream while the rest of the network keeps working: every ticket is refused from
 * now on and the network blips; the fixture returns once the app's new ticket was refused (the page's machines
 * heard STREAM.DOWN). Polls and reads still reach the server.
 */
export async function dropStream(page: Page) {
  await liveStreamOpen(page);
  await page.context().route(TICKETS, (route) => route.abort("internetdisconnected"));
  const refused = page.waitForEvent("requestfailed", (request) =>
    request.url().endsWith("/api/events/ticket"),
  );
  await blipNetwork(page);
  await refused;
  await letPageTakeIt(page);
}

/** Lets the stream back after `dropStream`: tickets pass, the network blips, and the page's new stream opens. */
export async function restoreStream(page: Page) {
  await page.context().unroute(TICKETS);
  await blipNetwork(page);
  await liveStreamUp(page);
}

/**
 * The page's stream reconnects asking to resume from a position this server never had (as after a restore from
 * backup): the network blips, the next stream request carries that position, and the server starts the new
 * stream with its `reset` frame (the page's machines hear STREAM.RESET and read again).
 */
export async function resetStream(page: Page) {
  await liveStreamOpen(page);
  await page.context().route(
    (url) => url.pathname === "/api/events",
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("lastEventId", FOREIGN_POSITION);
      return route.continue({ url: url.toString() });
    },
    { times: 1 },
  );
  await blipNetwork(page);
  await liveStreamUp(page);
}

/**
 * Another admin decides on account `userId` in the back office (through the API, with a reason as the Fair play
 * page asks for one): the server pushes admin.risk to every admin's screen, this page's too.
 */
export async function decideOnAccountElsewhere(
  page: Page,
  request: APIRequestContext,
  userId: string,
  action: "clear" | "freeze" | "unfreeze",
) {
  await liveStreamOpen(page);
  const response = await request.post(`/api/admin/users/${userId}/risk`, {
    headers: { authorization: `Bearer ${await adminToken(request)}`, "idempotency-key": randomUUID() },
    data: { action, reason: `Decided by another admin: ${action}.` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Waits until the server has settled every USDT withdrawal of the signed-in player: the devnet confirms each a
 * few seconds after it went out, and the chain worker records it (the wallet history's rows leave `pending`).
 */
export async function withdrawalsSettled(page: Page, request: APIRequestContext) {
  const { token } = await sessionOf(page);
  await expect
    .poll(
      async () => {
        const history = await request.get("/api/wallet/history", {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(history.status(), await history.text()).toBe(200);
        const { transactions } = (await history.json()) as {
          transactions: { type: string; status: string }[];
        };
        return transactions.filter((row) => row.type === "withdraw" && row.status === "pending").length;
      },
      { timeout: 30_000, intervals: [250, 500] },
    )
    .toBe(0);
}

/** Another admin approves held withdrawal `withdrawalId` first (through the API): a later decision gets 409. */
export async function approveElsewhere(page: Page, request: APIRequestContext, withdrawalId: string) {
  await liveStreamOpen(page);
  const response = await request.post(`/api/admin/withdrawals/${withdrawalId}/approve`, {
    headers: { authorization: `Bearer ${await adminToken(request)}`, "idempotency-key": randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(200);
}
