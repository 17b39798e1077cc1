/**
 * The list page, one machine for every page that shows what the server lists by the URL's search (the back
 * office's Dashboard, Users, Funds and Audit Log; docs/decisions/014 and 018). A page with nothing else is this
 * machine (Dashboard, Audit Log); a page with dialogs invokes it as its child `list` (Users, Funds) and sends it
 * RELOAD when a dialog changed something.
 *
 * States: loading → ready | failed; ready ⇄ refreshing (the old rows stay on screen while the new ones load).
 * QUERY (the URL's search changed) loads again with the new search, also from failed; a QUERY that changes
 * nothing is ignored. RELOAD and each of the page's `reloadOn` stream events load the same search again. The
 * stream coming back up after it was down refreshes a ready page (what was pushed meanwhile was missed). A
 * failure toasts the page's own words under the title Error. A `patch` event changes the loaded data in place.
 */
import {
  type AnyActorLogic,
  assertEvent,
  assign,
  emit,
  fromPromise,
  type PromiseActorLogic,
  setup,
} from "xstate";
import type { AppLink } from "../app.types.ts";
import type { LiveEvent, StreamName } from "../live/live.types.ts";
import { followStreamStatus, hearStream, liveActors } from "./live-aware.ts";
import { notProvided } from "./not-provided.ts";
import { type Toast, toast } from "./toast.ts";

export type ListPageEvent<TSearch> = { type: "QUERY"; search: TSearch } | { type: "RELOAD" };

export interface ListPageOptions<TSearch, TQuery, TData> {
  /** The machine's id, as diagrams, tests and wiring errors name it. */
  id: string;
  /** What the `load` actor is asked for, from the URL's search. */
  queryOf: (search: TSearch) => TQuery;
  /** Whether two searches ask for the same rows (a QUERY that changes nothing is ignored). */
  sameSearch: (a: TSearch, b: TSearch) => boolean;
  /** The toast's words when a load fails. */
  failure: string;
  /** The live stream that keeps the page current. */
  stream: StreamName;
  /** The stream's events after which the page loads again. */
  reloadOn: readonly LiveEvent["type"][];
  /** A stream event that changes the loaded data in place, and how. */
  patch?: { on: LiveEvent["type"]; apply: (data: TData, event: LiveEvent | ListPageEvent<TSearch>) => TData };
}

export function listPageMachine<TSearch, TQuery, TData>(options: ListPageOptions<TSearch, TQuery, TData>) {
  const reloadOn = ["RELOAD", ...options.reloadOn] as const;
  const sameTransition = <T>(transition: T) =>
    Object.fromEntries(reloadOn.map((type) => [type, transition])) as Record<(typeof reloadOn)[number], T>;
  /** Loading and refreshing both load; a failure goes back to `failed` or keeps the old rows in `ready`. */
  const load = <const TOnError extends "failed" | "ready">(onError: TOnError) =>
    ({
      id: "load",
      src: "load",
      input: ({ context }: { context: { search: TSearch } }) => options.queryOf(context.search),
      onDone: {
        target: "ready",
        actions: { type: "takeData", params: ({ event }: { event: { output: TData } }) => event.output },
      },
      onError: { target: onError, actions: "toastFailure" },
    }) as const;
  const patched = options.patch ? { [options.patch.on]: { actions: "patch" as const } } : {};

  return setup({
    types: {
      context: {} as { search: TSearch; data: TData | null; app: AppLink; streamUp: boolean },
      input: {} as { search: TSearch; app: AppLink },
      events: {} as ListPageEvent<TSearch> | LiveEvent,
      emitted: {} as Toast,
    },
    // `load` is typed loosely here because XState cannot resolve a generic actor's input and output inside a
    // generic factory; `withLoader` below is how a page provides it, typed by the page's query and data.
    actors: {
      load: fromPromise<TData, TQuery>(notProvided(options.id, "load")) as AnyActorLogic,
      ...liveActors,
    },
    actions: {
      streamUp: assign({ streamUp: true }),
      streamDown: assign({ streamUp: false }),
      takeSearch: assign(({ event }) => {
        assertEvent(event, "QUERY");
        return { search: event.search };
      }),
      takeData: assign({ data: (_, data: TData) => data }),
      patch: assign({
        data: ({ context, event }) =>
          context.data === null || !options.patch ? context.data : options.patch.apply(context.data, event),
      }),
      toastFailure: emit(toast("error", "Error", options.failure)),
    },
    guards: {
      cameBackUp: ({ context }) => !context.streamUp,
      searchChanged: ({ context, event }) => {
        assertEvent(event, "QUERY");
        return !options.sameSearch(context.search, event.search);
      },
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ search: input.search, data: null, app: input.app, streamUp: false }),
    invoke: hearStream(options.stream),
    on: { ...followStreamStatus, ...patched },
    initial: "loading",
    states: {
      loading: {
        tags: ["loading"],
        on: {
          QUERY: { guard: "searchChanged", target: "loading", reenter: true, actions: "takeSearch" },
          ...sameTransition({ target: "loading", reenter: true } as const),
        },
        invoke: load("failed"),
      },
      ready: {
        on: {
          QUERY: { guard: "searchChanged", target: "refreshing", actions: "takeSearch" },
          ...sameTransition("refreshing" as const),
          "STREAM.UP": { guard: "cameBackUp", target: "refreshing", actions: "streamUp" },
        },
      },
      refreshing: {
        tags: ["busy"],
        on: {
          QUERY: { guard: "searchChanged", target: "refreshing", reenter: true, actions: "takeSearch" },
          ...sameTransition({ target: "refreshing", reenter: true } as const),
        },
        invoke: load("ready"),
      },
      failed: {
        on: {
          QUERY: { guard: "searchChanged", target: "loading", actions: "takeSearch" },
          ...sameTransition("loading" as const),
        },
      },
    },
  });
}

export type ListPageMachine<TSearch, TQuery, TData> = ReturnType<
  typeof listPageMachine<TSearch, TQuery, TData>
>;

/** A list page with the actor that loads its rows: what the runtime (and a test) gives it. */
export const withLoader = <TSearch, TQuery, TData>(
  machine: ListPageMachine<TSearch, TQuery, TData>,
  load: PromiseActorLogic<TData, TQuery>,
) => machine.provide({ actors: { load } });
