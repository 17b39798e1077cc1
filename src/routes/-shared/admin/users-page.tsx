import type { FundedUsersPage, MultiplierStats, UnfundedUsersPage } from "#src/api/admin.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { type AdminColumn, DataTable } from "#src/ui/admin/data-table.tsx";
import { FormDialog } from "#src/ui/admin/form-dialog.tsx";
import { formatAddress, formatDate, formatExactMultiplier, formatMultiplier } from "#src/ui/admin/format.ts";
import { Button } from "#src/ui/kit/button.tsx";
import { StatCard } from "#src/ui/kit/card.tsx";
import { formatRewards } from "#src/ui/kit/format.ts";
import { useAdminForm, useAdminPage } from "./hooks.ts";
import { cursorOf, type ListSearch, pageOf, parseListSearch, withPage } from "./list-search.ts";

type Funded = FundedUsersPage["items"][number];
type Unfunded = UnfundedUsersPage["items"][number];
type UsersData = { stats: MultiplierStats; funded: FundedUsersPage; unfunded: UnfundedUsersPage };
type Target = { id: string; email: string; multiplier: string };

const base = <T extends Unfunded>(): AdminColumn<T>[] => [
  { id: "email", accessorKey: "email", header: "Email" },
  {
    id: "multiplier",
    accessorKey: "multiplier",
    header: "Multiplier",
    cell: (info) => formatExactMultiplier(info.row.original.multiplier),
  },
  {
    id: "points",
    accessorKey: "points",
    header: "Points",
    cell: (info) => formatRewards(info.row.original.points),
  },
  {
    id: "lastActive",
    accessorKey: "lastActive",
    header: "Last Active",
    cell: (info) => formatDate(info.row.original.lastActive),
  },
];

