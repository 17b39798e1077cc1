import type { AuditPage } from "#src/api/admin.ts";
import { formatWallet } from "../kit/format.ts";
import { type AdminColumn, DataTable, type PagedBinding } from "./data-table.tsx";
import { formatTime } from "./format.ts";
import { PageStatusText } from "./page-status.tsx";

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

/** Every admin action, newest first (ours: docs/design.md §7). */
export function AuditScreen(props: {
  status: "loading" | "failed" | "ready";
  busy: boolean;
  entries: PagedBinding<Row>;
}) {
  return (
    <>
      <h1 className="text-2xl font-bold">Audit Log</h1>
      {props.status !== "ready" ? (
        <PageStatusText
          status={props.status}
          loading="Loading the audit log..."
          failed="Could not load the audit log."
        />
      ) : (
        <DataTable
          caption="Audit Log"
          columns={columns}
          {...props.entries}
          busy={props.busy}
          emptyText="No admin actions yet"
        />
      )}
    </>
  );
}
