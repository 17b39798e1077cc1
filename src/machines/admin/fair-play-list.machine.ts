/**
 * The lists of the Fair play page (docs/fair-play.md): the accounts by risk (highest score first, by the URL's
 * status filter) and the withdrawals held for review, each a page at a time. It is the list page machine
 * (shared/list-page.machine.ts) the page invokes as its child `list`, kept current by the back office's live
 * stream (docs/decisions/018): ADMIN.RISK (an account entered review, was frozen, appealed or was decided),
 * ADMIN.AUDIT and STREAM.RESET load again, so a new account in review appears without a reload.
 */
import { listPageMachine } from "#src/machines/shared/list-page.machine.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type FairPlaySearch, fairPlaySearch, listQueryOf, sameSearch } from "./admin.search.ts";
import type { FairPlayData, FairPlayQuery } from "./admin.types.ts";
import { RELOADING_EVENTS } from "./admin-live.ts";
import { DEFAULT_RISK_FILTER, heldTable, riskTable } from "./fair-play.search.ts";

/** What the server is asked: the filter (review when none) and each list's own cursor. */
export const fairPlayQueryOf = (search: FairPlaySearch): FairPlayQuery => ({
  risk: { status: search.status ?? DEFAULT_RISK_FILTER, ...listQueryOf(riskTable(search)) },
  held: listQueryOf(heldTable(search)),
});

export const fairPlayListMachine = listPageMachine<FairPlaySearch, FairPlayQuery, FairPlayData>({
  id: "fairPlayList",
  queryOf: fairPlayQueryOf,
  sameSearch: (a, b) => sameSearch(fairPlaySearch, a, b),
  failure: PAGE_FAILURES.fairPlay,
  stream: "admin",
  reloadOn: RELOADING_EVENTS,
});
