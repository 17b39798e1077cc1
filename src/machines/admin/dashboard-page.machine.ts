/**
 * The Admin Dashboard (docs/product.md §2, §4): platform figures and the Users Overview table. Page-lifetime;
 * its input is the route's typed search (admin.search.ts), which the URL owns.
 * States: loading → ready | failed; ready ⇄ refreshing (the old figures stay on screen). QUERY (the URL's
 * search, sort or page changed) loads again with the new search, also from failed; a QUERY that changes
 * nothing is ignored. A failure toasts docs/product.md §8's words under the title Error.
 */
import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import type { ListQuery } from "#src/api/admin.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type DashboardSearch, dashboardSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import { type AdminToast, type DashboardData, notProvided } from "./admin.types.ts";

export type DashboardPageEvent = { type: "QUERY"; search: DashboardSearch };

export const dashboardPageMachine = setup({
  types: {
    context: {} as { search: DashboardSearch; data: DashboardData | null },
    input: {} as { search: DashboardSearch },
    events: {} as DashboardPageEvent,
    emitted: {} as AdminToast,
  },
  actors: { load: fromPromise<DashboardData, ListQuery>(notProvided("dashboard page", "load")) },
  actions: {
    takeSearch: assign(({ event }) => {
      assertEvent(event, "QUERY");
      return { search: event.search };
    }),
    toastFailure: emit({
      type: "toast",
      tone: "error",
      title: "Error",
      description: PAGE_FAILURES.dashboard,
    }),
  },
  guards: {
    searchChanged: ({ context, event }) => {
      assertEvent(event, "QUERY");
      return !sameSearch(dashboardSearch, context.search, event.search);
    },
  },
}).createMachine({
  id: "dashboardPage",
  context: ({ input }) => ({ search: input.search, data: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      on: { QUERY: { guard: "searchChanged", target: "loading", reenter: true, actions: "takeSearch" } },
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => listQueryOf(context.search),
        onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: "failed", actions: "toastFailure" },
      },
    },
    ready: {
      on: { QUERY: { guard: "searchChanged", target: "refreshing", actions: "takeSearch" } },
    },
    refreshing: {
      tags: ["busy"],
      on: { QUERY: { guard: "searchChanged", target: "refreshing", reenter: true, actions: "takeSearch" } },
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => listQueryOf(context.search),
        onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: "ready", actions: "toastFailure" },
      },
    },
    failed: { on: { QUERY: { guard: "searchChanged", target: "loading", actions: "takeSearch" } } },
  },
});
