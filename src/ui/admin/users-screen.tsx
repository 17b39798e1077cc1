import { accountLabel } from "#contracts/account-label.ts";
import type { FundedUsersPage, MultiplierStats, UnfundedUsersPage } from "#src/api/admin.ts";
import { Button } from "../kit/button.tsx";
import { StatCard } from "../kit/card.tsx";
import { formatRewards } from "../kit/format.ts";
import { type AdminColumn, DataTable, type TableBinding } from "./data-table.tsx";
import { type FormBinding, FormDialog } from "./form-dialog.tsx";
import { formatAddress, formatDate, formatExactMultiplier, formatMultiplier } from "./format.ts";
import { PageStatusText } from "./page-status.tsx";

export type FundedRow = FundedUsersPage["items"][number];
export type UnfundedRow = UnfundedUsersPage["items"][number];
type UserDialog<TField extends string> = FormBinding<TField> & {
  target: { label: string; multiplier?: number } | null;
};

const base = <T extends UnfundedRow>(): AdminColumn<T>[] => [
  // An account made from Telegram has no email: its name and @username stand in (docs/decisions/031).
  { id: "email", accessorFn: (row) => accountLabel(row), header: "Email" },
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

/** User Management (docs/product.md §2): multiplier figures, both user tables and their two dialogs. */
export function UsersScreen(props: {
  status: "loading" | "failed" | "ready";
  busy: boolean;
  stats: MultiplierStats | null;
  funded: TableBinding<FundedRow>;
  unfunded: TableBinding<UnfundedRow>;
  onFund: (row: UnfundedRow) => void;
  onUpdateMultiplier: (row: UnfundedRow) => void;
  fundDialog: UserDialog<"amount">;
  multiplierDialog: UserDialog<"multiplier">;
}) {
  const { stats, fundDialog, multiplierDialog } = props;
  const fundedColumns: AdminColumn<FundedRow>[] = [
    base<FundedRow>()[0]!,
    {
      id: "walletAddress",
      header: "Wallet Address",
      enableSorting: false,
      cell: (info) => formatAddress(info.row.original.walletAddress),
    },
    ...base<FundedRow>().slice(1),
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: (info) => (
        <Button size="sm" variant="outline" onClick={() => props.onUpdateMultiplier(info.row.original)}>
          Update Multiplier
        </Button>
      ),
    },
  ];
  const unfundedColumns: AdminColumn<UnfundedRow>[] = [
    ...base<UnfundedRow>(),
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: (info) => (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => props.onFund(info.row.original)}>
            Fund Wallet
          </Button>
          <Button size="sm" variant="outline" onClick={() => props.onUpdateMultiplier(info.row.original)}>
            Update Multiplier
          </Button>
        </div>
      ),
    },
  ];
  return (
    <>
      <h1 className="text-2xl font-bold">User Management</h1>
      {props.status !== "ready" || !stats ? (
        <PageStatusText
          status={props.status === "failed" ? "failed" : "loading"}
          loading="Loading users..."
          failed="Could not load the users."
        />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard title="Total Users" value={stats.totalUsers} />
            <StatCard title="Average Multiplier" value={formatMultiplier(stats.averageMultiplier)} />
            <StatCard title="Highest Multiplier" value={formatMultiplier(stats.highestMultiplier)} />
            <StatCard title="Lowest Multiplier" value={formatMultiplier(stats.lowestMultiplier)} />
          </div>
          <section aria-labelledby="funded-users" className="flex flex-col gap-2">
            <h2 id="funded-users" className="text-lg font-semibold">
              Users with Funded Wallets
            </h2>
            <DataTable
              caption="Users with Funded Wallets"
              columns={fundedColumns}
              {...props.funded}
              busy={props.busy}
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
              {...props.unfunded}
              busy={props.busy}
              emptyText="Every user has a funded wallet"
            />
          </section>
        </>
      )}
      <FormDialog
        {...fundDialog}
        title="Fund User Wallet"
        description="Move USDT from the treasury pool into this user's wallet."
        fields={[
          { name: "email", label: "User", value: fundDialog.target?.label ?? "", readOnly: true },
          {
            name: "amount",
            label: "Amount (USDT)",
            value: fundDialog.values.amount ?? "",
            inputMode: "decimal",
          },
        ]}
        submitLabel="Fund Wallet"
      />
      <FormDialog
        {...multiplierDialog}
        title="Update User Multiplier"
        description="Points per tap for this user from their next tap on."
        fields={[
          { name: "email", label: "User", value: multiplierDialog.target?.label ?? "", readOnly: true },
          {
            name: "current",
            label: "Current Multiplier",
            value: formatExactMultiplier(multiplierDialog.target?.multiplier ?? 0),
            readOnly: true,
          },
          {
            name: "multiplier",
            label: "New Multiplier",
            type: "number",
            step: "0.01",
            value: multiplierDialog.values.multiplier ?? "",
          },
        ]}
        submitLabel="Update Multiplier"
      />
    </>
  );
}
