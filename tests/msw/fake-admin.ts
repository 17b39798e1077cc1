/**
 * A small stateful fake of the admin routes (docs/api.md, Admin) for UI walks of the back office. It searches
 * (`q`, part of the email), sorts (`field:asc|desc`) and pages (opaque cursors, 3 rows a page, so a handful of
 * users already spans pages) as the server does, and records the query every list request carried, so a walk
 * can assert what the server was asked rather than what the screen happens to show. Fund Wallet keeps the
 * Idempotency-Key of every call; `hold` parks those calls until the test `release`s them with an outcome.
 */
import { HttpResponse, http } from "msw";
import type { InjectedFailure } from "./fake-rewards.ts";

export interface FakeManagedUser {
  id: string;
  email: string;
  multiplier: number;
  points: number;
  walletBalance: number;
  walletAddress: string | null;
  lastActive: string | null;
}
export type ListRoute = "funded" | "unfunded";
export interface ListRequest {
  route: ListRoute;
  q: string | null;
  sort: string | null;
  cursor: string | null;
}
type Outcome = "ok" | InjectedFailure;

export const PAGE_SIZE = 3;
const failure = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });
const cursorOf = (offset: number) => btoa(JSON.stringify({ offset }));
const offsetOf = (cursor: string | null) =>
  cursor ? (JSON.parse(atob(cursor)) as { offset: number }).offset : 0;

export function createFakeAdmin(api: string, isAdmin: (request: Request) => boolean) {
  const users = new Map<string, FakeManagedUser>();
  const listRequests: ListRequest[] = [];
  const fundCalls: Array<{ userId: string; amount: number; key: string | null }> = [];
  const held: { on: boolean; parked: Array<(outcome: Outcome) => void>; early: Outcome[] } = {
    on: false,
    parked: [],
    early: [],
  };
  let nextId = 1;

  const list = (route: ListRoute, url: URL) => {
    const request: ListRequest = {
      route,
      q: url.searchParams.get("q"),
      sort: url.searchParams.get("sort"),
      cursor: url.searchParams.get("cursor"),
    };
    listRequests.push(request);
    const [field, direction] = (request.sort ?? "email:asc").split(":") as [keyof FakeManagedUser, string];
    const rows = [...users.values()]
      .filter((user) => (route === "funded") === user.walletBalance > 0)
      .filter((user) => !request.q || user.email.includes(request.q.toLowerCase()))
      .sort((a, b) => {
        const order = String(a[field] ?? "").localeCompare(String(b[field] ?? ""), "en", { numeric: true });
        return direction === "desc" ? -order : order;
      });
    const offset = offsetOf(request.cursor);
    const items = rows
      .slice(offset, offset + PAGE_SIZE)
      .map(({ walletBalance, walletAddress, ...row }) =>
        route === "funded" ? { ...row, walletAddress } : row,
      );
    return HttpResponse.json({
      items,
      nextCursor: offset + PAGE_SIZE < rows.length ? cursorOf(offset + PAGE_SIZE) : null,
      total: rows.length,
    });
  };
  const whenReleased = () =>
    new Promise<Outcome>((resolve) => {
      const early = held.early.shift();
      if (early) resolve(early);
      else held.parked.push(resolve);
    });
  const admin =
    <T>(run: (request: Request) => T | Promise<T>) =>
    ({ request }: { request: Request }) =>
      isAdmin(request) ? run(request) : failure(403, "FORBIDDEN", "Admins only.");
  const stats = () => {
    const values = [...users.values()].map((user) => user.multiplier);
    return {
      averageMultiplier: values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0,
      highestMultiplier: values.length ? Math.max(...values) : 0,
      lowestMultiplier: values.length ? Math.min(...values) : 0,
      totalUsers: values.length,
    };
  };

  const handlers = [
    http.get(
      `${api}/admin/multiplier-stats`,
      admin(() => HttpResponse.json(stats())),
    ),
    http.get(
      `${api}/admin/users-with-funded-wallets`,
      admin((request) => list("funded", new URL(request.url))),
    ),
    http.get(
      `${api}/admin/users-without-funded-wallets`,
      admin((request) => list("unfunded", new URL(request.url))),
    ),
    http.post(
      `${api}/admin/fund-wallet`,
      admin(async (request) => {
        const body = (await request.json()) as { userId: string; amount: number };
        fundCalls.push({ ...body, key: request.headers.get("idempotency-key") });
        const outcome = held.on ? await whenReleased() : "ok";
        if (outcome === "network" || outcome === "hang") return HttpResponse.error();
        if (outcome !== "ok") return failure(outcome.status, outcome.code, outcome.message);
        const user = users.get(body.userId);
        if (!user) return failure(404, "NOT_FOUND", "No such user.");
        user.walletBalance += body.amount;
        user.walletAddress ??= "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
        return HttpResponse.json({ success: true, balance: user.walletBalance });
      }),
    ),
    http.post(
      `${api}/admin/update-multiplier`,
      admin(async (request) => {
        const body = (await request.json()) as { userId: string; multiplier: number };
        const user = users.get(body.userId);
        if (!user) return failure(404, "NOT_FOUND", "No such user.");
        user.multiplier = body.multiplier;
        return HttpResponse.json({ success: true, multiplier: body.multiplier });
      }),
    ),
  ];

  return {
    handlers,
    listRequests,
    fundCalls,
    /** Adds users (role user) with the given emails; a positive wallet balance puts one in the funded list. */
    seed(rows: Array<Partial<FakeManagedUser> & { email: string }>) {
      for (const row of rows) {
        const id = `00000000-0000-4000-9000-${String(nextId++).padStart(12, "0")}`;
        users.set(id, {
          id,
          multiplier: 0.001,
          points: 0,
          walletBalance: 0,
          walletAddress: null,
          lastActive: null,
          ...row,
        });
      }
    },
    /** The requests a list route got, newest last. */
    requestsOf: (route: ListRoute) => listRequests.filter((request) => request.route === route),
    hold: () => {
      held.on = true;
    },
    release: (outcome: Outcome) => {
      const parked = held.parked.shift();
      if (parked) parked(outcome);
      else held.early.push(outcome);
    },
    clear() {
      users.clear();
      listRequests.length = 0;
      fundCalls.length = 0;
      held.on = false;
      held.parked.length = 0;
      held.early.length = 0;
    },
  };
}
