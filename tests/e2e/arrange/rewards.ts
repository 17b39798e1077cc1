/**
 * Arrangements for the rewards dialogs' exported walks (multipliers, withdraw-rewards): points and USDT given
 * to the signed-in account through the real API (the devnet's admin-funded grant) before the walk's page opens.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { fundViaDevnet } from "../fixtures.ts";

interface Arrange {
  page: Page;
  request: APIRequestContext;
  account?: { email: string; password: string };
}

/**
 * Grants, then reads the page again and waits until its header shows them, so the figures this browser stores
 * hold them too (the stream may not be connected yet when the grant is pushed).
 */
async function grant({ page, request, account }: Arrange, usdt: number, points: number, shown: string) {
  if (!account) throw new Error("a rewards arrangement needs the signed-in account");
  await fundViaDevnet(request, account.email, usdt, points);
  await page.reload();
  await expect(page.getByRole("banner")).toContainText(shown);
  return {};
}

/** $7 and 150 points: the 0.002x multiplier ($5 and 100 points) can be bought, the dearer ones cannot. */
export const pointsAndFunds = (arrange: Arrange) => grant(arrange, 7, 150, "150.0000");

/** $7 but only 50 points: a multiplier purchase is refused for its points. */
export const fewPoints = (arrange: Arrange) => grant(arrange, 7, 50, "50.0000");

/** 12.5 points to withdraw into the wallet, and no USDT. */
export const pointsToWithdraw = (arrange: Arrange) => grant(arrange, 0, 12.5, "12.5000");
