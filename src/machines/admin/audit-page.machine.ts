/**
 * The Audit Log (ours: docs/design.md §7): every admin action, newest first, a page at a time. Page-lifetime;
 * its input is the route's typed search (admin.search.ts), which the URL owns.
 * States: loading → ready | failed; ready ⇄ refreshing (the old rows stay on screen). QUERY (the URL's page
 * changed) loads again, also from failed; a QUERY that changes nothing is ignored. A failure toasts the page's own words under the title Error.
 */
import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import type { ListQuery } from "#src/api/admin.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type AuditSearch, auditSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import { type AdminToast, type AuditData, notProvided } from "./admin.types.ts";

export type AuditPageEvent = { type: "QUERY"; search: AuditSearch };

export const auditPageMachine = setup({
  types: {
    context: {} as { search: AuditSearch; data: AuditData | null },
    input: {} as { search: AuditSearch },
    events: {} as AuditPageEvent,
    emitted: {} as AdminToast,
  },
  actors: { load: fromPromise<AuditData, ListQuery>(notProvided("audit page", "load")) },
  actions: {
    takeSearch: assign(({ event }) => {
      assertEvent(event, "QUERY");
      return { search: event.search };
    }),
    toastFailure: emit({ type: "toast", tone: "error", title: "Error", description: PAGE_FAILURES.audit }),
  },
  guards: {
    searchChanged: ({ context, event }) => {
      assertEvent(event, "QUERY");
      return !sameSearch(auditSearch, context.search, event.search);
    },
  },
}).createMachine({
  id: "auditPage",
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
