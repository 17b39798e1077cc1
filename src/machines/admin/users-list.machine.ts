/**
 * The list of User Management (docs/product.md §2, §4): the list page machine (shared/list-page.machine.ts)
 * the page invokes as its child `list`, kept current by the back office's live stream (docs/decisions/018).
 */
import { listPageMachine } from "#src/machines/shared/list-page.machine.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import {
  fundedTable,
  listQueryOf,
  sameSearch,
  type UsersSearch,
  unfundedTable,
  usersSearch,
} from "./admin.search.ts";
import type { UsersData, UsersQuery } from "./admin.types.ts";
import { RELOADING_EVENTS } from "./admin-live.ts";

/** What the server is asked for both tables: the search, sort and page of each, never the other's. */
export const usersQueryOf = (search: UsersSearch): UsersQuery => ({
  funded: listQueryOf(fundedTable(search)),
  unfunded: listQueryOf(unfundedTable(search)),
});

export const usersListMachine = listPageMachine<UsersSearch, UsersQuery, UsersData>({
  id: "usersList",
  queryOf: usersQueryOf,
  sameSearch: (a, b) => sameSearch(usersSearch, a, b),
  failure: PAGE_FAILURES.users,
  stream: "admin",
  reloadOn: RELOADING_EVENTS,
});
