/**
 * Funds Management (docs/product.md §2, §4): the funded wallets' total and count, the treasury's pool balance,
 * its Transaction History, the Funded Wallets table and the Withdraw Funds dialog. Page-lifetime; its input
 * is the route's typed search (admin.search.ts), which the URL owns. Two regions:
 * - data: loading → ready | failed; ready ⇄ refreshing (the old rows stay on screen). QUERY (the URL's pages
 *   changed) loads with the new search, and is ignored when nothing changed; RELOAD loads it again.
 * - dialog: closed —WITHDRAW.OPEN→ withdrawing, which invokes the Withdraw Funds form while it is open (Withdraw
 *   Funds and Withdraw USDT open the same dialog). A withdrawal that succeeded reloads the pool balance and the
 *   transaction list (docs/product.md §4).
 * A load failure toasts docs/product.md §8's words under the title Error.
 * The back office's live stream keeps it current (docs/decisions/018): ADMIN.AUDIT (an admin changed
 * something) and STREAM.RESET load again, as RELOAD does, and so does the stream coming back up after it was
 * down;
 * ADMIN.METRICS puts the new pool balance in place.
 * The list's chart (loading, ready, refreshing, failed) is the one of every admin page: shared/list-page.ts.
 */
import { assertEvent, assign, emit, fromPromise, raise, setup } from "xstate";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { listPageStates } from "#src/machines/shared/list-page.ts";
import { followStreamStatus, hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { formInput } from "./admin.forms.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type FundsSearch, fundsSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import type { AdminToast, FundsData, FundsQuery } from "./admin.types.ts";
import { adminFormMachine } from "./admin-form.machine.ts";
import { reloadOnChange } from "./admin-live.ts";

export type FundsPageEvent =
  | { type: "QUERY"; search: FundsSearch }
  | { type: "RELOAD" }
  | { type: "WITHDRAW.OPEN" };

/** What the server is asked for both tables: the page of each, never the other's. */
export const fundsQueryOf = (search: FundsSearch): FundsQuery => ({
  transactions: listQueryOf({ cursors: search.txcursors }),
  wallets: listQueryOf({ cursors: search.fwcursors }),
});

export const fundsPageMachine = setup({
  types: {
    context: {} as {
      search: FundsSearch;
      data: FundsData | null;
      newId: () => string;
      app: AppLink;
      streamUp: boolean;
    },
    input: {} as { search: FundsSearch; newId: () => string; app: AppLink },
    events: {} as FundsPageEvent | LiveEvent,
    emitted: {} as AdminToast,
    children: {} as { load: "load"; withdrawDialog: "withdrawDialog"; live: "liveEvents" },
  },
  actors: {
    load: fromPromise<FundsData, FundsQuery>(notProvided("funds page", "load")),
    withdrawDialog: adminFormMachine,
    ...liveActors,
  },
  actions: {
    streamUp: assign({ streamUp: true }),
    streamDown: assign({ streamUp: false }),
    takeMetrics: assign({
      data: ({ context, event }) =>
        event.type === "ADMIN.METRICS" && context.data
          ? { ...context.data, pool: { balance: event.metrics.poolBalance } }
          : context.data,
    }),
    takeSearch: assign(({ event }) => {
      assertEvent(event, "QUERY");
      return { search: event.search };
    }),
    reload: raise({ type: "RELOAD" }),
    takeData: assign({ data: (_, data: FundsData) => data }),
    toastFailure: emit({ type: "toast", tone: "error", title: "Error", description: PAGE_FAILURES.funds }),
  },
  guards: {
    cameBackUp: ({ context }) => !context.streamUp,
    searchChanged: ({ context, event }) => {
      assertEvent(event, "QUERY");
      return !sameSearch(fundsSearch, context.search, event.search);
    },
  },
}).createMachine({
  id: "fundsPage",
  context: ({ input }) => ({
    search: input.search,
    data: null,
    newId: input.newId,
    app: input.app,
    streamUp: false,
  }),
  invoke: hearStream("admin"),
  on: {
    ...followStreamStatus,
    ...reloadOnChange({ actions: "reload" }),
    "ADMIN.METRICS": { actions: "takeMetrics" },
  },
  type: "parallel",
  states: {
    data: {
      initial: "loading",
      states: listPageStates<{ search: FundsSearch }, FundsQuery, FundsData, "RELOAD">({
        queryOf: ({ context }) => fundsQueryOf(context.search),
        reloadOn: ["RELOAD"],
      }),
    },
    dialog: {
      initial: "closed",
      states: {
        closed: { on: { "WITHDRAW.OPEN": "withdrawing" } },
        withdrawing: {
          invoke: {
            id: "withdrawDialog",
            src: "withdrawDialog",
            input: ({ context }) => formInput("withdraw", context.newId),
            onDone: [
              { guard: ({ event }) => event.output.succeeded, target: "closed", actions: "reload" },
              { target: "closed" },
            ],
          },
        },
      },
    },
  },
});
