/** What the dashboard's economy shows, derived from its machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import { pageStatus } from "./admin-table.view.ts";
import type { economyMachine } from "./economy.machine.ts";

export function toEconomyView(snapshot: SnapshotFrom<typeof economyMachine>) {
  const data = snapshot.context.data;
  return {
    status: pageStatus(data !== null, snapshot.matches("failed")),
    busy: snapshot.hasTag("busy"),
    economy: data,
  };
}
