import type { AnyMachineSnapshot } from "xstate";
import type { ModelOptions } from "../path-runner.ts";

/** What every admin page's model hears: the back office's live stream, and the users they open dialogs for. */
export const NETWORK_FAILURE = { code: "NETWORK_ERROR", message: "x", status: 0 };
export const PAGE_USER = { id: "u1", label: "p@example.com", multiplier: 0.001 };

/** An account entered review (docs/fair-play.md): every admin page loads again. */
export const RISK = { type: "ADMIN.RISK", userId: "u9", status: "review", score: 70 };

/** The back office's live stream as every admin page hears it. */
export const LIVE = [
  {
    type: "ADMIN.AUDIT",
    item: { id: "a1", actor: "root", action: "fund-wallet", target: "u1", amount: 5, timestamp: "t" },
  },
  { type: "STREAM.RESET" },
  RISK,
  { type: "STREAM.UP" },
  { type: "STREAM.DOWN" },
];
export const METRICS = { type: "ADMIN.METRICS", metrics: { rows: 9, poolBalance: 7 } };

/** What a page with dialogs hears: the URL's search and RELOAD (both passed on to its `list`), its dialogs. */
export const pageEvents = (machine: "users" | "funds") => [
  { type: "RELOAD" },
  ...(machine === "users"
    ? [
        { type: "QUERY", search: { uq: "ada", usort: "email:asc" } },
        { type: "FUND.OPEN", user: PAGE_USER },
        { type: "MULTIPLIER.OPEN", user: PAGE_USER },
        { type: "xstate.done.actor.fundDialog", output: { succeeded: true } },
        { type: "xstate.done.actor.fundDialog", output: { succeeded: false } },
        { type: "xstate.done.actor.multiplierDialog", output: { succeeded: true } },
        { type: "xstate.done.actor.multiplierDialog", output: { succeeded: false } },
      ]
    : [
        { type: "QUERY", search: { txcursors: "t2" } },
        { type: "WITHDRAW.OPEN" },
        { type: "xstate.done.actor.withdrawDialog", output: { succeeded: true } },
        { type: "xstate.done.actor.withdrawDialog", output: { succeeded: false } },
      ]),
];

/**
 * The list page machine (Admin Dashboard, Audit Log; the `list` of Users and Funds). The person changes the
 * search (`search`: types in a search box, picks a filter, turns a page) with the page's controls, which show
 * with its rows (in `ready` and `refreshing`); the sidebar's link to the page takes them back to its plain URL
 * (QUERY with an empty search) from any state.
 */
export const listPageEvents =
  (search: Record<string, unknown>, withMetrics: boolean) => (snapshot: AnyMachineSnapshot) => [
    ...LIVE,
    { type: "RELOAD" },
    ...(withMetrics ? [METRICS] : []),
    ...(snapshot.matches("ready") || snapshot.matches("refreshing") ? [{ type: "QUERY", search }] : []),
    { type: "QUERY", search: {} },
    { type: "xstate.done.actor.load", output: { rows: 2 } },
    { type: "xstate.error.actor.load", error: NETWORK_FAILURE },
  ];

/**
 * A list page's suites: opened on its plain URL (the main model), and opened on a link that carries `search`
 * (a shared or bookmarked one), where the sidebar's link changes the search while the page still loads.
 */
export const listPageSuites = (
  name: string,
  options: ModelOptions<unknown>,
  search: Record<string, unknown>,
) =>
  [
    { name, options, paths: "transitions" },
    {
      name: `${name}, opened on a link with a search`,
      options: { ...options, input: { ...(options.input as object), search } },
      paths: "transitions",
    },
  ] as const;

export const serializePage = (s: { value: unknown; context: { data: unknown; search: unknown } }) =>
  JSON.stringify([s.value, s.context.data !== null, s.context.search]);

/** A page with dialogs is where its dialog is; its list's state is the list page model's. */
export const serializeDialogPage = (s: { value: unknown }) => JSON.stringify(s.value);
