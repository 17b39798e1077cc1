/**
 * The back office's list page chart, one for its four pages (Dashboard, Users, Funds, Audit Log; docs/decisions/
 * 014 and 018): loading → ready | failed; ready ⇄ refreshing (the old rows stay on screen). QUERY (the URL's
 * search changed) loads again with the new search, also from failed, and a QUERY that changes nothing is
 * ignored; each of `reloadOn` loads again; the stream coming back up after it was down refreshes a ready page;
 * a failure toasts the page's own words. The page machine's `setup()` names what the chart refers to: the
 * `load` actor, the actions `takeSearch`, `takeData`, `toastFailure` and `streamUp`, the guards `searchChanged`
 * and `cameBackUp`.
 */

export function listPageStates<TContext, TQuery, TData, const TReload extends string>(options: {
  /** What `load` is asked for, from the page's context (its search). */
  queryOf: ({ context }: { context: TContext }) => TQuery;
  /** The events after which the page loads again (a reload, or the admin stream's news). */
  reloadOn: readonly TReload[];
}) {
  const on = <T>(transition: T) =>
    Object.fromEntries(options.reloadOn.map((type) => [type, transition])) as Record<TReload, T>;
  const load = <const TFailed extends "failed" | "ready">(failed: TFailed) =>
    ({
      id: "load",
      src: "load",
      input: options.queryOf,
      onDone: {
        target: "ready",
        actions: { type: "takeData", params: ({ event }: { event: { output: TData } }) => event.output },
      },
      onError: { target: failed, actions: "toastFailure" },
    }) as const;
  return {
    loading: {
      tags: ["loading"],
      on: {
        QUERY: { guard: "searchChanged", target: "loading", reenter: true, actions: "takeSearch" },
        ...on({ target: "loading", reenter: true } as const),
      },
      invoke: load("failed"),
    },
    ready: {
      on: {
        QUERY: { guard: "searchChanged", target: "refreshing", actions: "takeSearch" },
        ...on("refreshing" as const),
        "STREAM.UP": { guard: "cameBackUp", target: "refreshing", actions: "streamUp" },
      },
    },
    refreshing: {
      tags: ["busy"],
      on: {
        QUERY: { guard: "searchChanged", target: "refreshing", reenter: true, actions: "takeSearch" },
        ...on({ target: "refreshing", reenter: true } as const),
      },
      invoke: load("ready"),
    },
    failed: {
      on: {
        QUERY: { guard: "searchChanged", target: "loading", actions: "takeSearch" },
        ...on("loading" as const),
      },
    },
  } as const;
}
