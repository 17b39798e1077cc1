import type { AdminMetrics, AdminUsersPage } from "#src/api/admin.ts";
import { StatCard } from "../kit/card.tsx";
import { formatRewards } from "../kit/format.ts";
import { type AdminColumn, DataTable, type TableBinding } from "./data-table.tsx";
import { formatAddress, formatDate, formatUsdt } from "./format.ts";
import { PageStatusText } from "./page-status.tsx";

type Row = AdminUsersPage["items"][number];
const columns: AdminColumn<Row>[] = [
  { accessorKey: "email", header: "Email" },
  { accessorKey: "points", header: "Points", cell: (info) => formatRewards(info.row.original.points ?? 0) },
  {
    id: "wallet_address",
    header: "Wallet Address",
    enableSorting: false,
    cell: (info) => formatAddress(info.row.original.wallet_address),
  },
  {
    id: "created_at",
    accessorKey: "created_at",
    header: "Joined",
    cell: (info) => formatDate(info.row.original.created_at),
  },
  {
    id: "last_login",
    accessorKey: "last_login",
    header: "Last Active",
    cell: (info) => formatDate(info.row.original.last_login),
  },
];

/** The Admin Dashboard (docs/product.md §2): figures and the Users Overview table. */
export function DashboardScreen(props: {
  status: "loading" | "failed" | "ready";
  busy: boolean;
  metrics: AdminMetrics | null;
  users: TableBinding<Row>;
}) {
  const { metrics } = props;
  return (
    <>
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      {props.status !== "ready" || !metrics ? (
        <PageStatusText
          status={props.status === "failed" ? "failed" : "loading"}
          loading="Loading dashboard data..."
          failed="Could not load the dashboard."
        />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <StatCard
              title="Total Users"
              value={metrics.totalUsers}
              detail={`${metrics.activeUsers} active in the last 30 days`}
            />
            <StatCard
              title="Total Points"
              value={formatRewards(metrics.totalPoints)}
              detail={`Average ${formatRewards(metrics.averagePoints)} per user`}
            />
            <StatCard
              title="Pool Balance"
              value={formatUsdt(metrics.poolBalance)}
              detail={`24h volume: ${formatUsdt(metrics.dailyVolume)}`}
            />
          </div>
          <section aria-labelledby="users-overview" className="flex flex-col gap-2">
            <h2 id="users-overview" className="text-lg font-semibold">
              Users Overview
            </h2>
            <DataTable
              caption="Users Overview"
              columns={columns}
              {...props.users}
              busy={props.busy}
              emptyText="No users yet"
            />
          </section>
        </>
      )}
    </>
  );
}
