/** What Funds Management shows, derived from its page machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import { pageStatus, tableView } from "./admin-table.view.ts";
import type { fundsPageMachine } from "./funds-page.machine.ts";

export function toFundsView(snapshot: SnapshotFrom<typeof fundsPageMachine>) {
  const { search, data } = snapshot.context;
  return {
    status: pageStatus(data !== null, snapshot.matches({ data: "failed" })),
    busy: snapshot.hasTag("busy"),
    poolBalance: data?.pool.balance ?? null,
    totalBalance: data?.wallets.totalBalance ?? null,
    fundedCount: data?.wallets.count ?? null,
    transactions: tableView({ cursors: search.txcursors }, data?.transactions, [], (t) => ({
      ...search,
      txcursors: t.cursors,
    })),
    wallets: tableView({ cursors: search.fwcursors }, data?.wallets, [], (t) => ({
      ...search,
      fwcursors: t.cursors,
    })),
    withdrawDialog: snapshot.children.withdrawDialog,
  };
}
