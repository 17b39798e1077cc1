/** What the Admin Dashboard shows, derived from its page machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import { DASHBOARD_SORTS } from "./admin.search.ts";
import { pageStatus, tableView } from "./admin-table.view.ts";
import type { dashboardPageMachine } from "./dashboard-page.machine.ts";

export function toDashboardView(snapshot: SnapshotFrom<typeof dashboardPageMachine>) {
  const { search, data } = snapshot.context;
  return {
    status: pageStatus(data !== null, snapshot.matches("failed")),
    busy: snapshot.hasTag("busy"),
    metrics: data?.metrics ?? null,
    users: tableView(search, data?.users, DASHBOARD_SORTS, (table) => ({ ...search, ...table })),
  };
}
