/**
 * The Admin Dashboard (docs/product.md §2, §4): platform figures and the Users Overview table. Page-lifetime;
 * its input is the route's typed search (admin.search.ts), which the URL owns.
 * States: loading → ready | failed; ready ⇄ refreshing (the old figures stay on screen). QUERY (the URL's
 * search, sort or page changed) loads again with the new search, also from failed; a QUERY that changes
 * nothing is ignored. A failure toasts docs/product.md §8's words under the title Error.
 * The back office's live stream keeps it current (docs/decisions/018): ADMIN.METRICS replaces the figures in
 * place, ADMIN.AUDIT (an admin changed something) and STREAM.RESET load again, and so does the stream coming
 * back up after it was down.
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
import { type DashboardSearch, dashboardSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import type { AdminToast, DashboardData } from "./admin.types.ts";
import { RELOADING_EVENTS } from "./admin-live.ts";

export type DashboardPageEvent = { type: "QUERY"; search: DashboardSearch };

export const dashboardPageMachine = setup({
  types: {
    context: {} as { search: DashboardSearch; data: DashboardData | null; app: AppLink; streamUp: boolean },
    input: {} as { search: DashboardSearch; app: AppLink },
    events: {} as DashboardPageEvent | LiveEvent,
    emitted: {} as AdminToast,
  },
  actors: {
    load: fromPromise<DashboardData, ListQuery>(notProvided("dashboard page", "load")),
    ...liveActors,
  },
  actions: {
    streamUp: assign({ streamUp: true }),
    streamDown: assign({ streamUp: false }),
    takeMetrics: assign({
      data: ({ context, event }) =>
        event.type === "ADMIN.METRICS" && context.data
          ? { ...context.data, metrics: event.metrics }
          : context.data,
    }),
    takeSearch: assign(({ event }) => {
      assertEvent(event, "QUERY");
      return { search: event.search };
    }),
    takeData: assign({ data: (_, data: DashboardData) => data }),
    toastFailure: emit({
      type: "toast",
      tone: "error",
      title: "Error",
      description: PAGE_FAILURES.dashboard,
    }),
  },
  guards: {
    cameBackUp: ({ context }) => !context.streamUp,
    searchChanged: ({ context, event }) => {
      assertEvent(event, "QUERY");
      return !sameSearch(dashboardSearch, context.search, event.search);
    },
  },
}).createMachine({
  id: "dashboardPage",
  context: ({ input }) => ({ search: input.search, data: null, app: input.app, streamUp: false }),
  invoke: hearStream("admin"),
  on: {
    ...followStreamStatus,
    "ADMIN.METRICS": { actions: "takeMetrics" },
  },
  initial: "loading",
  states: listPageStates<
    { search: DashboardSearch },
    ListQuery,
    DashboardData,
    (typeof RELOADING_EVENTS)[number]
  >({
    queryOf: ({ context }) => listQueryOf(context.search),
    reloadOn: RELOADING_EVENTS,
  }),
});
