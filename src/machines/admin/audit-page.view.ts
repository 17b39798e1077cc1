/** What the Audit Log shows, derived from its page machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import { pageStatus, tableView } from "./admin-table.view.ts";
import type { auditPageMachine } from "./audit-page.machine.ts";

export function toAuditView(snapshot: SnapshotFrom<typeof auditPageMachine>) {
  const { search, data } = snapshot.context;
  return {
    status: pageStatus(data !== null, snapshot.matches("failed")),
    busy: snapshot.hasTag("busy"),
    entries: tableView(search, data ?? undefined, [], (table) => ({ cursors: table.cursors })),
  };
}