export function UserManagementPage(props: {
  runtime: AppRuntime;
  search: Record<string, unknown>;
  onSearch: (next: Record<string, string | undefined>) => void;
}) {
  const { runtime } = props;
  const f = parseListSearch(props.search, "f");
  const u = parseListSearch(props.search, "u");
  const { actor: page, snapshot } = useAdminPage(
    runtime.adminActors.userManagement,
    "Failed to load user management data. Please try again.",
    {
      funded: JSON.stringify({ q: f.q, sort: f.sort, cursor: cursorOf(f) }),
      unfunded: JSON.stringify({ q: u.q, sort: u.sort, cursor: cursorOf(u) }),
    },
  );
  const reload = () => page.send({ type: "RELOAD" });
  const api = runtime.adminActors;
  const fund = useAdminForm({
    runtime,
    fields: { amount: "" },
    required: ["amount"],
    failure: "Failed to fund wallet. Please try again.",
    dialog: true,
    submit: async (fields, target, key) => {
      const amount = Number.parseFloat(fields.amount ?? "");
      api.unwrap(await runtime.adminApi.fundWallet({ userId: target?.id ?? "", amount }, key));
      return {
        title: "Wallet Funded",
        description: `Successfully funded the user's wallet with ${amount} USDT`,
      };
    },
    // Spec §4: both user lists reload (the user moves to the funded list).
    onDone: reload,
  });
  const multiplier = useAdminForm({
    runtime,
    fields: { multiplier: "" },
    required: ["multiplier"],
    failure: "Failed to update multiplier. Please try again.",
    dialog: true,
    submit: async (fields, target) => {
      const value = Number.parseFloat(fields.multiplier ?? "");
      const answer = api.unwrap(
        await runtime.adminApi.updateMultiplier({ userId: target?.id ?? "", multiplier: value }),
      );
      return { title: "Multiplier Updated", description: `updated to ${answer.multiplier}x` };
    },
    // Spec §4: the funded list and the statistics reload.
    onDone: reload,
  });
  const openFund = (row: Unfunded) =>
    fund.actor.send({
      type: "OPEN",
      target: { id: row.id, email: row.email, multiplier: String(row.multiplier) },
    });
  const openMultiplier = (row: Unfunded) =>
    multiplier.actor.send({
      type: "OPEN",
      target: { id: row.id, email: row.email, multiplier: String(row.multiplier) },
    });
  const fundedColumns: AdminColumn<Funded>[] = [
    base<Funded>()[0]!,
    {
      id: "walletAddress",
      header: "Wallet Address",
      enableSorting: false,
      cell: (info) => formatAddress(info.row.original.walletAddress),
    },
    ...base<Funded>().slice(1),
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: (info) => (
        <Button size="sm" variant="outline" onClick={() => openMultiplier(info.row.original)}>
          Update Multiplier
        </Button>
      ),
    },
  ];
  const unfundedColumns: AdminColumn<Unfunded>[] = [
    ...base<Unfunded>(),
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: (info) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => openFund(info.row.original)}>
            Fund Wallet
          </Button>
          <Button size="sm" variant="outline" onClick={() => openMultiplier(info.row.original)}>
            Update Multiplier
          </Button>
        </div>
      ),
    },
  ];
  const data = snapshot.context.data as UsersData | null;
  const update = (prefix: string, next: ListSearch) =>
    props.onSearch({
      ...(props.search as Record<string, string | undefined>),
      [`${prefix}q`]: next.q,
      [`${prefix}sort`]: next.sort,
      [`${prefix}cursors`]: next.cursors,
    });
  const target = (form: typeof fund) => form.snapshot.context.target as Target | null;
  return (
    <>
      <h1 className="text-2xl font-bold">User Management</h1>
      {!data ? (
        <p className="text-slate-400">
          {snapshot.matches("failed") ? "Could not load the users." : "Loading users..."}
        </p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard title="Total Users" value={data.stats.totalUsers} />
            <StatCard title="Average Multiplier" value={formatMultiplier(data.stats.averageMultiplier)} />
            <StatCard title="Highest Multiplier" value={formatMultiplier(data.stats.highestMultiplier)} />
            <StatCard title="Lowest Multiplier" value={formatMultiplier(data.stats.lowestMultiplier)} />
          </div>
          <section aria-labelledby="funded-users" className="flex flex-col gap-2">
            <h2 id="funded-users" className="text-lg font-semibold">
              Users with Funded Wallets
            </h2>
            <DataTable
              caption="Users with Funded Wallets"
              columns={fundedColumns}
              rows={data.funded.items}
              sort={f.sort}
              onSort={(sort) => update("f", { ...f, sort, cursors: undefined })}
              search={f.q}
              onSearch={(q) => update("f", { ...f, q: q || undefined, cursors: undefined })}
              page={pageOf(f)}
              hasNext={data.funded.nextCursor !== null}
              onPage={(n) => update("f", withPage(f, n, data.funded.nextCursor))}
              busy={snapshot.hasTag("busy")}
              emptyText="No user has a funded wallet yet"
            />
          </section>
          <section aria-labelledby="unfunded-users" className="flex flex-col gap-2">
            <h2 id="unfunded-users" className="text-lg font-semibold">
              Users without Funded Wallets
            </h2>
            <DataTable
              caption="Users without Funded Wallets"
              columns={unfundedColumns}
              rows={data.unfunded.items}
              sort={u.sort}
              onSort={(sort) => update("u", { ...u, sort, cursors: undefined })}
              search={u.q}
              onSearch={(q) => update("u", { ...u, q: q || undefined, cursors: undefined })}
              page={pageOf(u)}
              hasNext={data.unfunded.nextCursor !== null}
              onPage={(n) => update("u", withPage(u, n, data.unfunded.nextCursor))}
              busy={snapshot.hasTag("busy")}
              emptyText="Every user has a funded wallet"
            />
          </section>
        </>
      )}
      <FormDialog
        open={fund.open}
        title="Fund User Wallet"
        description="Move USDT from the treasury pool into this user's wallet."
        fields={[
          { name: "email", label: "User", value: target(fund)?.email ?? "", readOnly: true },
          {
            name: "amount",
            label: "Amount (USDT)",
            value: fund.snapshot.context.fields.amount ?? "",
            inputMode: "decimal",
          },
        ]}
        submitLabel="Fund Wallet"
        busy={fund.busy}
        onChange={(name, value) => fund.actor.send({ type: "CHANGE", name, value })}
        onCancel={() => fund.actor.send({ type: "CLOSE" })}
        onSubmit={() => fund.actor.send({ type: "SUBMIT" })}
      />
      <FormDialog
        open={multiplier.open}
        title="Update User Multiplier"
        description="Points per tap for this user from their next tap on."
        fields={[
          { name: "email", label: "User", value: target(multiplier)?.email ?? "", readOnly: true },
          {
            name: "current",
            label: "Current Multiplier",
            value: formatExactMultiplier(Number(target(multiplier)?.multiplier ?? 0)),
            readOnly: true,
          },
          {
            name: "multiplier",
            label: "New Multiplier",
            type: "number",
            step: "0.01",
            value: multiplier.snapshot.context.fields.multiplier ?? "",
          },
        ]}
        submitLabel="Update Multiplier"
        busy={multiplier.busy}
        onChange={(name, value) => multiplier.actor.send({ type: "CHANGE", name, value })}
        onCancel={() => multiplier.actor.send({ type: "CLOSE" })}
        onSubmit={() => multiplier.actor.send({ type: "SUBMIT" })}
      />
    </>
  );
}
