/** /admin/…: the back office (policy `admin`: the role is checked on the server for every route). */
import type { FastifyInstance } from "fastify";
import { accountLabel } from "#contracts/account-label.ts";
import * as contract from "#contracts/admin.ts";
import {
  createAdminAccount,
  fundUserWallet,
  setUserMultiplier,
  withdrawTreasury,
} from "../domain/admin/actions.ts";
import { type Actor, listAudit } from "../domain/admin/audit.ts";
import { adminMetrics, multiplierStats } from "../domain/admin/metrics.ts";
import { heldWithdrawalQueue, treasuryHistory } from "../domain/admin/treasury-history.ts";
import {
  type FundedFilter,
  fundedWallets,
  listManagedUsers,
  type ManagedUserSortField,
} from "../domain/admin/user-lists.ts";
import type { AuthenticatedSession } from "../domain/auth/sessions.ts";
import type { Uses } from "../domain/deps.ts";
import { treasuryBalanceMicro } from "../domain/ledger/accounts.ts";
import { optionalIdempotencyKeyOf } from "./idempotency-key.ts";
import {
  encodeCursor,
  nextOffsetCursor,
  offsetPageRequest,
  pageRequest,
  SERIAL_ID,
  UUID_ID,
} from "./list-cursor.ts";
import { registerEndpoint } from "./register-endpoint.ts";
import { microFromWire, microToWire } from "./wire-units.ts";

export const actorOf = (auth: AuthenticatedSession): Actor => ({
  id: auth.user.id,
  email: accountLabel({ ...auth.user, telegramUsername: auth.user.telegram?.username }),
});
/** The admin lists' names of an account (docs/decisions/031). */
const accountNames = (row: { email: string | null; name: string; telegram_username: string | null }) => ({
  email: row.email,
  name: row.name,
  telegramUsername: row.telegram_username,
});

/** The body of GET /admin/metrics, which admins' live streams also get as `admin.metrics`. */
export async function adminMetricsBody(deps: Uses<"db" | "clock">) {
  const m = await adminMetrics(deps.db, deps.clock());
  return {
    totalUsers: m.totalUsers,
    totalPoints: microToWire(m.totalPointsMicro),
    totalWallets: m.totalWallets,
    activeUsers: m.activeUsers,
    averagePoints: microToWire(m.averagePointsMicro),
    poolBalance: microToWire(m.poolBalanceMicro),
    dailyVolume: microToWire(m.dailyVolumeMicro),
    streakClaimsToday: m.streakClaimsToday,
    boosterSalesToday: m.boosterSalesToday,
  };
}

