/**
 * The Admin Dashboard (docs/product.md §2, §4): platform figures and the Users Overview table. Page-lifetime;
 * its input is the route's typed search (admin.search.ts), which the URL owns.
 * It is the list page (shared/list-page.machine.ts): loading → ready | failed, ready ⇄ refreshing (the old
 * figures stay on screen), QUERY when the URL's search, sort or page changed; a failure toasts docs/product.md
 * §8's words under the title Error. The back office's live stream keeps it current (docs/decisions/018):
 * ADMIN.METRICS replaces the figures in place, ADMIN.AUDIT (an admin changed something) and STREAM.RESET load
 * again, and so does the stream coming back up after it was down.
 */
import type { ListQuery } from "#src/api/admin.ts";
import { listPageMachine } from "#src/machines/shared/list-page.machine.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type DashboardSearch, dashboardSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import type { DashboardData } from "./admin.types.ts";
import { RELOADING_EVENTS } from "./admin-live.ts";

export type DashboardPageEvent = { type: "QUERY"; search: DashboardSearch };

export const dashboardPageMachine = listPageMachine<DashboardSearch, ListQuery, DashboardData>({
  id: "dashboardPage",
  queryOf: listQueryOf,
  sameSearch: (a, b) => sameSearch(dashboardSearch, a, b),
  failure: PAGE_FAILURES.dashboard,
  stream: "admin",
  reloadOn: RELOADING_EVENTS,
  patch: {
    on: "ADMIN.METRICS",
    apply: (data, event) => (event.type === "ADMIN.METRICS" ? { ...data, metrics: event.metrics } : data),
  },
});
