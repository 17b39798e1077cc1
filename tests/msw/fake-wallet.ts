/**
 * The Wallet screen's routes of docs/api.md as a small stateful fake for component tests (msw): the user
 * record, the deposit address, the token, chain transfers (a test adds a deposit pending, then confirms or
 * fails it), USDT withdrawals (idempotent by key; a test settles them: confirmed, or failed and refunded)
 * and the wallet history. The wallet balance is the fake rewards account's, so the header and this screen
 * agree. `failNext` makes the next call of a route fail; `hold` parks every call of a route until the test
 * `release`s it with an outcome, like fake-rewards.ts.
 */
import { delay, HttpResponse, http } from "msw";
import { AWAITING_REVIEW } from "#contracts/fair-play-rules.ts";
import { shortTronAddress } from "#contracts/tron-address.ts";
import type { InjectedFailure } from "./fake-rewards.ts";

export type WalletRoute =
  | "user"
  | "patch"
  | "generate"
  | "token-info"
  | "token-balance"
  | "transactions"
  | "history"
  | "transfer"
  | "withdrawal";

type Outcome = "ok" | InjectedFailure;

interface Transfer {
  type: "receive" | "send";
  value: number;
  timestamp: string;
  txId: string;
  status: "pending" | "confirmed" | "failed";
}

interface Withdrawal {
  id: string;
  userId: string;
  status: "review" | "pending" | "confirmed" | "failed";
  amount: number;
  to: string;
  /** An admin's reason for rejecting it (docs/fair-play.md). */
  reason: string | null;
}

interface HistoryEntry {
  id: string;
  type: "deposit" | "withdraw";
  amount: number;
  description: string;
  timestamp: string;
  status: "pending" | "completed" | "failed";
}

/** Real, checksummed addresses: the deposit addresses the fake hands out. */
export const FAKE_ADDRESSES = ["TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH"];
export const FAKE_EXPLORER = "https://explorer.test/tx/";

