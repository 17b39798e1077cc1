import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ListQuery } from "#src/api/admin.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import type { DashboardData } from "./admin.types.ts";
import { dashboardPageMachine } from "./dashboard-page.machine.ts";
import { toDashboardView } from "./dashboard-page.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const METRICS = {
  totalUsers: 1,
  totalPoints: 1,
  totalWallets: 0,
  activeUsers: 1,
  averagePoints: 1,
  poolBalance: 1,
  dailyVolume: 0,
};

describe("Admin Dashboard page machine", () => {
  it("asks for the Users Overview's search, sort and page; fails with the page's words; tries again on a new search", async () => {
    const queries: ListQuery[] = [];
    let fail = true;
    const actor = createActor(
      dashboardPageMachine.provide({
        actors: {
          load: fromPromise(async ({ input }: { input: ListQuery }): Promise<DashboardData> => {
            queries.push(input);
            if (fail) throw new Error("down");
            return { metrics: METRICS, users: { items: [], nextCursor: "n", total: 0 } };
          }),
        },
      }),
      { input: { search: { q: "ada", sort: "points:desc" }, app: createFakeApp().app } },
    );
    const toasts: string[] = [];
    actor.on("toast", (event) => toasts.push(event.description ?? ""));
    actor.start();
    await flush();
    expect(toDashboardView(actor.getSnapshot()).status).toBe("failed");
    expect(toasts).toEqual(["Failed to load admin dashboard data. Please try again."]);
    fail = false;
    actor.send({ type: "QUERY", search: { q: "ada", sort: "points:desc" } });
    expect(toDashboardView(actor.getSnapshot()).status).toBe("failed");
    actor.send({ type: "QUERY", search: { q: "ada", sort: "email:asc" } });
    await flush();
    const view = toDashboardView(actor.getSnapshot());
    expect(view).toMatchObject({ status: "ready", metrics: METRICS });
    expect(view.users.after({ page: 2 })).toEqual({ q: "ada", sort: "email:asc", cursors: "n" });
    expect(queries).toEqual([
      { q: "ada", sort: "points:desc" },
      { q: "ada", sort: "email:asc" },
    ]);
  });
});
