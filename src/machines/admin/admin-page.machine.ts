/**
 * One admin page's data (spec §4: "each page has a loading state"). Page-lifetime; one machine per page,
 * given the page's `load` actor and its failure message. States: loading → ready | failed; in ready, QUERY
 * (the URL's search, sort or page changed) and RELOAD (after an action, spec §4's reloads) refresh while the
 * old figures stay on screen. A failure shows spec §8's destructive toast titled Error.
 */
import { assign, emit, fromPromise, setup } from "xstate";

export type PageQuery = Record<string, string | number | undefined>;

export const adminPageMachine = setup({
  types: {
    context: {} as { data: unknown; query: PageQuery; failure: string },
    input: {} as { query: PageQuery; failure: string },
    events: {} as { type: "QUERY"; query: PageQuery } | { type: "RELOAD" },
    emitted: {} as { type: "toast"; tone: "error"; title: string; description: string },
  },
  actors: {
    load: fromPromise<unknown, PageQuery>(() => {
      throw new Error('admin page machine: actor "load" was not provided');
    }),
  },
  actions: {
    toastFailure: emit(({ context }) => ({
      type: "toast" as const,
      tone: "error" as const,
      title: "Error",
      description: context.failure,
    })),
  },
}).createMachine({
  id: "adminPage",
  context: ({ input }) => ({ data: null, query: input.query, failure: input.failure }),
  initial: "loading",
  on: { QUERY: { target: ".refreshing", actions: assign({ query: ({ event }) => event.query }) } },
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.query,
        onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: "failed", actions: "toastFailure" },
      },
    },
    ready: { on: { RELOAD: "refreshing" } },
    refreshing: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.query,
        onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: "ready", actions: "toastFailure" },
      },
    },
    failed: { on: { RELOAD: "loading" } },
  },
});
