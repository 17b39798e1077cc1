/** What the Fair play page shows: its lists from the page's `list` child, its panel and dialogs from the page. */
import type { SnapshotFrom } from "xstate";
import type { FairPlaySearch, RiskFilter } from "./admin.search.ts";
import { pageStatus, tableView } from "./admin-table.view.ts";
import { DEFAULT_RISK_FILTER, heldTable, riskTable, withRiskFilter } from "./fair-play.search.ts";
import type { fairPlayListMachine } from "./fair-play-list.machine.ts";
import type { fairPlayPageMachine } from "./fair-play-page.machine.ts";

/** The filter and both lists; before the list has started (`undefined`), the page is loading. */
export function toFairPlayView(list: SnapshotFrom<typeof fairPlayListMachine> | undefined) {
  const search: FairPlaySearch = list?.context.search ?? {};
  const data = list?.context.data ?? null;
  return {
    status: pageStatus(data !== null, list?.matches("failed") ?? false),
    busy: list?.hasTag("busy") ?? false,
    filter: search.status ?? DEFAULT_RISK_FILTER,
    /** The page's search with another filter: the route puts it in the URL, the machine follows. */
    withFilter: (status: RiskFilter) => withRiskFilter(search, status),
    accounts: tableView(riskTable(search), data?.risk, [], (table) => ({
      ...search,
      cursors: table.cursors,
    })),
    held: tableView(heldTable(search), data?.held, [], (table) => ({ ...search, hcursors: table.cursors })),
  };
}

export type AccountPanelStatus = "loading" | "failed" | "ready";

/** The account panel (open unless an action's dialog is on top of it) and the open dialog's form actor. */
export const toFairPlayPanel = (page: SnapshotFrom<typeof fairPlayPageMachine>) => ({
  panelOpen: page.matches("account") && !page.matches({ account: "acting" }),
  panelStatus: (page.matches({ account: "failed" })
    ? "failed"
    : page.context.detail
      ? "ready"
      : "loading") as AccountPanelStatus,
  account: page.context.account,
  detail: page.context.detail,
  riskDialog: page.children.riskDialog,
  approveDialog: page.children.approveDialog,
  rejectDialog: page.children.rejectDialog,
});
