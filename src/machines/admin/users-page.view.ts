/** What User Management shows: its tables from the page's `list` child, its dialogs from the page itself. */
import type { SnapshotFrom } from "xstate";
import {
  fundedTable,
  USER_LIST_SORTS,
  unfundedTable,
  withFundedTable,
  withUnfundedTable,
} from "./admin.search.ts";
import { pageStatus, tableView } from "./admin-table.view.ts";
import type { usersListMachine } from "./users-list.machine.ts";
import type { usersPageMachine } from "./users-page.machine.ts";

/** The statistics and both tables; before the list has started (`undefined`), the page is loading. */
export function toUsersView(list: SnapshotFrom<typeof usersListMachine> | undefined) {
  const search = list?.context.search ?? {};
  const data = list?.context.data ?? null;
  return {
    status: pageStatus(data !== null, list?.matches("failed") ?? false),
    busy: list?.hasTag("busy") ?? false,
    stats: data?.stats ?? null,
    funded: tableView(fundedTable(search), data?.funded, USER_LIST_SORTS, (t) => withFundedTable(search, t)),
    unfunded: tableView(unfundedTable(search), data?.unfunded, USER_LIST_SORTS, (t) =>
      withUnfundedTable(search, t),
    ),
  };
}

/** The open dialog's form actor, if one is open. */
export const toUsersDialogs = (page: SnapshotFrom<typeof usersPageMachine>) => ({
  fundDialog: page.children.fundDialog,
  multiplierDialog: page.children.multiplierDialog,
});
