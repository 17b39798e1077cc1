/**
 * Arrangements for the Wallet screen's USDT walks (deposit, withdraw-usdt): a deposit address with a devnet
 * deposit already credited, or USDT in the wallet to withdraw, made through the real API before /wallet opens.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminToken, fundViaDevnet, sessionOf } from "../fixtures.ts";

interface Arrange {
  page: Page;
  request: APIRequestContext;
  account?: { email: string; password: string };
}

/** What the deposit of `creditedDeposit` sends (tests/e2e/wallet.spec.ts sends the same). */
export const CREDITED_DEPOSIT = 250.5;

/**
 * The signed-in player generated their deposit address before (through the API), and a devnet deposit to it
 * was credited before the page opens: the test waits until the server reads it final (its own listing credits
 * it then), so the page's first listing shows it credited, not news.
 */
export async function creditedDeposit({ page, request }: Arrange): Promise<Record<string, string>> {
  const { token } = await sessionOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const generated = await request.post("/api/wallet/generate", { headers, data: { type: "trc20" } });
  expect(generated.status(), await generated.text()).toBe(200);
  const { address } = (await generated.json()) as { address: string };
  const sent = await request.post("/api/devnet/deposit", { data: { address, amount: CREDITED_DEPOSIT } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { txId } = (await sent.json()) as { txId: string };
  await expect
    .poll(
      async () => {
        const listed = await request.get("/api/wallet/transactions", { headers });
        const { transactions } = (await listed.json()) as {
          transactions: { txId: string; status: string }[];
        };
        return transactions.find((tx) => tx.txId === txId)?.status;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe("confirmed");
  return { address };
}

/** 300 USDT in the wallet (the devnet's admin-funded grant), shown in the header before the walk starts. */
export async function usdtToWithdraw({ page, request, account }: Arrange): Promise<Record<string, string>> {
  if (!account) throw new Error("usdtToWithdraw needs the signed-in account");
  await fundViaDevnet(request, account.email, 300);
  await page.reload();
  await expect(page.getByRole("banner")).toContainText("$300.00");
  return {};
}

/**
 * The oldest funding of `twoPagesOfMovements`: its row (+$307.00) is the one the history's second page shows;
 * with it the wallet holds the minimum withdrawal (300 USDT), which the walk withdraws with the stream down.
 */
export const OLDEST_FUNDING = 307;
/** The wallet history's page (the app asks for 20 rows): this many fundings of $1.00 fill the first page. */
export const NEWER_FUNDINGS = 20;

/**
 * More movements of the wallet than one page of the Transaction History holds: first a devnet funding of
 * $307.00 (the oldest row), then 20 of $1.00, so the first page is the 20 newest and Show more brings the
 * oldest. The browser reads the account again, so the header shows the $327.00 before the walk starts.
 */
export async function twoPagesOfMovements({
  page,
  request,
  account,
}: Arrange): Promise<Record<string, string>> {
  if (!account) throw new Error("twoPagesOfMovements needs the signed-in account");
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const fund = async (amount: number) => {
    const response = await request.post("/api/devnet/fund-wallet", {
      data: { email: account.email, amount },
      headers,
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await fund(OLDEST_FUNDING);
  for (let funding = 0; funding < NEWER_FUNDINGS; funding += 1) await fund(1);
  await page.reload();
  await expect(page.getByRole("banner")).toContainText("$327.00");
  return {};
}
