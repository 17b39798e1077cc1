/** What User Management shows, derived from its page machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import {
  fundedTable,
  USER_LIST_SORTS,
  unfundedTable,
  withFundedTable,
  withUnfundedTable,
} from "./admin.search.ts";
import { pageStatus, tableView } from "./admin-table.view.ts";
import type { usersPageMachine } from "./users-page.machine.ts";

export function toUsersView(snapshot: SnapshotFrom<typeof usersPageMachine>) {
  const { search, data } = snapshot.context;
  return {
    status: pageStatus(data !== null, snapshot.matches({ data: "failed" })),
    busy: snapshot.hasTag("busy"),
    stats: data?.stats ?? null,
    funded: tableView(fundedTable(search), data?.funded, USER_LIST_SORTS, (t) => withFundedTable(search, t)),
    unfunded: tableView(unfundedTable(search), data?.unfunded, USER_LIST_SORTS, (t) =>
      withUnfundedTable(search, t),
    ),
    /** The open dialog's form actor, if one is open. */
    fundDialog: snapshot.children.fundDialog,
    multiplierDialog: snapshot.children.multiplierDialog,
  };
}