export function registerAdminRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  registerEndpoint(app, contract.metrics, () => adminMetricsBody(ctx));

  const managed = async (
    query: { limit?: number; cursor?: string; q?: string; sort?: string },
    funded: FundedFilter,
    sortable: readonly ManagedUserSortField[],
  ) => {
    const request = offsetPageRequest(query);
    const page = await listManagedUsers(
      ctx.db,
      { ...request, q: query.q?.trim(), sort: query.sort, funded },
      sortable,
    );
    return { ...page, nextCursor: nextOffsetCursor(request, page.hasMore) };
  };

  registerEndpoint(app, contract.users, async ({ query }) => {
    const page = await managed(query, "any", contract.ADMIN_USERS_SORT_FIELDS);
    return {
      items: page.rows.map((row) => ({
        id: row.id,
        ...accountNames(row),
        points: microToWire(row.points_micro),
        wallet_address: row.trc20_address,
        created_at: row.created_at.toISOString(),
        last_login: row.last_login?.toISOString() ?? null,
      })),
      nextCursor: page.nextCursor,
      total: page.total,
    };
  });

  const managedItem = (row: Awaited<ReturnType<typeof managed>>["rows"][number]) => ({
    id: row.id,
    ...accountNames(row),
    multiplier: microToWire(row.multiplier_micro),
    points: microToWire(row.points_micro),
    lastActive: row.last_login?.toISOString() ?? null,
  });

  registerEndpoint(app, contract.usersWithFundedWallets, async ({ query }) => {
    const page = await managed(query, "funded", contract.MANAGED_USERS_SORT_FIELDS);
    return {
      items: page.rows.map((row) => ({ ...managedItem(row), walletAddress: row.trc20_address })),
      nextCursor: page.nextCursor,
      total: page.total,
    };
  });

  registerEndpoint(app, contract.usersWithoutFundedWallets, async ({ query }) => {
    const page = await managed(query, "unfunded", contract.MANAGED_USERS_SORT_FIELDS);
    return { items: page.rows.map(managedItem), nextCursor: page.nextCursor, total: page.total };
  });

  registerEndpoint(app, contract.fundedWallets, async ({ query }) => {
    const request = offsetPageRequest(query);
    const page = await fundedWallets(ctx.db, request);
    return {
      items: page.rows.map((row) => ({
        id: row.id,
        ...accountNames(row),
        walletAddress: row.trc20_address,
        balance: microToWire(row.balance_micro),
        lastUpdated: row.lastUpdated.toISOString(),
      })),
      nextCursor: nextOffsetCursor(request, page.hasMore),
      totalBalance: microToWire(page.totalMicro),
      count: page.count,
    };
  });

  registerEndpoint(app, contract.poolBalance, async () => ({
    balance: microToWire(await treasuryBalanceMicro(ctx.db)),
  }));

  registerEndpoint(app, contract.fundWallet, async ({ auth, body, request }) => {
    const balanceMicro = await fundUserWallet(ctx, actorOf(auth), {
      userId: body.userId,
      amountMicro: microFromWire(body.amount, "body/amount"),
      idempotencyKey: optionalIdempotencyKeyOf(request.headers),
    });
    return { success: true as const, balance: microToWire(balanceMicro) };
  });

  for (const endpoint of [contract.withdraw, contract.withdrawUsdt]) {
    registerEndpoint(app, endpoint, async ({ auth, body, request }) => {
      const withdrawal = await withdrawTreasury(ctx, actorOf(auth), {
        to: body.address.trim(),
        amountMicro: microFromWire(body.amount, "body/amount"),
        idempotencyKey: optionalIdempotencyKeyOf(request.headers),
      });
      return {
        success: true as const,
        withdrawal: {
          id: withdrawal.id,
          status: withdrawal.status,
          amount: microToWire(withdrawal.amountMicro),
          to: withdrawal.to,
        },
      };
    });
  }

  registerEndpoint(app, contract.withdrawals, async ({ query }) => {
    const page =
      query.status === "review"
        ? await heldWithdrawalQueue(ctx.db, pageRequest(query, UUID_ID))
        : await treasuryHistory(ctx.db, pageRequest(query, SERIAL_ID));
    return {
      items: page.items.map((item) => ({
        id: item.id,
        type: item.type,
        address: item.address,
        amount: microToWire(item.amountMicro),
        timestamp: item.at.toISOString(),
        status: item.status,
        txId: item.txId,
        userId: item.userId,
        email: item.email,
        score: item.score,
      })),
      nextCursor: encodeCursor(page.next),
    };
  });

  registerEndpoint(app, contract.updateMultiplier, async ({ auth, body }) => {
    const micro = microFromWire(body.multiplier, "body/multiplier");
    const multiplierMicro = await setUserMultiplier(ctx, actorOf(auth), {
      userId: body.userId,
      multiplierMicro: micro,
    });
    return { success: true as const, multiplier: microToWire(multiplierMicro) };
  });

  registerEndpoint(app, contract.multiplierStats, async () => {
    const stats = await multiplierStats(ctx.db);
    return {
      averageMultiplier: microToWire(stats.averageMicro),
      highestMultiplier: microToWire(stats.highestMicro),
      lowestMultiplier: microToWire(stats.lowestMicro),
      totalUsers: stats.totalUsers,
    };
  });

  registerEndpoint(app, contract.createAdmin, async ({ auth, body }) => ({
    success: true as const,
    user: await createAdminAccount(ctx, actorOf(auth), body),
  }));

  registerEndpoint(app, contract.auditLog, async ({ query }) => {
    const page = await listAudit(ctx.db, pageRequest(query, SERIAL_ID));
    return {
      items: page.items.map((entry) => ({
        id: entry.id,
        actor: entry.actorEmail,
        action: entry.action,
        target: entry.target,
        amount: entry.amountMicro === null ? null : microToWire(entry.amountMicro),
        timestamp: entry.at.toISOString(),
        reason: entry.reason,
      })),
      nextCursor: encodeCursor(page.next),
    };
  });
}
