/** What Funds Management shows: its figures and tables from the page's `list` child, its dialog from the page. */
import type { SnapshotFrom } from "xstate";
import { pageStatus, tableView } from "./admin-table.view.ts";
import type { fundsListMachine } from "./funds-list.machine.ts";
import type { fundsPageMachine } from "./funds-page.machine.ts";

/** The figures and both tables; before the list has started (`undefined`), the page is loading. */
export function toFundsView(list: SnapshotFrom<typeof fundsListMachine> | undefined) {
  const search = list?.context.search ?? {};
  const data = list?.context.data ?? null;
  return {
    status: pageStatus(data !== null, list?.matches("failed") ?? false),
    busy: list?.hasTag("busy") ?? false,
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
  };
}

/** The Withdraw Funds form's actor while the dialog is open. */
export const toFundsDialog = (page: SnapshotFrom<typeof fundsPageMachine>) => page.children.withdrawDialog;
