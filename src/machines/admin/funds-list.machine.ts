/**
 * The list of Funds Management (docs/product.md §2, §4): the list page machine (shared/list-page.machine.ts)
 * the page invokes as its child `list`, kept current by the back office's live stream (docs/decisions/018).
 */
import { listPageMachine } from "#src/machines/shared/list-page.machine.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type FundsSearch, fundsSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import type { FundsData, FundsQuery } from "./admin.types.ts";
import { RELOADING_EVENTS } from "./admin-live.ts";

/** What the server is asked for both tables: the page of each, never the other's. */
export const fundsQueryOf = (search: FundsSearch): FundsQuery => ({
  transactions: listQueryOf({ cursors: search.txcursors }),
  wallets: listQueryOf({ cursors: search.fwcursors }),
});

export const fundsListMachine = listPageMachine<FundsSearch, FundsQuery, FundsData>({
  id: "fundsList",
  queryOf: fundsQueryOf,
  sameSearch: (a, b) => sameSearch(fundsSearch, a, b),
  failure: PAGE_FAILURES.funds,
  stream: "admin",
  reloadOn: RELOADING_EVENTS,
  patch: {
    on: "ADMIN.METRICS",
    apply: (data, event) =>
      event.type === "ADMIN.METRICS" ? { ...data, pool: { balance: event.metrics.poolBalance } } : data,
  },
});
