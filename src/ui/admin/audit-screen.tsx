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
  "devnet-fund": "Funded on the test network",
  "risk-clear": "Cleared an account",
  "risk-freeze": "Froze an account",
  "risk-unfreeze": "Unfroze an account",
  "risk-ban": "Banned an account",
  "approve-withdrawal": "Approved a withdrawal",
  "reject-withdrawal": "Rejected a withdrawal",
};
const columns: AdminColumn<Row>[] = [
  { id: "timestamp", header: "Time", cell: (info) => formatTime(info.row.original.timestamp) },
  { id: "actor", header: "Admin", cell: (info) => info.row.original.actor },
  {
    id: "action",
    header: "Action",
    // The reason an admin gave (up to 500 characters) is read under the action it explains: a column of its
    // own pushed it past the right edge at 1280 px, where it was never seen.
    cell: (info) => {
      const { action, reason } = info.row.original;
      return (
        <>
          {ACTIONS[action] ?? action}
          {reason && (
            <span className="mt-0.5 block max-w-[18rem] whitespace-normal break-words text-xs text-slate-300">
              Reason: {reason}
            </span>
          )}
        </>
      );
    },
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
