/**
 * Arrangements for the walks of the Rewards area's economy cards (boosters): points granted and a booster bought
 * through the real API before the walk's page opens.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { fundViaDevnet, sessionOf } from "../fixtures.ts";

interface Arrange {
  page: Page;
  request: APIRequestContext;
  account?: { email: string; password: string };
}

/**
 * Grants `points`, then reads the page again and waits until its header shows them, so the figures this browser
 * stores hold them too (the stream may not be connected yet when the grant is pushed).
 */
async function grantPoints({ page, request, account }: Arrange, points: number, shown: string) {
  if (!account) throw new Error("an economy arrangement needs the signed-in account");
  await fundViaDevnet(request, account.email, 0, points);
  await page.reload();
  await expect(page.getByRole("banner")).toContainText(shown);
}

/** 150 points: a booster (100 points) can be bought once. */
export async function pointsForABooster(arrange: Arrange): Promise<Record<string, string>> {
  await grantPoints(arrange, 150, "150.0000");
  return {};
}

/** 50 points: too few for a booster, so the page refuses Buy without asking the server. */
export async function tooFewPointsForABooster(arrange: Arrange): Promise<Record<string, string>> {
  await grantPoints(arrange, 50, "50.0000");
  return {};
}

/** How long ago, on the page's clock, the booster of `boosterEndedOnThePage` ended when the page opens. */
export const ENDED_AGO_MS = 5_000;

/**
 * A booster bought through the API (Turbo ×2, 10 minutes), then the page's clock (installed by the test) set
 * to just after its end: the page that opens next reads a booster that ended 5 s ago, in its grace. The
 * server's own clock does not move, so it still counts the booster as running (no purchase is offered then).
 */
export async function boosterEndedOnThePage(arrange: Arrange): Promise<Record<string, string>> {
  const { page, request } = arrange;
  await grantPoints(arrange, 150, "150.0000");
  const { token } = await sessionOf(page);
  const response = await request.post("/api/rewards/boosters/purchase", {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    data: { boosterId: "turbo-2x" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { active } = (await response.json()) as { active: { endsAt: string } };
  await page.clock.setSystemTime(Date.parse(active.endsAt) + ENDED_AGO_MS);
  return {};
}

/**
 * One tap sent through the API before the page opens: "First Tap" is unlocked already, so a later tap elsewhere
 * pushes only the new total (the progress of the other tap goals moves, nothing unlocks).
 */
export async function tappedOnce({ page, request }: Arrange): Promise<Record<string, string>> {
  const { token, userId } = await sessionOf(page);
  const response = await request.post(`/api/user/${userId}/points`, {
    headers: { authorization: `Bearer ${token}` },
    data: { batchId: randomUUID(), taps: 1, intervals: [0] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return {};
}
