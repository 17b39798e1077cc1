/**
 * Funds Management's Withdraw Funds dialog walked on /admin/funds (the exported
 * tests/e2e/generated/funds-page.spec.ts): the admin opens it, and it ends by a treasury withdrawal the real
 * server makes (the page reloads the pool balance and the Transaction History) or by Cancel. How the dialog's
 * own form behaves (empty fields, failures, a slow answer) is admin-form's walk.
 */
import { type AnyMachineSnapshot, fromCallback } from "xstate";
import { withdrawalInitiated } from "#src/machines/admin/admin.messages.ts";
import type { FundsPageEvent } from "#src/machines/admin/funds-page.machine.ts";
import { fundsPage } from "../models/funds-page.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  click,
  type Expectation,
  fill,
  type Gesture,
  type NotAGesture,
  notAGesture,
  type Walk,
  type WalkPart,
} from "./actions.ts";

type EventType = FundsPageEvent["type"] | "xstate.done.actor.withdrawDialog";
type DialogDone = { output: { succeeded: boolean } };

export const WITHDRAW_DIALOG = { role: "dialog", name: "Withdraw Funds" } as const;
export const HISTORY = { role: "table", name: "Transaction History" } as const;
/** A TRC20 address outside the app (tests/e2e/admin.spec.ts): the treasury's withdrawals go there. */
export const OUTSIDE = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
/** Small, so the suite's many runs never empty the treasury pool. */
export const WITHDRAWN = 0.5;

const gestures = {
  "WITHDRAW.OPEN": () => [click({ role: "button", name: "Withdraw Funds" })],
  "xstate.done.actor.withdrawDialog": ((event: DialogDone) =>
    event.output.succeeded
      ? [
          fill("Withdrawal Address", OUTSIDE),
          fill("Amount (USDT)", String(WITHDRAWN)),
          click({ role: "button", name: "Confirm Withdrawal" }, WITHDRAW_DIALOG),
        ]
      : [click({ role: "button", name: "Cancel" }, WITHDRAW_DIALOG)]) as Gesture<never>,
  // Paging the Transaction History changes the URL's search (txcursors), which the route gives the page as a
  // QUERY (the arrangement made sure it has a second page).
  QUERY: () => [click({ role: "button", name: "Next" }, { role: "region", name: "Transaction History" })],
  RELOAD: notAGesture(
    "nothing on the page sends RELOAD to the page machine: a withdrawal that succeeded reloads the list through the page's own `reload` action (walked here), the live stream reloads the list itself",
  ),
} satisfies Record<EventType, Gesture<never> | NotAGesture>;

const NEXT_PAGE: ModelEvent = { type: "QUERY", search: { txcursors: "t2" } };
const OPEN: ModelEvent = { type: "WITHDRAW.OPEN" };
const ENDS: ModelEvent[] = [
  { type: "xstate.done.actor.withdrawDialog", output: { succeeded: true } },
  { type: "xstate.done.actor.withdrawDialog", output: { succeeded: false } },
];

const model: ModelOptions<unknown> = {
  ...fundsPage,
  // The page's list loads by itself before the walk's first step (start.ready): not a call the walk answers.
  fakeActors: ["withdrawDialog"],
  actors: { list: fromCallback(() => {}) },
  // Paging is only possible while no dialog covers the page.
  events: (snapshot) => (snapshot.matches("closed") ? [NEXT_PAGE, OPEN, ...ENDS] : ENDS),
};

function atEnd(leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] {
  const last = events.at(-1) as (ModelEvent & Partial<DialogDone>) | undefined;
  // After paging the URL holds the next page's cursor (txcursors), which the walk cannot know: "Page 2" says it.
  const seen: Expectation[] = last?.type === "QUERY" ? [] : [{ url: "/admin/funds" }];
  // An open dialog hides the page behind it from a person's (and Playwright's) view of its roles.
  if (leaf.matches("withdrawing"))
    seen.push({ see: WITHDRAW_DIALOG }, { see: { label: "Withdrawal Address" } });
  else seen.push({ see: HISTORY });
  if (last?.type === "xstate.done.actor.withdrawDialog" && last.output?.succeeded)
    // The page reloaded the Transaction History: the withdrawal is its newest row (docs/product.md §4).
    seen.push(
      { see: { text: withdrawalInitiated(WITHDRAWN, OUTSIDE).description } },
      { seeIn: HISTORY, text: "TDvSsd...we9K" },
    );
  if (last?.type === "QUERY") seen.push({ see: { text: "Page 2" } });
  return seen;
}

const part: WalkPart = {
  name: "Funds Management's Withdraw Funds dialog on /admin/funds",
  model,
  gestures,
  start: {
    url: "/admin/funds",
    account: "admin",
    arrange: { file: "admin-dialogs", name: "treasuryPaged" },
    ready: HISTORY,
  },
  atEnd,
};

export const fundsPageWalk: Walk = { machine: "funds-page", parts: [part] };
