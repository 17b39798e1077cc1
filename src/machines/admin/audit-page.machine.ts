/**
 * The Audit Log (ours: docs/design.md §7): every admin action, newest first, a page at a time. Page-lifetime;
 * its input is the route's typed search (admin.search.ts), which the URL owns.
 * It is the list page (shared/list-page.machine.ts): loading → ready | failed, ready ⇄ refreshing, QUERY when
 * the URL's page changed. The back office's live stream keeps it current (docs/decisions/018): ADMIN.AUDIT (a new
 * entry) and STREAM.RESET load again, and so does the stream coming back up after it was down.
 */
import type { ListQuery } from "#src/api/admin.ts";
import { listPageMachine } from "#src/machines/shared/list-page.machine.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type AuditSearch, auditSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import type { AuditData } from "./admin.types.ts";
import { RELOADING_EVENTS } from "./admin-live.ts";

export type AuditPageEvent = { type: "QUERY"; search: AuditSearch };

export const auditPageMachine = listPageMachine<AuditSearch, ListQuery, AuditData>({
  id: "auditPage",
  queryOf: listQueryOf,
  sameSearch: (a, b) => sameSearch(auditSearch, a, b),
  failure: PAGE_FAILURES.audit,
  stream: "admin",
  reloadOn: RELOADING_EVENTS,
});
