/**
 * The Wallet screen's routes of CONTRACT.md as a small stateful fake for component tests (msw): the user
 * record, the deposit address, the token, chain transfers (a test adds a deposit pending, then confirms or
 * fails it), USDT withdrawals (a test settles them) and the wallet history. The wallet balance is the fake
 * rewards account's, so the header and this screen agree. `failNext` makes the next call of a route fail.
 */
import { HttpResponse, http } from "msw";
import type { InjectedFailure } from "./fake-rewards.ts";

export type WalletRoute =
  | "user"
  | "patch"
  | "generate"
  | "balance"
  | "transactions"
  | "transfer"
  | "withdrawal";

interface Transfer {
  type: "receive" | "send";
  value: number;
  timestamp: string;
  txId: string;
  status: "pending" | "confirmed" | "failed";
}

interface Withdrawal {
  id: string;
  status: "pending" | "confirmed" | "failed";
  amount: number;
  to: string;
}

const ADDRESSES = ["TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH"];
const failure = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

export function createFakeWallet(
  api: string,
  userIdOf: (request: Request) => string | null,
  wallet: { get(userId: string): number; add(userId: string, amount: number): void },
) {
  const addresses = new Map<string, string>();
  const saved = new Map<string, string>();
  const transfers = new Map<string, Transfer[]>();
  const withdrawals = new Map<string, Withdrawal>();
  const history = new Map<
    string,
    {
      id: string;
      type: "deposit" | "withdraw";
      amount: number;
      description: string;
      timestamp: string;
      status: string;
    }[]
  >();
  const failNext = new Map<WalletRoute, InjectedFailure>();
  let counter = 0;

  async function guard(request: Request, route: WalletRoute) {
    const userId = userIdOf(request);
    if (!userId) return { response: failure(401, "UNAUTHORIZED", "Please log in.") };
    const injected = failNext.get(route);
    failNext.delete(route);
    if (injected === "network" || injected === "hang") return { response: HttpResponse.error() };
    if (injected) return { response: failure(injected.status, injected.code, injected.message) };
    return { userId };
  }
  const listOf = (userId: string) => transfers.get(userId) ?? [];
  const record = (userId: string, entry: Omit<ReturnType<typeof history.get> & object, never>[number]) =>
    history.set(userId, [entry, ...(history.get(userId) ?? [])]);

  const handlers = [
    http.get(`${api}/user/:id`, async ({ request, params }) => {
      const { response, userId } = await guard(request, "user");
      if (response) return response;
      return HttpResponse.json({
        id: params.id,
        email: "user@example.com",
        name: "Ada",
        role: "user",
        trc20_address: saved.get(userId) ?? null,
        created_at: new Date().toISOString(),
        last_login: null,
      });
    }),
    http.patch(`${api}/user/:id`, async ({ request }) => {
      const { response, userId } = await guard(request, "patch");
      if (response) return response;
      const body = (await request.json()) as { trc20_address: string };
      if (body.trc20_address !== addresses.get(userId))
        return failure(400, "VALIDATION_ERROR", "Not your address.");
      saved.set(userId, body.trc20_address);
      return HttpResponse.json({ trc20_address: body.trc20_address });
    }),
    http.post(`${api}/wallet/generate`, async ({ request }) => {
      const { response, userId } = await guard(request, "generate");
      if (response) return response;
      const address = addresses.get(userId) ?? ADDRESSES[addresses.size % ADDRESSES.length]!;
      addresses.set(userId, address);
      return HttpResponse.json({ success: true, address, message: "ready" });
    }),
    http.get(`${api}/wallet/token/info`, () =>
      HttpResponse.json({
        success: true,
        symbol: "USDT",
        decimals: 6,
        network: "TRC20",
        contract: ADDRESSES[0],
        explorer: "https://explorer.test/tx/",
      }),
    ),
    http.get(`${api}/wallet/token/balance`, async ({ request }) => {
      const { response, userId } = await guard(request, "balance");
      if (response) return response;
      if (!addresses.has(userId)) return HttpResponse.json({ success: true, balance: null });
      const onChain = listOf(userId)
        .filter((t) => t.type === "receive" && t.status === "confirmed")
        .reduce((sum, t) => sum + t.value, 0);
      return HttpResponse.json({ success: true, balance: onChain });
    }),
    http.get(`${api}/wallet/transactions`, async ({ request }) => {
      const { response, userId } = await guard(request, "transactions");
      if (response) return response;
      return HttpResponse.json({ success: true, transactions: listOf(userId).slice(0, 10) });
    }),
    http.get(`${api}/wallet/history`, ({ request }) => {
      const userId = userIdOf(request);
      if (!userId) return failure(401, "UNAUTHORIZED", "Please log in.");
      return HttpResponse.json({ transactions: history.get(userId) ?? [], nextCursor: null });
    }),
    http.post(`${api}/wallet/token/transfer`, async ({ request }) => {
      const { response, userId } = await guard(request, "transfer");
      if (response) return response;
      const body = (await request.json()) as { to: string; amount: number };
      if (body.amount < 300) return failure(422, "BELOW_MINIMUM", "The minimum withdrawal is 300 USDT.");
      if (wallet.get(userId) < body.amount)
        return failure(409, "INSUFFICIENT_BALANCE", "Insufficient balance for withdrawal");
      wallet.add(userId, -body.amount);
      const withdrawal: Withdrawal = {
        id: `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`,
        status: "pending",
        amount: body.amount,
        to: body.to,
      };
      withdrawals.set(withdrawal.id, withdrawal);
      record(userId, {
        id: withdrawal.id,
        type: "withdraw",
        amount: body.amount,
        description: "USDT withdrawal to TDvSsd...we9K",
        timestamp: new Date().toISOString(),
        status: "pending",
      });
      return HttpResponse.json({ success: true, withdrawal }, { status: 202 });
    }),
    http.get(`${api}/wallet/withdrawals/:id`, async ({ request, params }) => {
      const { response } = await guard(request, "withdrawal");
      if (response) return response;
      const withdrawal = withdrawals.get(String(params.id));
      return withdrawal
        ? HttpResponse.json({ ...withdrawal, txId: "ab".repeat(32) })
        : failure(404, "NOT_FOUND", "No withdrawal.");
    }),
  ];

  return {
    handlers,
    failNext,
    /** A deposit to the user's address, pending until the test confirms it. */
    deposit(userId: string, value: number): string {
      const txId = String(++counter).padStart(64, "0");
      transfers.set(userId, [
        { type: "receive", value, timestamp: new Date().toISOString(), txId, status: "pending" },
        ...listOf(userId),
      ]);
      return txId;
    },
    settleDeposit(userId: string, txId: string, status: "confirmed" | "failed") {
      const transfer = listOf(userId).find((t) => t.txId === txId);
      if (!transfer) throw new Error(`no deposit ${txId}`);
      transfer.status = status;
      if (status === "confirmed") {
        wallet.add(userId, transfer.value);
        record(userId, {
          id: txId,
          type: "deposit",
          amount: transfer.value,
          description: "USDT deposit",
          timestamp: new Date().toISOString(),
          status: "completed",
        });
      }
    },
    settleWithdrawals(status: "confirmed" | "failed") {
      for (const withdrawal of withdrawals.values())
        if (withdrawal.status === "pending") withdrawal.status = status;
    },
    clear() {
      addresses.clear();
      saved.clear();
      transfers.clear();
      withdrawals.clear();
      history.clear();
      failNext.clear();
    },
  };
}
