/**
 * Arrangements for the back office's walks (tests/model/gestures/admin-*.gestures.ts). The admin signs in on
 * /admin and lands on the Dashboard, whose loads are still going out when the URL changes: a walk that then
 * holds one of those calls would hold the landing page's request (dropped as the walk opens its own page) and
 * answer that one instead of its page's. Waiting for the landing Dashboard to finish loading first keeps every
 * held request the walked page's own.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminToken, newGroup, newUser } from "../fixtures.ts";

export async function dashboardSettled({ page }: { page: Page; request: APIRequestContext }) {
  await expect(page.getByRole("table", { name: "Users Overview", exact: true })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Coverage", exact: true }).first()).toBeVisible();
  return {};
}

/** A page of the Audit Log holds 20 entries (server/routes/list-cursor.ts). */
const AUDIT_PAGE = 20;

/**
 * The Audit Log has a second page, so its Next link works for the walk: a new player's multiplier is changed
 * through the API (each change one audited entry) as often as the first page still lacks entries.
 */
export async function auditPaged({ page, request }: { page: Page; request: APIRequestContext }) {
  await dashboardSettled({ page, request });
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const log = await request.get("/api/admin/audit-log", { params: { limit: AUDIT_PAGE }, headers });
  expect(log.status(), await log.text()).toBe(200);
  const { items, nextCursor } = (await log.json()) as { items: unknown[]; nextCursor: string | null };
  if (nextCursor) return {};
  const signup = await request.post("/api/auth/signup", { data: newUser("Audited Player", newGroup()) });
  expect(signup.status(), await signup.text()).toBe(201);
  const { user } = (await signup.json()) as { user: { id: string } };
  for (let made = items.length; made <= AUDIT_PAGE; made += 1) {
    const changed = await request.post("/api/admin/update-multiplier", {
      headers,
      data: { userId: user.id, multiplier: (2 + made) / 1000 },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  return {};
}
