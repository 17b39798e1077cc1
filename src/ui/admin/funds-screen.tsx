import { accountLabel } from "#contracts/account-label.ts";
import type { FundedWalletsPage, TreasuryPage } from "#src/api/admin.ts";
import { Button } from "../kit/button.tsx";
import { Card, StatCard } from "../kit/card.tsx";
import { cx } from "../kit/cx.ts";
import { formatWallet } from "../kit/format.ts";
import { type AdminColumn, DataTable, type PagedBinding } from "./data-table.tsx";
import { type FormBinding, FormDialog } from "./form-dialog.tsx";
import { formatAddress, formatDate, formatTime, formatUsdt } from "./format.ts";
import { PageStatusText } from "./page-status.tsx";

type Tx = TreasuryPage["items"][number];
type Wallet = FundedWalletsPage["items"][number];

const txColumns: AdminColumn<Tx>[] = [
  {
    id: "type",
    header: "Type",
    cell: (info) => {
      const withdrawal = info.row.original.type === "withdrawal";
      return (
        <span className={cx("font-semibold", withdrawal ? "text-red-400" : "text-emerald-400")}>
          {withdrawal ? "Withdrawal" : "Deposit"}
        </span>
      );
    },
  },
  { id: "address", header: "Address", cell: (info) => formatAddress(info.row.original.address, "—") },
  { id: "amount", header: "Amount USDT", cell: (info) => formatWallet(info.row.original.amount) },
  { id: "time", header: "Time", cell: (info) => formatTime(info.row.original.timestamp) },
];
const walletColumns: AdminColumn<Wallet>[] = [
  { id: "email", header: "User", cell: (info) => accountLabel(info.row.original) },
  {
    id: "walletAddress",
    header: "Wallet Address",
    cell: (info) => formatAddress(info.row.original.walletAddress),
  },
  { id: "balance", header: "Balance USDT", cell: (info) => formatWallet(info.row.original.balance) },
  { id: "lastUpdated", header: "Last Updated", cell: (info) => formatDate(info.row.original.lastUpdated) },
];

/** Funds Management (docs/product.md §2): totals, the Withdraw Funds card and dialog, and both tables. */
export function FundsScreen(props: {
  status: "loading" | "failed" | "ready";
  busy: boolean;
  poolBalance: number | null;
  totalBalance: number | null;
  fundedCount: number | null;
  transactions: PagedBinding<Tx>;
  wallets: PagedBinding<Wallet>;
  onWithdraw: () => void;
  withdrawDialog: FormBinding<"address" | "amount">;
}) {
  const { withdrawDialog } = props;
  return (
    <>
      <h1 className="text-2xl font-bold">Funds Management</h1>
      {props.status !== "ready" ? (
        <PageStatusText
          status={props.status}
          loading="Loading funds data..."
          failed="Could not load the funds."
        />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <StatCard
              title="Total Balance (USDT)"
              value={formatWallet(props.totalBalance ?? 0)}
              detail="Held in user wallets"
            />
            <StatCard title="Funded Wallets" value={props.fundedCount ?? 0} />
            <Card className="flex flex-col gap-3">
              <div>
                <h2 className="font-semibold">Withdraw Funds</h2>
                <p className="text-sm text-slate-400">Pool balance: {formatUsdt(props.poolBalance ?? 0)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={props.onWithdraw}>
                  Withdraw Funds
                </Button>
                <Button size="sm" variant="secondary" onClick={props.onWithdraw}>
                  Withdraw USDT
                </Button>
              </div>
            </Card>
          </div>
          <section aria-labelledby="treasury-history" className="flex flex-col gap-2">
            <h2 id="treasury-history" className="text-lg font-semibold">
              Transaction History
            </h2>
            <DataTable
              caption="Transaction History"
              columns={txColumns}
              {...props.transactions}
              busy={props.busy}
              emptyText="No transactions yet"
            />
          </section>
          <section aria-labelledby="funded-wallets" className="flex flex-col gap-2">
            <h2 id="funded-wallets" className="text-lg font-semibold">
              Funded Wallets
            </h2>
            <DataTable
              caption="Funded Wallets"
              columns={walletColumns}
              {...props.wallets}
              busy={props.busy}
              emptyText="No funded wallets yet"
            />
          </section>
        </>
      )}
      <FormDialog
        {...withdrawDialog}
        title="Withdraw Funds"
        description="Send USDT from the treasury pool to a TRC20 address."
        fields={[
          { name: "address", label: "Withdrawal Address", value: withdrawDialog.values.address ?? "" },
          {
            name: "amount",
            label: "Amount (USDT)",
            value: withdrawDialog.values.amount ?? "",
            inputMode: "decimal",
          },
        ]}
        submitLabel="Confirm Withdrawal"
      />
    </>
  );
}
