import type { FundedWalletsPage, TreasuryPage } from "#src/api/admin.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { type AdminColumn, DataTable } from "#src/ui/admin/data-table.tsx";
import { FormDialog } from "#src/ui/admin/form-dialog.tsx";
import { formatAddress, formatDate, formatTime, formatUsdt } from "#src/ui/admin/format.ts";
import { Button } from "#src/ui/kit/button.tsx";
import { Card, StatCard } from "#src/ui/kit/card.tsx";
import { cx } from "#src/ui/kit/cx.ts";
import { formatWallet } from "#src/ui/kit/format.ts";
import { useAdminForm, useAdminPage } from "./hooks.ts";
import { cursorOf, type ListSearch, pageOf, parseListSearch, withPage } from "./list-search.ts";

type Tx = TreasuryPage["items"][number];
type Wallet = FundedWalletsPage["items"][number];
type FundsData = { pool: { balance: number }; wallets: FundedWalletsPage; transactions: TreasuryPage };

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
  { id: "email", header: "User", cell: (info) => info.row.original.email },
  {
    id: "walletAddress",
    header: "Wallet Address",
    cell: (info) => formatAddress(info.row.original.walletAddress),
  },
  { id: "balance", header: "Balance USDT", cell: (info) => formatWallet(info.row.original.balance) },
  { id: "lastUpdated", header: "Last Updated", cell: (info) => formatDate(info.row.original.lastUpdated) },
];

export function FundsManagementPage(props: {
  runtime: AppRuntime;
  search: Record<string, unknown>;
  onSearch: (next: Record<string, string | undefined>) => void;
}) {
  const tx = parseListSearch(props.search, "tx");
  const fw = parseListSearch(props.search, "fw");
  const { actor: page, snapshot } = useAdminPage(
    props.runtime.adminActors.funds,
    "Failed to load funds management data. Please try again.",
    {
      tx: cursorOf(tx),
      fw: cursorOf(fw),
    },
  );
  const api = props.runtime.adminActors;
  const withdraw = useAdminForm({
    runtime: props.runtime,
    fields: { address: "", amount: "" },
    required: ["address", "amount"],
    failure: "Failed to process withdrawal. Please try again.",
    dialog: true,
    submit: async (fields, _target, key) => {
      const amount = Number.parseFloat(fields.amount ?? "");
      const address = (fields.address ?? "").trim();
      api.unwrap(await props.runtime.adminApi.withdraw({ address, amount }, key));
      return { title: "Withdrawal Initiated", description: `Withdrawing ${amount} USDT to ${address}` };
    },
    // Spec §4: after a withdrawal the pool balance and the transaction list reload.
    onDone: () => page.send({ type: "RELOAD" }),
  });
  const data = snapshot.context.data as FundsData | null;
  const keep = (prefix: string, next: ListSearch) => ({
    ...(props.search as Record<string, string | undefined>),
    [`${prefix}cursors`]: next.cursors,
  });
  return (
    <>
      <h1 className="text-2xl font-bold">Funds Management</h1>
      {!data ? (
        <p className="text-slate-400">
          {snapshot.matches("failed") ? "Could not load the funds." : "Loading funds data..."}
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <StatCard
              title="Total Balance (USDT)"
              value={formatWallet(data.wallets.totalBalance)}
              detail="Held in user wallets"
            />
            <StatCard title="Funded Wallets" value={data.wallets.count} />
            <Card className="flex flex-col gap-3">
              <div>
                <h2 className="font-semibold">Withdraw Funds</h2>
                <p className="text-sm text-slate-400">Pool balance: {formatUsdt(data.pool.balance)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => withdraw.actor.send({ type: "OPEN" })}>
                  Withdraw Funds
                </Button>
                <Button size="sm" variant="secondary" onClick={() => withdraw.actor.send({ type: "OPEN" })}>
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
              rows={data.transactions.items}
              page={pageOf(tx)}
              hasNext={data.transactions.nextCursor !== null}
              onPage={(n) => props.onSearch(keep("tx", withPage(tx, n, data.transactions.nextCursor)))}
              busy={snapshot.hasTag("busy")}
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
              rows={data.wallets.items}
              page={pageOf(fw)}
              hasNext={data.wallets.nextCursor !== null}
              onPage={(n) => props.onSearch(keep("fw", withPage(fw, n, data.wallets.nextCursor)))}
              busy={snapshot.hasTag("busy")}
              emptyText="No funded wallets yet"
            />
          </section>
        </>
      )}
      <FormDialog
        open={withdraw.open}
        title="Withdraw Funds"
        description="Send USDT from the treasury pool to a TRC20 address."
        fields={[
          {
            name: "address",
            label: "Withdrawal Address",
            value: withdraw.snapshot.context.fields.address ?? "",
          },
          {
            name: "amount",
            label: "Amount (USDT)",
            value: withdraw.snapshot.context.fields.amount ?? "",
            inputMode: "decimal",
          },
        ]}
        submitLabel="Confirm Withdrawal"
        busy={withdraw.busy}
        onChange={(name, value) => withdraw.actor.send({ type: "CHANGE", name, value })}
        onCancel={() => withdraw.actor.send({ type: "CLOSE" })}
        onSubmit={() => withdraw.actor.send({ type: "SUBMIT" })}
      />
    </>
  );
}
