/**
 * The Fair play page (docs/fair-play.md): accounts by risk with their signals, one account's risk in a panel,
 * the actions on it, and the withdrawals held for review. Page-lifetime; its input is the route's typed search
 * (admin.search.ts), which the URL owns.
 * - Its child `list` is the list page (fair-play-list.machine.ts): QUERY (the URL changed) and RELOAD are passed
 *   on to it; the live stream keeps it current (ADMIN.RISK: a new account in review appears without a reload).
 * - Its own chart is what is open: closed —ACCOUNT.OPEN→ account (loading → shown | failed: the account's risk,
 *   GET /admin/users/{id}/risk), where RISK.OPEN opens the action dialog (`acting`: Clear, Freeze, Unfreeze or
 *   Ban with a required reason) and ACCOUNT.CLOSE closes it; closed —APPROVE.OPEN→ approving and
 *   —REJECT.OPEN→ rejecting, each invoking its form machine for the chosen withdrawal.
 * - The open account is read again when the admins' stream says it changed (ADMIN.RISK naming it, or naming no
 *   account) or events were lost (STREAM.RESET): another admin's decision shows without a reload.
 * - A form that succeeded reloads the list (and the open account); one that ended `outdated` (409: another
 *   admin decided first) reloads the list too, so the admin sees where the withdrawal stands now.
 */
import { assertEvent, assign, emit, fromPromise, sendTo, setup } from "xstate";
import type { RiskActionName } from "#contracts/fair-play-rules.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { type Toast, toast } from "#src/machines/shared/toast.ts";
import { formInput } from "./admin.forms.ts";
import { PAGE_FAILURES } from "./admin.messages.ts";
import type { FairPlaySearch } from "./admin.search.ts";
import type { AdminTarget, RiskAccountData } from "./admin.types.ts";
import { adminFormMachine } from "./admin-form.machine.ts";
import { fairPlayListMachine } from "./fair-play-list.machine.ts";

export type FairPlayPageEvent =
  | { type: "QUERY"; search: FairPlaySearch }
  | { type: "RELOAD" }
  | { type: "ACCOUNT.OPEN"; account: AdminTarget }
  | { type: "ACCOUNT.CLOSE" }
  | { type: "ACCOUNT.RETRY" }
  | { type: "RISK.OPEN"; action: RiskActionName }
  | { type: "APPROVE.OPEN"; withdrawal: AdminTarget }
  | { type: "REJECT.OPEN"; withdrawal: AdminTarget };

/** A decision that changed something, or found it changed by someone else: the lists are stale either way. */
const changedSomething = ({ event }: { event: { output: { succeeded: boolean; outdated?: true } } }) =>
  event.output.succeeded || event.output.outdated === true;

export const fairPlayPageMachine = setup({
  types: {
    context: {} as {
      list: { search: FairPlaySearch; app: AppLink };
      newId: () => string;
      /** The account whose panel is open, and its risk once loaded. */
      account: AdminTarget | null;
      detail: RiskAccountData | null;
    },
    input: {} as { search: FairPlaySearch; newId: () => string; app: AppLink },
    events: {} as FairPlayPageEvent | LiveEvent,
    emitted: {} as Toast,
    children: {} as {
      list: "list";
      live: "liveEvents";
      account: "account";
      riskDialog: "riskDialog";
      approveDialog: "approveDialog";
      rejectDialog: "rejectDialog";
    },
  },
  actors: {
    list: fairPlayListMachine,
    ...liveActors,
    account: fromPromise<RiskAccountData, string>(notProvided("fairPlayPage", "account")),
    riskDialog: adminFormMachine,
    approveDialog: adminFormMachine,
    rejectDialog: adminFormMachine,
  },
  guards: {
    /** An admin.risk event about the open account, or about an account it does not name. */
    namesOpenAccount: ({ context, event }) =>
      event.type === "ADMIN.RISK" && (!event.userId || event.userId === context.account?.id),
  },
  actions: {
    passOn: sendTo("list", ({ event }) => {
      assertEvent(event, ["QUERY", "RELOAD"]);
      return event;
    }),
    reload: sendTo("list", { type: "RELOAD" }),
    takeAccount: assign(({ event }) => {
      assertEvent(event, "ACCOUNT.OPEN");
      return { account: event.account, detail: null };
    }),
    takeDetail: assign({ detail: (_, detail: RiskAccountData) => detail }),
    forgetAccount: assign({ account: null, detail: null }),
    toastAccountFailure: emit(toast("error", "Error", PAGE_FAILURES.riskAccount)),
  },
}).createMachine({
  id: "fairPlayPage",
  context: ({ input }) => ({
    list: { search: input.search, app: input.app },
    newId: input.newId,
    account: null,
    detail: null,
  }),
  invoke: [
    { id: "list", src: "list", input: ({ context }) => context.list },
    { id: "live", src: "liveEvents", input: ({ context }) => ({ app: context.list.app, stream: "admin" }) },
  ],
  on: { QUERY: { actions: "passOn" }, RELOAD: { actions: "passOn" } },
  initial: "closed",
  states: {
    closed: {
      on: {
        "ACCOUNT.OPEN": { target: "account", actions: "takeAccount" },
        "APPROVE.OPEN": "approving",
        "REJECT.OPEN": "rejecting",
      },
    },
    account: {
      on: { "ACCOUNT.CLOSE": { target: "closed", actions: "forgetAccount" } },
      initial: "loading",
      states: {
        loading: {
          tags: ["loading"],
          invoke: {
            id: "account",
            src: "account",
            input: ({ context }) => context.account?.id ?? "",
            onDone: { target: "shown", actions: { type: "takeDetail", params: ({ event }) => event.output } },
            onError: { target: "failed", actions: "toastAccountFailure" },
          },
        },
        shown: {
          on: {
            "RISK.OPEN": "acting",
            "ADMIN.RISK": { guard: "namesOpenAccount", target: "loading" },
            "STREAM.RESET": "loading",
          },
        },
        failed: { on: { "ACCOUNT.RETRY": "loading" } },
        acting: {
          invoke: {
            id: "riskDialog",
            src: "riskDialog",
            input: ({ context, event }) => {
              assertEvent(event, "RISK.OPEN");
              return formInput("riskAction", context.newId, context.account, { action: event.action });
            },
            onDone: [{ guard: changedSomething, target: "loading", actions: "reload" }, { target: "shown" }],
          },
        },
      },
    },
    approving: {
      invoke: {
        id: "approveDialog",
        src: "approveDialog",
        input: ({ context, event }) => {
          assertEvent(event, "APPROVE.OPEN");
          return formInput("approveWithdrawal", context.newId, event.withdrawal);
        },
        onDone: [{ guard: changedSomething, target: "closed", actions: "reload" }, { target: "closed" }],
      },
    },
    rejecting: {
      invoke: {
        id: "rejectDialog",
        src: "rejectDialog",
        input: ({ context, event }) => {
          assertEvent(event, "REJECT.OPEN");
          return formInput("rejectWithdrawal", context.newId, event.withdrawal);
        },
        onDone: [{ guard: changedSomething, target: "closed", actions: "reload" }, { target: "closed" }],
      },
    },
  },
});
