/**
 * Arrangements for the back office's dialog walks (tests/model/gestures/admin-dialogs.gestures.ts): the player a
 * dialog acts on, made through the real API before the page opens. User Management lists the newest account
 * first, so the player made here is the first row of its table (a page holds 20), and the walk finds its row by
 * its email. The landing Dashboard settles first, so a call the walk holds is its page's own.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminToken, newUser, signUpViaApi } from "../fixtures.ts";
import { dashboardSettled } from "./admin.ts";

interface Arrange {
  page: Page;
  request: APIRequestContext;
}

async function signUpAndFind(request: APIRequestContext, token: string) {
  const player = newUser("Dialog Target");
  await signUpViaApi(request, player);
  const answer = await request.get("/api/admin/users-without-funded-wallets", {
    params: { q: player.email },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  const { items } = (await answer.json()) as { items: { id: string; email: string }[] };
  const id = items.find((item) => item.email === player.email)?.id;
  if (!id) throw new Error(`the new player ${player.email} is not in the list of unfunded users`);
  return { email: player.email, id };
}

/** A new player with no funded wallet: the first row of Users without Funded Wallets. */
export async function unfundedPlayer({ page, request }: Arrange): Promise<{ email: string }> {
  await dashboardSettled({ page, request });
  const { email } = await signUpAndFind(request, await adminToken(request));
  return { email };
}

/** The email of an admin the walk creates (no account has it yet). */
export async function newAdminEmail({ page, request }: Arrange): Promise<{ email: string }> {
  await dashboardSettled({ page, request });
  return { email: newUser("Second Admin").email };
}

/** A TRC20 address outside the app (tests/e2e/admin.spec.ts). */
const OUTSIDE = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";

/**
 * The treasury's Transaction History has a second page (a page holds 20 rows): small withdrawals through the
 * API make up the difference the first time, so Next is enabled for the walk.
 */
export async function treasuryPaged({ page, request }: Arrange): Promise<Record<string, never>> {
  await dashboardSettled({ page, request });
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const history = await request.get("/api/admin/withdrawals", { params: { limit: 20 }, headers });
  expect(history.status()).toBe(200);
  const { items, nextCursor } = (await history.json()) as { items: unknown[]; nextCursor: string | null };
  if (nextCursor) return {};
  for (let made = items.length; made <= 20; made += 1) {
    const withdrawal = await request.post("/api/admin/withdraw", {
      data: { address: OUTSIDE, amount: 0.01 },
      headers,
    });
    expect(withdrawal.status()).toBe(202);
  }
  return {};
}
