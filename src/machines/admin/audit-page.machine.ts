/**
 * The Audit Log (ours: docs/design.md §7): every admin action, newest first, a page at a time. Page-lifetime;
 * its input is the route's typed search (admin.search.ts), which the URL owns.
 * States: loading → ready | failed; ready ⇄ refreshing (the old rows stay on screen). QUERY (the URL's page
 * changed) loads again, also from failed; a QUERY that changes nothing is ignored. A failure toasts the page's own words under the title Error.
 * The back office's live stream keeps it current (docs/decisions/018): ADMIN.AUDIT (a new entry) and
 * STREAM.RESET load again, and so does the stream coming back up after it was down.
 * The list's chart (loading, ready, refreshing, failed) is the one of every admin page: shared/list-page.ts.
 */
import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import type { ListQuery } from "#src/api/admin.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { listPageStates } from "#src/machines/shared/list-page.ts";
import { followStreamStatus, hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type AuditSearch, auditSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import type { AdminToast, AuditData } from "./admin.types.ts";
import { RELOADING_EVENTS } from "./admin-live.ts";

export type AuditPageEvent = { type: "QUERY"; search: AuditSearch };

export const auditPageMachine = setup({
  types: {
    context: {} as { search: AuditSearch; data: AuditData | null; app: AppLink; streamUp: boolean },
    input: {} as { search: AuditSearch; app: AppLink },
    events: {} as AuditPageEvent | LiveEvent,
    emitted: {} as AdminToast,
  },
  actors: { load: fromPromise<AuditData, ListQuery>(notProvided("audit page", "load")), ...liveActors },
  actions: {
    streamUp: assign({ streamUp: true }),
    streamDown: assign({ streamUp: false }),
    takeSearch: assign(({ event }) => {
      assertEvent(event, "QUERY");
      return { search: event.search };
    }),
    takeData: assign({ data: (_, data: AuditData) => data }),
    toastFailure: emit({ type: "toast", tone: "error", title: "Error", description: PAGE_FAILURES.audit }),
  },
  guards: {
    cameBackUp: ({ context }) => !context.streamUp,
    searchChanged: ({ context, event }) => {
      assertEvent(event, "QUERY");
      return !sameSearch(auditSearch, context.search, event.search);
    },
  },
}).createMachine({
  id: "auditPage",
  context: ({ input }) => ({ search: input.search, data: null, app: input.app, streamUp: false }),
  invoke: hearStream("admin"),
  on: followStreamStatus,
  initial: "loading",
  states: listPageStates<{ search: AuditSearch }, ListQuery, AuditData, (typeof RELOADING_EVENTS)[number]>({
    queryOf: ({ context }) => listQueryOf(context.search),
    reloadOn: RELOADING_EVENTS,
  }),
});
