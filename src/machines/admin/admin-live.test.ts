/**
 * Every admin page kept current by the back office's live stream (docs/decisions/018), heard through the
 * root actor (a fake one here that publishes what the test pushes). The list page machine hears it: the
 * Dashboard and Audit Log are one, Users and Funds have one as their child `list`.
 */
import { describe, expect, it } from "vitest";
import { type AnyStateMachine, createActor, fromPromise } from "xstate";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { auditPageMachine } from "./audit-page.machine.ts";
import { dashboardPageMachine } from "./dashboard-page.machine.ts";
import { fundsListMachine } from "./funds-list.machine.ts";
import { usersListMachine } from "./users-list.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const METRICS = {
  totalUsers: 2,
  totalPoints: 10,
  totalWallets: 1,
  activeUsers: 2,
  averagePoints: 5,
  poolBalance: 900,
  dailyVolume: 3,
};
const AUDIT = {
  type: "ADMIN.AUDIT" as const,
  item: {
    id: "a9",
    actor: "root@example.com",
    action: "fund-wallet",
    target: "u1",
    amount: 5,
    timestamp: "t",
    reason: null,
  },
};

/** A page with a load that answers `data` (counting its calls), under a fake root with the admin stream up. */
function start(machine: AnyStateMachine, data: unknown, input: Record<string, unknown> = {}) {
  let loads = 0;
  const fake = createFakeApp({ streamsUp: { admin: true } });
  const actor = createActor(
    machine.provide({
      actors: {
        load: fromPromise(async () => {
          loads += 1;
          return structuredClone(data);
        }),
      },
    }),
    { input: { search: {}, newId: () => "key", app: fake.app, ...input } },
  ).start();
  return { actor, push: fake.push, loads: () => loads };
}

const cases = [
  [
    "Admin Dashboard",
    dashboardPageMachine,
    { metrics: METRICS, users: { items: [], nextCursor: null, total: 0 } },
  ],
  [
    "User Management",
    usersListMachine,
    {
      stats: { averageMultiplier: 1, highestMultiplier: 1, lowestMultiplier: 1, totalUsers: 1 },
      funded: { items: [], nextCursor: null, total: 0 },
      unfunded: { items: [], nextCursor: null, total: 0 },
    },
  ],
  [
    "Funds Management",
    fundsListMachine,
    {
      pool: { balance: 100 },
      wallets: { items: [], nextCursor: null, totalBalance: 0, count: 0 },
      transactions: { items: [], nextCursor: null },
    },
  ],
  ["Audit Log", auditPageMachine, { items: [], nextCursor: null }],
] as const;

describe.each(cases)("%s page and the back office's stream", (_name, machine, data) => {
  it("loads again after an admin action (ADMIN.AUDIT) or lost events (STREAM.RESET), without polling", async () => {
    const { push, loads } = start(machine, data);
    await flush();
    expect(loads()).toBe(1);
    push("admin", AUDIT);
    await flush();
    expect(loads()).toBe(2);
    push("admin", { type: "STREAM.RESET" });
    await flush();
    expect(loads()).toBe(3);
    // The user's stream is not the back office's.
    push("user", AUDIT);
    await flush();
    expect(loads()).toBe(3);
  });

  it("an admin action during a load asks again, so the page never shows what came before it", async () => {
    const { push, loads } = start(machine, data);
    push("admin", AUDIT);
    await flush();
    expect(loads()).toBe(2);
  });

  it("loads once more when the stream comes back after it was down, not when it was up all along", async () => {
    const { push, loads } = start(machine, data);
    await flush();
    push("admin", { type: "STREAM.UP" });
    await flush();
    expect(loads()).toBe(1);
    push("admin", { type: "STREAM.DOWN" });
    push("admin", { type: "STREAM.UP" });
    await flush();
    expect(loads()).toBe(2);
  });
});

describe("pushed admin figures", () => {
  it("the dashboard's cards take ADMIN.METRICS in place, without a load", async () => {
    const { actor, push, loads } = start(dashboardPageMachine, cases[0][2]);
    await flush();
    push("admin", { type: "ADMIN.METRICS", metrics: { ...METRICS, totalUsers: 7 } });
    expect(actor.getSnapshot().context.data?.metrics.totalUsers).toBe(7);
    expect(loads()).toBe(1);
  });

  it("Funds Management takes the pool balance from ADMIN.METRICS in place", async () => {
    const { actor, push, loads } = start(fundsListMachine, cases[2][2]);
    await flush();
    push("admin", { type: "ADMIN.METRICS", metrics: METRICS });
    expect(actor.getSnapshot().context.data?.pool.balance).toBe(900);
    expect(loads()).toBe(1);
  });
});
