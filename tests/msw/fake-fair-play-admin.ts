/**
 * A small stateful fake of the back office's Fair play routes and economy (docs/fair-play.md) for UI walks: the
 * risk list (filtered, highest score first, 3 a page), one account's risk, the actions, the held withdrawals and
 * their decisions, and GET /admin/economy, plus the dashboard's two reads. It records what each route was asked
 * (the filter and cursor, every action's body and Idempotency-Key), so a walk asserts what the server got.
 * `decideElsewhere` stands for another admin deciding a withdrawal first: the next decision on it answers 409.
 */
import { HttpResponse, http, type PathParams } from "msw";

export interface FakeSignal {
  id: string;
  weight: number;
  evidence: string;
  at: string;
}
export interface FakeRiskAccount {
  userId: string;
  email: string | null;
  name: string;
  score: number;
  status: "ok" | "review" | "frozen" | "banned";
  signals: FakeSignal[];
  appeal: { at: string; message: string } | null;
  createdAt: string;
  lastActive: string | null;
  networks: Array<{ network: string; accounts: number }>;
  referrer: { userId: string; email: string | null; name: string; status: FakeRiskAccount["status"] } | null;
  friends: Array<{
    userId: string;
    email: string | null;
    name: string;
    status: FakeRiskAccount["status"];
    score: number;
  }>;
}
export interface FakeHeld {
  id: string;
  userId: string;
  amount: number;
  address: string;
  timestamp: string;
  status: "review" | "pending" | "failed";
  reason: string | null;
}

export const RISK_PAGE_SIZE = 3;
const failure = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });
const cursorOf = (offset: number) => btoa(JSON.stringify({ offset }));
const offsetOf = (cursor: string | null) =>
  cursor ? (JSON.parse(atob(cursor)) as { offset: number }).offset : 0;

const EMPTY_LIABILITIES = {
  pointsOutstanding: 0,
  pointsOutstandingUsdt: 0,
  walletsUsdt: 0,
  treasuryUsdt: 0,
  hotWalletUsdt: 0,
  coverage: null as number | null,
};

