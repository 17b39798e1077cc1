import type { AdminMetrics, AdminUsersPage } from "#src/api/admin.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { type AdminColumn, DataTable } from "#src/ui/admin/data-table.tsx";
import { formatAddress, formatDate, formatUsdt } from "#src/ui/admin/format.ts";
import { StatCard } from "#src/ui/kit/card.tsx";
import { formatRewards } from "#src/ui/kit/format.ts";
import { useAdminPage } from "./hooks.ts";
import { cursorOf, type ListSearch, pageOf, parseListSearch, withPage } from "./list-search.ts";

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

export function DashboardPage(props: {
  runtime: AppRuntime;
  search: Record<string, unknown>;
  onSearch: (next: ListSearch) => void;
}) {
  const search = parseListSearch(props.search);
  const { snapshot } = useAdminPage(
    props.runtime.adminActors.dashboard,
    "Failed to load admin dashboard data. Please try again.",
    { q: search.q, sort: search.sort, cursor: cursorOf(search) },
  );
  const data = snapshot.context.data as { metrics: AdminMetrics; users: AdminUsersPage } | null;
  return (
    <>
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      {!data ? (
        <p className="text-slate-400">
          {snapshot.matches("failed") ? "Could not load the dashboard." : "Loading dashboard data..."}
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <StatCard
              title="Total Users"
              value={data.metrics.totalUsers}
              detail={`${data.metrics.activeUsers} active in the last 30 days`}
            />
            <StatCard
              title="Total Points"
              value={formatRewards(data.metrics.totalPoints)}
              detail={`Average ${formatRewards(data.metrics.averagePoints)} per user`}
            />
            <StatCard
              title="Pool Balance"
              value={formatUsdt(data.metrics.poolBalance)}
              detail={`24h volume: ${formatUsdt(data.metrics.dailyVolume)}`}
            />
          </div>
          <section aria-labelledby="users-overview" className="flex flex-col gap-2">
            <h2 id="users-overview" className="text-lg font-semibold">
              Users Overview
            </h2>
            <DataTable
              caption="Users Overview"
              columns={columns}
              rows={data.users.items}
              sort={search.sort}
              onSort={(sort) => props.onSearch({ ...search, sort, cursors: undefined })}
              search={search.q}
              onSearch={(q) => props.onSearch({ ...search, q: q || undefined, cursors: undefined })}
              page={pageOf(search)}
              hasNext={data.users.nextCursor !== null}
              onPage={(page) => props.onSearch(withPage(search, page, data.users.nextCursor))}
              busy={snapshot.hasTag("busy")}
              emptyText="No users yet"
            />
          </section>
        </>
      )}
    </>
  );
}
