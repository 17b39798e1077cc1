/**
 * Arrangements for the back office's walks (tests/model/gestures/admin-*.gestures.ts). The admin signs in on
 * /admin and lands on the Dashboard, whose loads are still going out when the URL changes: a walk that then
 * holds one of those calls would hold the landing page's request (dropped as the walk opens its own page) and
 * answer that one instead of its page's. Waiting for the landing Dashboard to finish loading first keeps every
 * held request the walked page's own.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export async function dashboardSettled({ page }: { page: Page; request: APIRequestContext }) {
  await expect(page.getByRole("table", { name: "Users Overview", exact: true })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Coverage", exact: true }).first()).toBeVisible();
  return {};
}
