/**
 * The economy on the Admin Dashboard (docs/fair-play.md): new and active players, taps, points minted and
 * converted, deposits and withdrawals per UTC day, and the coverage of what the platform owes by what it holds.
 * The dashboard page runs it beside its own machine, so the figures and the users table keep their behaviour
 * whether the economy loads or not. It is the list page machine (shared/list-page.machine.ts) with the number of
 * days as its search; the back office's live stream keeps it current as it does every admin page.
 */
import { listPageMachine } from "#src/machines/shared/list-page.machine.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import type { EconomyData, EconomySearch } from "./admin.types.ts";
import { RELOADING_EVENTS } from "./admin-live.ts";

export const dashboardEconomyMachine = listPageMachine<EconomySearch, EconomySearch, EconomyData>({
  id: "dashboardEconomy",
  queryOf: (search) => ({ days: search.days }),
  sameSearch: (a, b) => a.days === b.days,
  failure: PAGE_FAILURES.economy,
  stream: "admin",
  reloadOn: RELOADING_EVENTS,
});
