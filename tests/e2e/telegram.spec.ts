/**
 * The app inside Telegram (docs/decisions/031), with a fake `Telegram.WebApp` installed before the page loads and
 * initData signed with the test server's bot token: it opens straight into Home signed in, takes Telegram's
 * theme, shows Telegram's back button on inner pages, gives a haptic tick per tap, binds a `ref_<code>`
 * referral, and lets an email account link and unlink Telegram from the account menu with its password; a reset
 * by email takes the account back from a Telegram link (docs/decisions/033). At 375 and 1280 px, with axe.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signedInitData, TEST_BOT_TOKEN } from "../support/telegram-init-data.ts";
import { serverPoints, shoot, signUpAndLogIn } from "./fixtures.ts";

const THEME = { bg_color: "#17212b", secondary_bg_color: "#232e3c", header_bg_color: "#242f3d" };

function initDataFor(startParam?: string) {
  const id = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  const user = { id, first_name: "Tele", last_name: "Gram", username: `tg_${randomUUID().slice(0, 6)}` };
  return signedInitData({ user, authDate: Math.floor(Date.now() / 1000), startParam }, TEST_BOT_TOKEN);
}

/** Installs the fake before any script of the page runs; it records what the app asks of Telegram. */
async function openInTelegram(page: Page, initData: string, path = "/") {
  await page.addInitScript(
    ({ initData, theme }) => {
      const calls: string[] = [];
      let back: (() => void) | null = null;
      const state = { backVisible: false };
      Object.assign(window, {
        __telegram: { calls, state, pressBack: () => back?.() },
        Telegram: {
          WebApp: {
            initData,
            colorScheme: "dark",
            themeParams: theme,
            viewportStableHeight: window.innerHeight,
            ready: () => calls.push("ready"),
            expand: () => calls.push("expand"),
            setHeaderColor: (color: string) => calls.push(`header:${color}`),
            setBackgroundColor: (color: string) => calls.push(`background:${color}`),
            onEvent: () => {},
            BackButton: {
              show: () => {
                state.backVisible = true;
              },
              hide: () => {
                state.backVisible = false;
              },
              onClick: (handler: () => void) => {
                back = handler;
              },
            },
            HapticFeedback: { impactOccurred: (style: string) => calls.push(`haptic:${style}`) },
          },
        },
      });
    },
    { initData, theme: THEME },
  );
  await page.goto(path);
}

const telegramCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __telegram: { calls: string[] } }).__telegram.calls);
const backButtonVisible = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __telegram: { state: { backVisible: boolean } } }).__telegram.state.backVisible,
  );

for (const width of [375, 1280]) {
  test(`at ${width} px: opens straight into Home signed in, themed, with Telegram's back button and haptics`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await openInTelegram(page, initDataFor());

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("button", { name: /account menu for @tg_/ })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveCount(0);
    await expect.poll(() => telegramCalls(page)).toEqual(expect.arrayContaining(["ready", "expand"]));
    // Telegram's dark background colours the app's surfaces.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe("rgb(23, 33, 43)");
    expect(await backButtonVisible(page)).toBe(false);
    await shoot(page, `telegram-home-${width}`);

    // Inner pages show Telegram's back button, which goes back.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wallet" }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    await page.evaluate(() =>
      (window as unknown as { __telegram: { pressBack(): void } }).__telegram.pressBack(),
    );
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => backButtonVisible(page)).toBe(false);

    // Each tap gives one light haptic tick, and the taps are credited to the Telegram account.
    await page.goto("/tap");
    const coin = page.getByRole("button", { name: "Tap to earn" });
    await expect(page.getByText("Earn 0.0010 per tap")).toBeVisible();
    for (let i = 0; i < 5; i++) await coin.click();
    await expect(page.getByTestId("tap-balance")).toHaveText("0.0050");
    await expect
      .poll(async () => (await telegramCalls(page)).filter((call) => call === "haptic:light").length)
      .toBe(5);
    await expect.poll(async () => (await serverPoints(page, request)).totalTaps, { timeout: 20_000 }).toBe(5);
    await shoot(page, `telegram-tap-${width}`);
  });
}

test("a start_param ref_<code> makes the new Telegram player the referrer's friend", async ({
  page,
  request,
}) => {
  const referrer = await signUpAndLogIn(page, request, "Referrer Rita");
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const before = await request.get("/api/referrals", { headers: { authorization: `Bearer ${token}` } });
  const { code } = (await before.json()) as { code: string };

  const friend = await page.context().browser()!.newPage();
  await openInTelegram(friend, initDataFor(`ref_${code}`));
  await expect(friend).toHaveURL(/\/home$/);
  await expect(friend.getByRole("button", { name: /account menu/ })).toBeVisible();
  await friend.close();

  const after = await request.get("/api/referrals", { headers: { authorization: `Bearer ${token}` } });
  const view = (await after.json()) as { invited: number; friends: { name: string }[] };
  expect(view.invited, referrer.email).toBe(1);
  expect(view.friends.map((f) => f.name)).toEqual(["Tele Gram"]);
});

