/**
 * Funds Management (docs/product.md §2, §4): the funded wallets' total and count, the treasury's pool balance,
 * its Transaction History, the Funded Wallets table and the Withdraw Funds dialog. Page-lifetime; its input
 * is the route's typed search (admin.search.ts), which the URL owns.
 * - Its child `list` is the list page (shared/list-page.machine.ts) of the figures and both tables: QUERY (the
 *   URL's pages changed) is passed on to it, and so is RELOAD. The back office's live stream keeps it current
 *   (docs/decisions/018): ADMIN.AUDIT (an admin changed something) and STREAM.RESET load again, ADMIN.METRICS
 *   puts the new pool balance in place. A load failure toasts docs/product.md §8's words under the title Error.
 * - Its own chart is the dialog: closed —WITHDRAW.OPEN→ withdrawing, which invokes the Withdraw Funds form while
 *   it is open (Withdraw Funds and Withdraw USDT open the same dialog). A withdrawal that succeeded reloads the
 *   list: the pool balance and the transactions (docs/product.md §4).
 */
import { forwardTo, sendTo, setup } from "xstate";
import type { AppLink } from "#src/machines/app.types.ts";
import { formInput } from "./admin.forms.ts";
import type { FundsSearch } from "./admin.search.ts";
import { adminFormMachine } from "./admin-form.machine.ts";
import { fundsListMachine } from "./funds-list.machine.ts";

export type FundsPageEvent =
  | { type: "QUERY"; search: FundsSearch }
  | { type: "RELOAD" }
  | { type: "WITHDRAW.OPEN" };

export const fundsPageMachine = setup({
  types: {
    context: {} as { list: { search: FundsSearch; app: AppLink }; newId: () => string },
    input: {} as { search: FundsSearch; newId: () => string; app: AppLink },
    events: {} as FundsPageEvent,
    children: {} as { list: "list"; withdrawDialog: "withdrawDialog" },
  },
  actors: { list: fundsListMachine, withdrawDialog: adminFormMachine },
  actions: {
    reload: sendTo("list", { type: "RELOAD" }),
  },
}).createMachine({
  id: "fundsPage",
  context: ({ input }) => ({ list: { search: input.search, app: input.app }, newId: input.newId }),
  invoke: { id: "list", src: "list", input: ({ context }) => context.list },
  on: { QUERY: { actions: forwardTo("list") }, RELOAD: { actions: forwardTo("list") } },
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
});