import { MICRO_PER_UNIT as MICRO } from "#contracts/micro.ts";

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
  const history = new Map<string, HistoryEntry[]>();
  const storedByKey = new Map<string, { status: number; body: unknown }>();
  /** Every transfer request, as sent (replays included). */
  const transferCalls: Array<{ to: string; amount: number; key: string | null }> = [];
  const failNext = new Map<WalletRoute, InjectedFailure>();
  const held = new Map<WalletRoute, { parked: Array<(outcome: Outcome) => void>; early: Outcome[] }>();
  let counter = 0;
  /** New withdrawals are held for an admin's review (docs/fair-play.md: 202 with status `review`). */
  let holdForReview = false;

  const answerWhenReleased = (route: WalletRoute) =>
    new Promise<Outcome>((resolve) => {
      const gate = held.get(route)!;
      const early = gate.early.shift();
      if (early) resolve(early);
      else gate.parked.push(resolve);
    });

  /** Authenticates, then waits for a release (held route) or applies an injected failure. */
  async function guard(request: Request, route: WalletRoute) {
    const userId = userIdOf(request);
    if (!userId) return { response: failure(401, "UNAUTHORIZED", "Please log in.") };
    const released = held.has(route) ? await answerWhenReleased(route) : undefined;
    const injected = released ?? failNext.get(route);
    if (!released) failNext.delete(route);
    if (injected && injected !== "ok") {
      if (injected === "hang") await delay("infinite");
      if (typeof injected === "string") return { response: HttpResponse.error() };
      return { response: failure(injected.status, injected.code, injected.message) };
    }
    return { userId };
  }

  const listOf = (userId: string) => transfers.get(userId) ?? [];
  const record = (userId: string, entry: HistoryEntry) =>
    history.set(userId, [entry, ...(history.get(userId) ?? [])]);
  const userRecord = (id: string, userId: string) => ({
    id,
    email: "ada@example.com",
    name: "Ada Lovelace",
    role: "user",
    trc20_address: saved.get(userId) ?? null,
    created_at: "2026-11-01T08:00:00.000Z",
    last_login: null,
  });

  function withdraw(userId: string, body: { to: string; amount: number }) {
    if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(body.to))
      return { status: 400, body: { error: { code: "VALIDATION_ERROR", message: "Not a TRC20 address." } } };
    if (body.amount < 300)
      return { status: 422, body: { error: { code: "BELOW_MINIMUM", message: "The minimum is 300 USDT." } } };
    if (Math.round(wallet.get(userId) * MICRO) < Math.round(body.amount * MICRO)) {
      const message = "Insufficient balance for withdrawal";
      return { status: 409, body: { error: { code: "INSUFFICIENT_BALANCE", message } } };
    }
    wallet.add(userId, -body.amount);
    const id = `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;
    const status = holdForReview ? "review" : "pending";
    const withdrawal: Withdrawal = { id, userId, status, amount: body.amount, to: body.to, reason: null };
    withdrawals.set(id, withdrawal);
    // The server's history shows a held one `pending`, described `Awaiting review`.
    const description = holdForReview ? AWAITING_REVIEW : `USDT withdrawal to ${shortTronAddress(body.to)}`;
    const timestamp = new Date().toISOString();
    record(userId, { id, type: "withdraw", amount: body.amount, description, timestamp, status: "pending" });
    const { userId: _owner, reason: _reason, ...answer } = withdrawal;
    return { status: 202, body: { success: true, withdrawal: answer } };
  }

  /** The chain confirms (the wallet is credited, once) or refuses a pending deposit. */
  function settleDeposit(userId: string, txId: string, status: "confirmed" | "failed") {
    const transfer = listOf(userId).find((t) => t.txId === txId);
    if (transfer?.status !== "pending") throw new Error(`no pending deposit ${txId}`);
    transfer.status = status;
    if (status !== "confirmed") return;
    wallet.add(userId, transfer.value);
    const timestamp = new Date().toISOString();
    const description = "USDT deposit";
    record(userId, {
      id: txId,
      type: "deposit",
      amount: transfer.value,
      description,
      timestamp,
      status: "completed",
    });
  }

  const handlers = [
    http.get(`${api}/user/:id`, async ({ request, params }) => {
      const { response, userId } = await guard(request, "user");
      return response ?? HttpResponse.json(userRecord(String(params.id), userId));
    }),
    http.patch(`${api}/user/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { trc20_address?: string };
      const { response, userId } = await guard(request, "patch");
      if (response) return response;
      const address = addresses.get(userId);
      if (!address || body.trc20_address !== address)
        return failure(400, "VALIDATION_ERROR", "This is not your deposit address.");
      saved.set(userId, address);
      return HttpResponse.json(userRecord(String(params.id), userId));
    }),
    http.post(`${api}/wallet/generate`, async ({ request }) => {
      const { response, userId } = await guard(request, "generate");
      if (response) return response;
      const address = addresses.get(userId) ?? FAKE_ADDRESSES[addresses.size % FAKE_ADDRESSES.length]!;
      addresses.set(userId, address);
      return HttpResponse.json({ success: true, address, message: "Wallet ready" });
    }),
    http.get(`${api}/wallet/token/info`, async ({ request }) => {
      const { response } = await guard(request, "token-info");
      return (
        response ??
        HttpResponse.json({
          success: true,
          symbol: "USDT",
          decimals: 6,
          network: "TRC20",
          contract: FAKE_ADDRESSES[0],
          explorer: FAKE_EXPLORER,
        })
      );
    }),
    http.get(`${api}/wallet/token/balance`, async ({ request }) => {
      const { response, userId } = await guard(request, "token-balance");
      if (response) return response;
      if (!addresses.has(userId)) return HttpResponse.json({ success: true, balance: null });
      const onChain = listOf(userId)
        .filter((t) => t.type === "receive" && t.status === "confirmed")
        .reduce((sum, t) => sum + Math.round(t.value * MICRO), 0);
      return HttpResponse.json({ success: true, balance: onChain / MICRO });
    }),
    http.get(`${api}/wallet/transactions`, async ({ request }) => {
      const { response, userId } = await guard(request, "transactions");
      if (response) return response;
      const limit = Number(new URL(request.url).searchParams.get("limit") ?? 10);
      return HttpResponse.json({ success: true, transactions: listOf(userId).slice(0, limit) });
    }),
    http.get(`${api}/wallet/history`, async ({ request }) => {
      const { response, userId } = await guard(request, "history");
      return response ?? HttpResponse.json({ transactions: history.get(userId) ?? [], nextCursor: null });
    }),
    http.post(`${api}/wallet/token/transfer`, async ({ request }) => {
      const body = (await request.json()) as { to: string; amount: number };
      const key = request.headers.get("idempotency-key");
      transferCalls.push({ ...body, key });
      const { response, userId } = await guard(request, "transfer");
      if (response) return response;
      if (!key) return failure(400, "VALIDATION_ERROR", "Idempotency-Key is required.");
      const stored = storedByKey.get(`${userId}:${key}`) ?? withdraw(userId, body);
      storedByKey.set(`${userId}:${key}`, stored);
      return HttpResponse.json(stored.body as never, { status: stored.status });
    }),
    http.get(`${api}/wallet/withdrawals/:id`, async ({ request, params }) => {
      const { response, userId } = await guard(request, "withdrawal");
      if (response) return response;
      const found = withdrawals.get(String(params.id));
      if (!found || found.userId !== userId) return failure(404, "NOT_FOUND", "No withdrawal of yours.");
      const { userId: _owner, ...answer } = found;
      const sent = found.status === "confirmed" || found.status === "failed";
      return HttpResponse.json({ ...answer, txId: sent ? "ab".repeat(32) : null });
    }),
  ];

  return {
    handlers,
    failNext,
    transferCalls,
    hold: (route: WalletRoute) => held.set(route, { parked: [], early: [] }),
    /** Answers the oldest parked call of a held route (or the next one to come) with `outcome`. */
    release: (route: WalletRoute, outcome: Outcome) => {
      const gate = held.get(route);
      if (!gate) throw new Error(`route ${route} is not held`);
      const parked = gate.parked.shift();
      if (parked) parked(outcome);
      else gate.early.push(outcome);
    },
    /** Stops holding a route; calls still parked are answered "ok". */
    unhold: (route: WalletRoute) => {
      for (const parked of held.get(route)?.parked ?? []) parked("ok");
      held.delete(route);
    },
    /** The user already generated and saved an address (as on a later visit). */
    giveAddress(userId: string): string {
      const address = FAKE_ADDRESSES[0]!;
      addresses.set(userId, address);
      saved.set(userId, address);
      return address;
    },
    /** A deposit to the user's address, as the chain reports it: pending until the test settles it. */
    deposit(userId: string, value: number, status: Transfer["status"] = "pending"): string {
      const serial = (++counter).toString(16).padStart(4, "0");
      const txId = `${serial}${"e".repeat(56)}${serial}`;
      const timestamp = new Date().toISOString();
      transfers.set(userId, [
        { type: "receive", value, timestamp, txId, status: "pending" },
        ...listOf(userId),
      ]);
      if (status !== "pending") settleDeposit(userId, txId, status);
      return txId;
    },
    settleDeposit,
    /** The txId of the user's newest pending deposit, if any. */
    pendingDeposit: (userId: string) => listOf(userId).find((t) => t.status === "pending")?.txId,
    hasDeposits: (userId: string) => listOf(userId).length > 0,
    /** From now on withdrawals are held for review (an account in review, a first withdrawal...). */
    holdWithdrawals: (on = true) => {
      holdForReview = on;
    },
    /**
     * An admin decides every held withdrawal: approved, it is pending as any other (and settles as they do);
     * rejected, it fails with `reason` as its history description and its amount goes back to the wallet.
     * Returns the decided ones, as the `withdrawal` event carries them.
     */
    decideWithdrawals(decision: "approve" | "reject", reason = "") {
      const decided: Array<Omit<Withdrawal, "userId" | "to"> & { txId: null }> = [];
      for (const withdrawal of withdrawals.values()) {
        if (withdrawal.status !== "review") continue;
        const entry = history.get(withdrawal.userId)?.find((row) => row.id === withdrawal.id);
        if (decision === "approve") {
          withdrawal.status = "pending";
          if (entry) entry.description = `USDT withdrawal to ${shortTronAddress(withdrawal.to)}`;
        } else {
          Object.assign(withdrawal, { status: "failed", reason });
          if (entry) Object.assign(entry, { status: "failed", description: reason });
          wallet.add(withdrawal.userId, withdrawal.amount);
        }
        const { id, amount, status } = withdrawal;
        decided.push({ id, amount, status, reason: withdrawal.reason, txId: null });
      }
      return decided;
    },
    /** Every pending withdrawal is confirmed, or fails and its amount goes back to the wallet. */
    settleWithdrawals(status: "confirmed" | "failed") {
      for (const withdrawal of withdrawals.values()) {
        if (withdrawal.status !== "pending") continue;
        withdrawal.status = status;
        const entry = history.get(withdrawal.userId)?.find((row) => row.id === withdrawal.id);
        if (entry) entry.status = status === "confirmed" ? "completed" : "failed";
        if (status === "confirmed") continue;
        wallet.add(withdrawal.userId, withdrawal.amount);
        record(withdrawal.userId, {
          id: `refund-${withdrawal.id}`,
          type: "deposit",
          amount: withdrawal.amount,
          description: "Withdrawal refund",
          timestamp: new Date().toISOString(),
          status: "completed",
        });
      }
    },
    clear() {
      addresses.clear();
      saved.clear();
      transfers.clear();
      withdrawals.clear();
      history.clear();
      storedByKey.clear();
      transferCalls.length = 0;
      holdForReview = false;
      failNext.clear();
      for (const gate of held.values()) for (const parked of gate.parked) parked("network");
      held.clear();
    },
  };
}
