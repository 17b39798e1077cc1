/**
 * Arrangements for the walks of the read-only pages (points history, leaderboard, stats): points movements and
 * other players made through the real API before the walk's page opens.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { newUser, sessionOf, signUpViaApi } from "../fixtures.ts";

interface Arrange {
  page: Page;
  request: APIRequestContext;
  account?: { email: string; password: string };
}

/** Taps the oldest credited batch carries: its row (+0.0070) is the one the second page of the history shows. */
export const OLDEST_BATCH_TAPS = 7;
/** The points history's page (HISTORY_PAGE_SIZE): this many one-tap batches fill the first page. */
export const NEWER_BATCHES = 20;

/** The signed-in player sends a batch of `taps` taps through the API, as the app (or another device) does. */
async function sendBatch(page: Page, request: APIRequestContext, taps: number) {
  const { token, userId } = await sessionOf(page);
  const response = await request.post(`/api/user/${userId}/points`, {
    headers: { authorization: `Bearer ${token}` },
    data: { batchId: randomUUID(), taps, intervals: [0, ...Array(taps - 1).fill(250)] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * More credited batches than one page of the points history holds: first one of 7 taps (the oldest row,
 * +0.0070), then 20 of one tap each (+0.0010), so the first page is the 20 newest and `Show more` brings the
 * oldest. The first batch claims the day's streak by itself (auto-claim: 1 point, not a history row).
 */
export async function twoPagesOfHistory({ page, request }: Arrange): Promise<Record<string, string>> {
  await sendBatch(page, request, OLDEST_BATCH_TAPS);
  for (let batch = 0; batch < NEWER_BATCHES; batch += 1) await sendBatch(page, request, 1);
  // The home screen heard every batch: its balance is the day's reward and the 27 taps.
  await expect(page.getByRole("banner")).toContainText("1.0270");
  return {};
}

/** The other player on the boards, and the taps they made today (through the API, on their own account). */
export const OTHER_PLAYER = "Grace Hopper";
/**
 * Enough that the 50 best of the day still hold her when a whole `test:paths` run has made its players on the
 * same server first (the scripted players of the back office's walks have 0.13 points each).
 */
export const OTHER_PLAYER_TAPS = 600;

/**
 * Another player who tapped today (600 taps at a person's uneven pace: 0.6000 points), so today's and this
 * week's boards have a row that is not the walk's player; the walk's player has tapped nothing yet ("Tap to get
 * on the board.").
 */
export async function anotherPlayerTapped({ request }: Arrange): Promise<Record<string, string>> {
  const other = newUser(OTHER_PLAYER);
  await signUpViaApi(request, other);
  const login = await request.post("/api/auth/login", {
    data: { email: other.email, password: other.password },
  });
  expect(login.status()).toBe(200);
  const { session, user } = (await login.json()) as {
    session: { access_token: string };
    user: { id: string };
  };
  const response = await request.post(`/api/user/${user.id}/points`, {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: {
      batchId: randomUUID(),
      taps: OTHER_PLAYER_TAPS,
      intervals: [
        0,
        ...Array.from({ length: OTHER_PLAYER_TAPS - 1 }, (_, index) => 180 + ((index * 37) % 140)),
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return {};
}