export function createFakeFairPlayAdmin(api: string, isAdmin: (request: Request) => boolean) {
  const accounts = new Map<string, FakeRiskAccount>();
  const held = new Map<string, FakeHeld>();
  const listRequests: Array<{ status: string | null; cursor: string | null }> = [];
  const heldRequests: Array<{ status: string | null; cursor: string | null }> = [];
  const detailRequests: string[] = [];
  const actions: Array<{ userId: string; action: string; reason: string; key: string | null }> = [];
  const decisions: Array<{
    id: string;
    decision: "approve" | "reject";
    reason?: string;
    key: string | null;
  }> = [];
  const decidedElsewhere = new Set<string>();
  let economy = { days: [] as unknown[], liabilities: { ...EMPTY_LIABILITIES } };
  const economyRequests: Array<string | null> = [];
  let nextId = 1;

  const admin =
    <T>(run: (request: Request, params: Record<string, string>) => T | Promise<T>) =>
    ({ request, params }: { request: Request; params: PathParams }) =>
      isAdmin(request)
        ? run(
            request,
            Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)])),
          )
        : failure(403, "FORBIDDEN", "Admins only.");
  const item = ({ networks, referrer, friends, ...rest }: FakeRiskAccount) => rest;
  const matches = (filter: string, account: FakeRiskAccount) =>
    filter === "all"
      ? account.score > 0 || account.status !== "ok"
      : filter === "appealed"
        ? account.appeal !== null
        : account.status === filter;
  const heldItem = (withdrawal: FakeHeld) => {
    const account = accounts.get(withdrawal.userId);
    return {
      id: withdrawal.id,
      type: "withdrawal" as const,
      address: withdrawal.address,
      amount: withdrawal.amount,
      timestamp: withdrawal.timestamp,
      status: withdrawal.status,
      txId: null,
      userId: withdrawal.userId,
      email: account?.email ?? null,
      score: account?.score ?? 0,
    };
  };
  const decide = async (request: Request, id: string, decision: "approve" | "reject") => {
    const body = decision === "reject" ? ((await request.json()) as { reason: string }) : undefined;
    decisions.push({ id, decision, reason: body?.reason, key: request.headers.get("idempotency-key") });
    const withdrawal = held.get(id);
    if (!withdrawal) return failure(404, "NOT_FOUND", "No such withdrawal.");
    if (decidedElsewhere.has(id) || withdrawal.status !== "review") {
      decidedElsewhere.delete(id);
      withdrawal.status = "pending";
      return failure(409, "WITHDRAWAL_DECIDED", "This withdrawal was already decided.");
    }
    withdrawal.status = decision === "approve" ? "pending" : "failed";
    withdrawal.reason = body?.reason ?? null;
    return HttpResponse.json({
      success: true,
      withdrawal: {
        id,
        userId: withdrawal.userId,
        status: withdrawal.status,
        amount: withdrawal.amount,
        to: withdrawal.address,
        reason: withdrawal.reason,
      },
    });
  };

  const handlers = [
    http.get(
      `${api}/admin/metrics`,
      admin(() =>
        HttpResponse.json({
          totalUsers: accounts.size,
          totalPoints: 0,
          totalWallets: 0,
          activeUsers: 0,
          averagePoints: 0,
          poolBalance: 100,
          dailyVolume: 0,
        }),
      ),
    ),
    http.get(
      `${api}/admin/users`,
      admin(() => HttpResponse.json({ items: [], nextCursor: null, total: 0 })),
    ),
    http.get(
      `${api}/admin/economy`,
      admin((request) => {
        economyRequests.push(new URL(request.url).searchParams.get("days"));
        return HttpResponse.json(economy);
      }),
    ),
    http.get(
      `${api}/admin/risk`,
      admin((request) => {
        const url = new URL(request.url);
        const query = { status: url.searchParams.get("status"), cursor: url.searchParams.get("cursor") };
        listRequests.push(query);
        const rows = [...accounts.values()]
          .filter((account) => matches(query.status ?? "review", account))
          .sort((a, b) => b.score - a.score);
        const offset = offsetOf(query.cursor);
        return HttpResponse.json({
          items: rows.slice(offset, offset + RISK_PAGE_SIZE).map(item),
          nextCursor: offset + RISK_PAGE_SIZE < rows.length ? cursorOf(offset + RISK_PAGE_SIZE) : null,
        });
      }),
    ),
    http.get(
      `${api}/admin/users/:id/risk`,
      admin((_request, params) => {
        detailRequests.push(params.id!);
        const account = accounts.get(params.id!);
        return account ? HttpResponse.json(account) : failure(404, "NOT_FOUND", "No such user.");
      }),
    ),
    http.post(
      `${api}/admin/users/:id/risk`,
      admin(async (request, params) => {
        const body = (await request.json()) as { action: string; reason: string };
        actions.push({ userId: params.id!, ...body, key: request.headers.get("idempotency-key") });
        const account = accounts.get(params.id!);
        if (!account) return failure(404, "NOT_FOUND", "No such user.");
        if (body.reason.length < 3) return failure(400, "VALIDATION_ERROR", "reason too short");
        const next = { clear: "ok", freeze: "frozen", unfreeze: "review", ban: "banned" } as const;
        account.status = next[body.action as keyof typeof next];
        if (body.action === "clear") {
          account.score = 0;
          account.signals = [];
        }
        return HttpResponse.json({ success: true, status: account.status });
      }),
    ),
    http.get(
      `${api}/admin/withdrawals`,
      admin((request) => {
        const url = new URL(request.url);
        heldRequests.push({ status: url.searchParams.get("status"), cursor: url.searchParams.get("cursor") });
        const rows = [...held.values()].filter((withdrawal) => withdrawal.status === "review");
        return HttpResponse.json({ items: rows.map(heldItem), nextCursor: null });
      }),
    ),
    http.post(
      `${api}/admin/withdrawals/:id/approve`,
      admin((request, params) => decide(request, params.id!, "approve")),
    ),
    http.post(
      `${api}/admin/withdrawals/:id/reject`,
      admin((request, params) => decide(request, params.id!, "reject")),
    ),
  ];

  return {
    handlers,
    accounts,
    held,
    listRequests,
    heldRequests,
    detailRequests,
    actions,
    decisions,
    economyRequests,
    /** Adds an account with a score; the rest of its risk has plain defaults. */
    seedAccount(row: Partial<FakeRiskAccount> & { email: string; score: number }) {
      const userId = row.userId ?? `00000000-0000-4000-a000-${String(nextId++).padStart(12, "0")}`;
      const account: FakeRiskAccount = {
        name: row.email.split("@")[0]!,
        status: row.score >= 50 ? "review" : "ok",
        signals: [],
        appeal: null,
        createdAt: "2030-01-01T00:00:00.000Z",
        lastActive: "2030-01-02T00:00:00.000Z",
        networks: [],
        referrer: null,
        friends: [],
        ...row,
        userId,
      };
      accounts.set(userId, account);
      return account;
    },
    seedHeld(userId: string, amount: number, address = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K") {
      const id = `00000000-0000-4000-b000-${String(nextId++).padStart(12, "0")}`;
      held.set(id, {
        id,
        userId,
        amount,
        address,
        timestamp: "2030-01-02T10:00:00.000Z",
        status: "review",
        reason: null,
      });
      return id;
    },
    /** Another admin decides this withdrawal first: the next decision on it answers 409. */
    decideElsewhere: (id: string) => decidedElsewhere.add(id),
    setEconomy(next: typeof economy) {
      economy = next;
    },
    clear() {
      accounts.clear();
      held.clear();
      for (const list of [listRequests, heldRequests, detailRequests, actions, decisions, economyRequests])
        list.length = 0;
      decidedElsewhere.clear();
      economy = { days: [], liabilities: { ...EMPTY_LIABILITIES } };
    },
  };
}
