/** What the dashboard's economy shows, derived from its machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import { pageStatus } from "./admin-table.view.ts";
import type { dashboardEconomyMachine } from "./dashboard-economy.machine.ts";

export function toEconomyView(snapshot: SnapshotFrom<typeof dashboardEconomyMachine>) {
  const data = snapshot.context.data;
  return {
    status: pageStatus(data !== null, snapshot.matches("failed")),
    busy: snapshot.hasTag("busy"),
    economy: data,
  };
}
