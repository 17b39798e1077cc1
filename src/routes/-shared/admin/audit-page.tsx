import type { AuditPage } from "#src/api/admin.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { type AdminColumn, DataTable } from "#src/ui/admin/data-table.tsx";
import { formatTime } from "#src/ui/admin/format.ts";
import { formatWallet } from "#src/ui/kit/format.ts";
import { useAdminPage } from "./hooks.ts";
import { cursorOf, type ListSearch, pageOf, parseListSearch, withPage } from "./list-search.ts";

type Row = AuditPage["items"][number];
const ACTIONS: Record<string, string> = {
  "fund-wallet": "Funded a wallet",
  "treasury-withdrawal": "Withdrew treasury funds",
  "update-multiplier": "Updated a multiplier",
  "create-admin": "Created an admin",
};
const columns: AdminColumn<Row>[] = [
  { id: "timestamp", header: "Time", cell: (info) => formatTime(info.row.original.timestamp) },
  { id: "actor", header: "Admin", cell: (info) => info.row.original.actor },
  {
    id: "action",
    header: "Action",
    cell: (info) => ACTIONS[info.row.original.action] ?? info.row.original.action,
  },
  { id: "target", header: "Target", cell: (info) => info.row.original.target ?? "—" },
  {
    id: "amount",
    header: "Amount",
    cell: (info) => {
      const { amount, action } = info.row.original;
      if (amount === null) return "—";
      return action === "update-multiplier" ? `${amount}x` : `${formatWallet(amount)} USDT`;
    },
  },
];

/** Every admin action, newest first (ours: DESIGN.md §7). */
export function AuditLogPage(props: {
  runtime: AppRuntime;
  search: Record<string, unknown>;
  onSearch: (next: ListSearch) => void;
}) {
  const search = parseListSearch(props.search);
  const { snapshot } = useAdminPage(
    props.runtime.adminActors.auditLog,
    "Failed to load the audit log. Please try again.",
    {
      cursor: cursorOf(search),
    },
  );
  const data = snapshot.context.data as AuditPage | null;
  return (
    <>
      <h1 className="text-2xl font-bold">Audit Log</h1>
      {!data ? (
        <p className="text-slate-400">
          {snapshot.matches("failed") ? "Could not load the audit log." : "Loading the audit log..."}
        </p>
      ) : (
        <DataTable
          caption="Audit Log"
          columns={columns}
          rows={data.items}
          page={pageOf(search)}
          hasNext={data.nextCursor !== null}
          onPage={(n) => props.onSearch(withPage(search, n, data.nextCursor))}
          busy={snapshot.hasTag("busy")}
          emptyText="No admin actions yet"
        />
      )}
    </>
  );
}
