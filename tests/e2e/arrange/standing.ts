/**
 * Arrangements for the standing walk (tests/model/gestures/standing.gestures.ts): the signed-in player's
 * account is frozen by the suite's admin before the walk's page opens, so Home shows the standing card and its
 * "Ask for a review" button.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { decideElsewhere } from "../fixtures.ts";

export async function frozenAccount({
  page,
  request,
}: {
  page: Page;
  request: APIRequestContext;
  account?: unknown;
}) {
  await decideElsewhere(page, request, "freeze");
  // The Home already open hears the freeze and reads the standing again: wait until it has, so that read is
  // not the one the walk holds (the walk opens its own page next and answers that page's read).
  await expect(page.getByRole("region", { name: "Your account", exact: true })).toContainText("Taps paused");
  return {};
}
