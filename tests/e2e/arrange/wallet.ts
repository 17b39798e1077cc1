/**
 * Arrangements for the wallet group's exported walks (telegram-link, standings, wallet): data made through the
 * real API, and what the browser must hold, before the walk's page opens.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { signedInitData, TEST_BOT_TOKEN } from "../../support/telegram-init-data.ts";
import { logInViaForm } from "../fixtures.ts";

interface Arrange {
  page: Page;
  request: APIRequestContext;
  account?: { email: string; password: string };
}

/** initData of a fresh Telegram user, signed with the test server's bot token. */
function freshInitData(): string {
  const id = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  const user = { id, first_name: "Tele", last_name: "Gram", username: `tg_${randomUUID().slice(0, 6)}` };
  return signedInitData({ user, authDate: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN);
}

/**
 * The page opens inside Telegram: a minimal `Telegram.WebApp` with signed initData is installed before any
 * script runs (as tests/e2e/telegram.spec.ts does), so the account menu offers Link Telegram.
 */
export async function insideTelegram({ page }: Arrange): Promise<Record<string, string>> {
  const initData = freshInitData();
  await page.addInitScript((data) => {
    const noop = () => {};
    Object.assign(window, {
      Telegram: {
        WebApp: {
          initData: data,
          colorScheme: "dark",
          themeParams: {},
          viewportStableHeight: window.innerHeight,
          ready: noop,
          expand: noop,
          setHeaderColor: noop,
          setBackgroundColor: noop,
          onEvent: noop,
          BackButton: { show: noop, hide: noop, onClick: noop },
          HapticFeedback: { impactOccurred: noop },
        },
      },
    });
  }, initData);
  return {};
}

/**
 * The signed-in account has Telegram linked already (through the API), and the browser signed in again so
 * the account it stored says so: the account menu offers Unlink Telegram.
 */
export async function telegramLinked({ page, request, account }: Arrange): Promise<Record<string, string>> {
  if (!account) throw new Error("telegramLinked needs the signed-in account");
  const login = await request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
  const { session } = (await login.json()) as { session: { access_token: string } };
  const accessToken = session.access_token;
  const link = await request.post("/api/auth/telegram/link", {
    data: { initData: freshInitData(), password: account.password },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(link.status()).toBe(200);
  await page.evaluate(() => localStorage.clear());
  await page.goto("/auth?mode=login");
  await logInViaForm(page, account);
  await expect(page).toHaveURL(/\/home$/);
  return {};
}
