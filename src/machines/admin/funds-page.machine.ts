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
 */
import { assertEvent, assign, emit, fromPromise, raise, setup } from "xstate";
import { formInput } from "./admin.forms.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import { type FundsSearch, fundsSearch, listQueryOf, sameSearch } from "./admin.search.ts";
import { type AdminToast, type FundsData, type FundsQuery, notProvided } from "./admin.types.ts";
import { adminFormMachine } from "./admin-form.machine.ts";

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
    context: {} as { search: FundsSearch; data: FundsData | null; newId: () => string },
    input: {} as { search: FundsSearch; newId: () => string },
    events: {} as FundsPageEvent,
    emitted: {} as AdminToast,
    children: {} as { load: "load"; withdrawDialog: "withdrawDialog" },
  },
  actors: {
    load: fromPromise<FundsData, FundsQuery>(notProvided("funds page", "load")),
    withdrawDialog: adminFormMachine,
  },
  actions: {
    takeSearch: assign(({ event }) => {
      assertEvent(event, "QUERY");
      return { search: event.search };
    }),
    reload: raise({ type: "RELOAD" }),
    toastFailure: emit({ type: "toast", tone: "error", title: "Error", description: PAGE_FAILURES.funds }),
  },
  guards: {
    searchChanged: ({ context, event }) => {
      assertEvent(event, "QUERY");
      return !sameSearch(fundsSearch, context.search, event.search);
    },
  },
}).createMachine({
  id: "fundsPage",
  context: ({ input }) => ({ search: input.search, data: null, newId: input.newId }),
  type: "parallel",
  states: {
    data: {
      initial: "loading",
      states: {
        loading: {
          tags: ["loading"],
          on: {
            QUERY: { guard: "searchChanged", target: "loading", reenter: true, actions: "takeSearch" },
            RELOAD: { target: "loading", reenter: true },
          },
          invoke: {
            id: "load",
            src: "load",
            input: ({ context }) => fundsQueryOf(context.search),
            onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
            onError: { target: "failed", actions: "toastFailure" },
          },
        },
        ready: {
          on: {
            QUERY: { guard: "searchChanged", target: "refreshing", actions: "takeSearch" },
            RELOAD: "refreshing",
          },
        },
        refreshing: {
          tags: ["busy"],
          on: {
            QUERY: { guard: "searchChanged", target: "refreshing", reenter: true, actions: "takeSearch" },
            RELOAD: { target: "refreshing", reenter: true },
          },
          invoke: {
            id: "load",
            src: "load",
            input: ({ context }) => fundsQueryOf(context.search),
            onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
            onError: { target: "ready", actions: "toastFailure" },
          },
        },
        failed: {
          on: {
            QUERY: { guard: "searchChanged", target: "loading", actions: "takeSearch" },
            RELOAD: "loading",
          },
        },
      },
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
