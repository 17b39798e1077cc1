/**
 * User Management (docs/product.md §2, §4): multiplier statistics, the users with and without a funded wallet,
 * and the Fund User Wallet and Update User Multiplier dialogs. Page-lifetime; its input is the route's typed
 * search (admin.search.ts), which the URL owns. Two regions:
 * - data: loading → ready | failed; ready ⇄ refreshing (the old rows stay on screen). QUERY (the URL changed)
 *   loads with the new search, and is ignored when nothing changed; RELOAD loads the same search again.
 * - dialog: closed —FUND.OPEN→ funding, —MULTIPLIER.OPEN→ updatingMultiplier, each invoking its form machine
 *   for the chosen user while it is open. A form that succeeded reloads the statistics and both lists
 *   (docs/product.md §4: the funded user moves to the funded list; a new multiplier shows in its row).
 * A load failure toasts docs/product.md §8's words under the title Error.
 * The back office's live stream keeps it current (docs/decisions/018): ADMIN.AUDIT (an admin changed
 * something) and STREAM.RESET load again, as RELOAD does, and so does the stream coming back up after it was
 * down.
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
import {
  fundedTable,
  listQueryOf,
  sameSearch,
  type UsersSearch,
  unfundedTable,
  usersSearch,
} from "./admin.search.ts";
import type { AdminTarget, AdminToast, UsersData, UsersQuery } from "./admin.types.ts";
import { adminFormMachine } from "./admin-form.machine.ts";
import { reloadOnChange } from "./admin-live.ts";

export type UsersPageEvent =
  | { type: "QUERY"; search: UsersSearch }
  | { type: "RELOAD" }
  | { type: "FUND.OPEN"; user: AdminTarget }
  | { type: "MULTIPLIER.OPEN"; user: AdminTarget };

/** What the server is asked for both tables: the search, sort and page of each, never the other's. */
export const usersQueryOf = (search: UsersSearch): UsersQuery => ({
  funded: listQueryOf(fundedTable(search)),
  unfunded: listQueryOf(unfundedTable(search)),
});

export const usersPageMachine = setup({
  types: {
    context: {} as {
      search: UsersSearch;
      data: UsersData | null;
      newId: () => string;
      app: AppLink;
      streamUp: boolean;
    },
    input: {} as { search: UsersSearch; newId: () => string; app: AppLink },
    events: {} as UsersPageEvent | LiveEvent,
    emitted: {} as AdminToast,
    children: {} as {
      load: "load";
      fundDialog: "fundDialog";
      multiplierDialog: "multiplierDialog";
      live: "liveEvents";
    },
  },
  actors: {
    load: fromPromise<UsersData, UsersQuery>(notProvided("users page", "load")),
    fundDialog: adminFormMachine,
    multiplierDialog: adminFormMachine,
    ...liveActors,
  },
  actions: {
    streamUp: assign({ streamUp: true }),
    streamDown: assign({ streamUp: false }),
    takeSearch: assign(({ event }) => {
      assertEvent(event, "QUERY");
      return { search: event.search };
    }),
    reload: raise({ type: "RELOAD" }),
    takeData: assign({ data: (_, data: UsersData) => data }),
    toastFailure: emit({ type: "toast", tone: "error", title: "Error", description: PAGE_FAILURES.users }),
  },
  guards: {
    cameBackUp: ({ context }) => !context.streamUp,
    searchChanged: ({ context, event }) => {
      assertEvent(event, "QUERY");
      return !sameSearch(usersSearch, context.search, event.search);
    },
  },
}).createMachine({
  id: "usersPage",
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
  },
  type: "parallel",
  states: {
    data: {
      initial: "loading",
      states: listPageStates<{ search: UsersSearch }, UsersQuery, UsersData, "RELOAD">({
        queryOf: ({ context }) => usersQueryOf(context.search),
        reloadOn: ["RELOAD"],
      }),
    },
    dialog: {
      initial: "closed",
      states: {
        closed: { on: { "FUND.OPEN": "funding", "MULTIPLIER.OPEN": "updatingMultiplier" } },
        funding: {
          invoke: {
            id: "fundDialog",
            src: "fundDialog",
            input: ({ context, event }) => {
              assertEvent(event, "FUND.OPEN");
              return formInput("fundWallet", context.newId, event.user);
            },
            onDone: [
              { guard: ({ event }) => event.output.succeeded, target: "closed", actions: "reload" },
              { target: "closed" },
            ],
          },
        },
        updatingMultiplier: {
          invoke: {
            id: "multiplierDialog",
            src: "multiplierDialog",
            input: ({ context, event }) => {
              assertEvent(event, "MULTIPLIER.OPEN");
              return formInput("updateMultiplier", context.newId, event.user);
            },
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
