/**
 * Arrangements for the Fair play page's walk (tests/model/gestures/fair-play-page.gestures.ts): two players in
 * review made through the real API before /admin/fair-play opens, as tests/e2e/fair-play.spec.ts makes its farm:
 * each taps like a metronome (`regular-cadence`, weight 40, puts an account in review at 30), and the second
 * asks for 1 000 USDT, which is held for a person. The landing Dashboard settles first, so a call the walk holds
 * is its page's own.
 *
 * Earlier runs of the walk leave players behind (a withdrawal held when the path ended on Cancel, accounts in
 * review or frozen), and so do the list pages' walks (their scripted players, fixtures.ts
 * playerFlaggedElsewhere); the held list shows the oldest first and the accounts list 20 a page, so they are
 * cleared first: the walk's players must be on the first page of both. With its account on the accounts page, the
 * held withdrawal's signals come with the list: the page reads no account's risk by itself
 * (src/machines/admin/admin.actors.ts, fairPlay), so each read of it the walk holds is the panel's own.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminToken, fundViaDevnet, SCRIPTED_GROUP, scriptedPlayerInReview } from "../fixtures.ts";
import { dashboardSettled } from "./admin.ts";

interface Arrange {
  page: Page;
  request: APIRequestContext;
}

/** The walk's players' emails start with this group (newUser), so a later run finds what an earlier left. */
const WALK_GROUP = "e2e-fairplay-walk";
const OUTSIDE = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
/** WITHDRAWAL_REVIEW_ABOVE_USDT's default: a withdrawal this large waits for a person. */
export const HELD_AMOUNT = 1_000;

type Headers = { authorization: string };

/** Rejects what earlier runs left held and clears their accounts, so the walk's rows are on the first pages. */
async function clearEarlierRuns(request: APIRequestContext, headers: Headers) {
  const held = await request.get("/api/admin/withdrawals", {
    params: { status: "review", limit: 100 },
    headers,
  });
  expect(held.status(), await held.text()).toBe(200);
  const { items } = (await held.json()) as { items: { id: string; email: string | null }[] };
  for (const item of items.filter((row) => row.email?.startsWith(WALK_GROUP))) {
    const rejected = await request.post(`/api/admin/withdrawals/${item.id}/reject`, {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: { reason: "Left held by an earlier run of the walk." },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
  }
  for (const status of ["review", "frozen"]) {
    const listed = await request.get("/api/admin/risk", { params: { status, limit: 100 }, headers });
    expect(listed.status(), await listed.text()).toBe(200);
    const { items: accounts } = (await listed.json()) as {
      items: { userId: string; email: string | null }[];
    };
    const left = accounts.filter((row) =>
      [WALK_GROUP, SCRIPTED_GROUP].some((group) => row.email?.startsWith(group)),
    );
    for (const account of left) {
      const cleared = await request.post(`/api/admin/users/${account.userId}/risk`, {
        headers: { ...headers, "idempotency-key": randomUUID() },
        data: { action: "clear", reason: "Left by an earlier run of the walk." },
      });
      expect(cleared.status(), await cleared.text()).toBe(200);
    }
  }
}

/**
 * Two players in review: `reviewed` (its panel is opened and decided on) and `held` (its 1 000 USDT withdrawal
 * waits for a decision). Returns their emails and ids, and the held withdrawal's id.
 */
export async function accountsInReview({ page, request }: Arrange): Promise<{
  reviewed: string;
  reviewedId: string;
  held: string;
  heldWithdrawal: string;
}> {
  await dashboardSettled({ page, request });
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  await clearEarlierRuns(request, headers);
  const reviewed = await scriptedPlayerInReview(request, "Reviewed Player", WALK_GROUP);
  const held = await scriptedPlayerInReview(request, "Held Player", WALK_GROUP);
  await fundViaDevnet(request, held.email, HELD_AMOUNT + 100);
  const transfer = await request.post("/api/wallet/token/transfer", {
    headers: { authorization: `Bearer ${held.token}`, "idempotency-key": randomUUID() },
    data: { to: OUTSIDE, amount: HELD_AMOUNT },
  });
  expect(transfer.status(), await transfer.text()).toBe(202);
  const { withdrawal } = (await transfer.json()) as { withdrawal: { id: string; status: string } };
  expect(withdrawal.status).toBe("review");
  return {
    reviewed: reviewed.email,
    reviewedId: reviewed.id,
    held: held.email,
    heldWithdrawal: withdrawal.id,
  };
}
