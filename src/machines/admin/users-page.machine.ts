/**
 * User Management (docs/product.md §2, §4): multiplier statistics, the users with and without a funded wallet,
 * and the Fund User Wallet and Update User Multiplier dialogs. Page-lifetime; its input is the route's typed
 * search (admin.search.ts), which the URL owns.
 * - Its child `list` is the list page (shared/list-page.machine.ts) of both tables and the statistics: QUERY
 *   (the URL changed) is passed on to it, and so is RELOAD. The back office's live stream keeps it current
 *   (docs/decisions/018): ADMIN.AUDIT (an admin changed something) and STREAM.RESET load again. A load failure
 *   toasts docs/product.md §8's words under the title Error.
 * - Its own chart is the dialog: closed —FUND.OPEN→ funding, —MULTIPLIER.OPEN→ updatingMultiplier, each invoking
 *   its form machine for the chosen user while it is open. A form that succeeded reloads the list (docs/product.md
 *   §4: the funded user moves to the funded list; a new multiplier shows in its row).
 */
import { assertEvent, forwardTo, sendTo, setup } from "xstate";
import type { AppLink } from "#src/machines/app.types.ts";
import { formInput } from "./admin.forms.ts";
import type { UsersSearch } from "./admin.search.ts";
import type { AdminTarget } from "./admin.types.ts";
import { adminFormMachine } from "./admin-form.machine.ts";
import { usersListMachine } from "./users-list.machine.ts";

export type UsersPageEvent =
  | { type: "QUERY"; search: UsersSearch }
  | { type: "RELOAD" }
  | { type: "FUND.OPEN"; user: AdminTarget }
  | { type: "MULTIPLIER.OPEN"; user: AdminTarget };

export const usersPageMachine = setup({
  types: {
    context: {} as { list: { search: UsersSearch; app: AppLink }; newId: () => string },
    input: {} as { search: UsersSearch; newId: () => string; app: AppLink },
    events: {} as UsersPageEvent,
    children: {} as { list: "list"; fundDialog: "fundDialog"; multiplierDialog: "multiplierDialog" },
  },
  actors: { list: usersListMachine, fundDialog: adminFormMachine, multiplierDialog: adminFormMachine },
  actions: {
    reload: sendTo("list", { type: "RELOAD" }),
  },
}).createMachine({
  id: "usersPage",
  context: ({ input }) => ({ list: { search: input.search, app: input.app }, newId: input.newId }),
  invoke: { id: "list", src: "list", input: ({ context }) => context.list },
  on: { QUERY: { actions: forwardTo("list") }, RELOAD: { actions: forwardTo("list") } },
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
});