/** The newest mail of `kind` the local server kept for `email` (GET /api/devnet/mail, loopback only). */
async function latestMail(request: APIRequestContext, email: string, kind: string) {
  let text = "";
  await expect
    .poll(async () => {
      const res = await request.get(`/api/devnet/mail?to=${encodeURIComponent(email)}`);
      const { mails } = (await res.json()) as { mails: { kind: string; text: string }[] };
      text = mails.find((mail) => mail.kind === kind)?.text ?? "";
      return text !== "";
    })
    .toBe(true);
  return text;
}

async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: /account menu/ }).click();
}

/** Links Telegram from the account menu as a person does: the dialog asks for the password first. */
async function linkTelegram(page: Page, password: string) {
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: "Link Telegram", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Link Telegram" });
  await expect(dialog.getByLabel("Current password")).toBeFocused();
  await dialog.getByLabel("Current password").fill(password);
  await dialog.getByRole("button", { name: "Link Telegram" }).click();
  await expect(
    page.getByText("Telegram is linked: open TapRewards from the bot to play on this account."),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("an email account links Telegram with its password, and the owner is mailed", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const user = await signUpAndLogIn(page, request, "Email Emma");
  // The same browser storage, now opened from Telegram: the stored email session is kept, and linking is offered.
  await openInTelegram(page, initDataFor(), "/home");
  await openAccountMenu(page);
  await expect(page.getByRole("menuitem", { name: "Unlink Telegram" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Link Telegram", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Link Telegram" });
  await shoot(page, "telegram-link-dialog");

  // Nothing typed, then a wrong password: the dialog says what to do, and nothing is linked.
  await dialog.getByRole("button", { name: "Link Telegram" }).click();
  await expect(dialog.getByText("Enter your current password to continue.")).toBeVisible();
  await dialog.getByLabel("Current password").fill("not my password");
  await dialog.getByRole("button", { name: "Link Telegram" }).click();
  await expect(
    dialog.getByText(
      "That is not your current password. Try again, or log out and reset it from the login page.",
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel("Current password")).toHaveValue("");
  await expect(dialog.getByLabel("Current password")).toBeFocused();
  await shoot(page, "telegram-link-wrong-password");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await linkTelegram(page, user.password);
  await openAccountMenu(page);
  await expect(page.getByRole("menuitem", { name: "Link Telegram", exact: true })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Unlink Telegram" })).toBeVisible();
  await page.keyboard.press("Escape");
  await shoot(page, "telegram-linked");
  expect(await latestMail(request, user.email, "telegram_linked")).toContain("@tg_");
});

test("unlinking asks for the password, and Telegram then signs into an account of its own", async ({
  page,
  request,
}) => {
  const user = await signUpAndLogIn(page, request, "Unlink Ursula");
  const initData = initDataFor();
  await openInTelegram(page, initData, "/home");
  await linkTelegram(page, user.password);

  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: "Unlink Telegram" }).click();
  const dialog = page.getByRole("dialog", { name: "Unlink Telegram" });
  await dialog.getByLabel("Current password").fill(user.password);
  await shoot(page, "telegram-unlink-dialog");
  await dialog.getByRole("button", { name: "Unlink Telegram" }).click();
  await expect(page.getByText("Telegram is unlinked: it no longer signs in to this account.")).toBeVisible();
  await openAccountMenu(page);
  await expect(page.getByRole("menuitem", { name: "Unlink Telegram" })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Link Telegram", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  expect(await latestMail(request, user.email, "telegram_unlinked")).toContain("no longer signs in");

  const signIn = await request.post("/api/auth/telegram", { data: { initData } });
  expect(((await signIn.json()) as { user: { email: string | null } }).user.email).toBeNull();
});

test("the owner who recovers the account by email takes it back from a Telegram link", async ({
  page,
  request,
}) => {
  // Someone signed up with Vera's address and linked their own Telegram.
  const squatter = await signUpAndLogIn(page, request, "Vera Victim");
  const initData = initDataFor();
  await openInTelegram(page, initData, "/home");
  await linkTelegram(page, squatter.password);
  // From now on the squatter's device opens the app from Telegram only.
  await page.evaluate(() => localStorage.clear());

  // Vera asks for a reset link and chooses her own password, in a plain browser.
  const owner = await page.context().browser()!.newPage();
  await owner.goto("/auth?mode=forgot");
  await owner.getByLabel("Email").fill(squatter.email);
  await owner.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(owner.getByText("Password reset instructions have been sent to your email.")).toBeVisible();
  const link = /http:\/\/[^\s]+mode=reset&token=[A-Za-z0-9_-]+/.exec(
    await latestMail(request, squatter.email, "password_reset"),
  )?.[0];
  expect(link).toBeTruthy();
  await owner.goto(new URL(link!).pathname + new URL(link!).search);
  await owner.getByLabel("New Password", { exact: true }).fill("vera's own passphrase");
  await owner.getByLabel("Confirm Password").fill("vera's own passphrase");
  await owner.getByRole("button", { name: "Set New Password" }).click();
  await expect(
    owner.getByText("Your password has been changed. Please log in with your new password."),
  ).toBeVisible();
  await owner.close();

  // The squatter opens the app from Telegram again: it is no longer Vera's account.
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: /account menu for @tg_/ })).toBeVisible();
  const signIn = await request.post("/api/auth/telegram", { data: { initData } });
  const { user } = (await signIn.json()) as { user: { email: string | null } };
  expect(user.email).toBeNull();
  await shoot(page, "telegram-after-recovery");
});
