/**
 * User Management's dialogs walked on /admin/users (the exported tests/e2e/generated/users-page.spec.ts): the
 * admin opens Fund User Wallet or Update User Multiplier from the row of a player the test made
 * (tests/e2e/arrange/admin-dialogs.ts), and the dialog ends by a change the real server makes (the page reloads
 * its tables) or by Cancel. Sorting a table changes the URL's search: the page passes that QUERY to its list.
 * How each dialog's own form behaves (empty fields, failures, a slow answer) is admin-form's walk.
 */
import { type AnyMachineSnapshot, fromCallback } from "xstate";
import { multiplierUpdated, walletFunded } from "#src/machines/admin/admin.messages.ts";
import type { UsersPageEvent } from "#src/machines/admin/users-page.machine.ts";
import { PAGE_USER } from "../models/admin-pages.ts";
import { usersPage } from "../models/users-page.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  click,
  type Expectation,
  fill,
  type Gesture,
  type Locator,
  type NotAGesture,
  notAGesture,
  type Walk,
  type WalkPart,
} from "./actions.ts";

type EventType =
  | UsersPageEvent["type"]
  | "xstate.done.actor.fundDialog"
  | "xstate.done.actor.multiplierDialog";
type DialogDone = { output: { succeeded: boolean } };

export const FUND_DIALOG = { role: "dialog", name: "Fund User Wallet" } as const;
export const MULTIPLIER_DIALOG = { role: "dialog", name: "Update User Multiplier" } as const;
export const UNFUNDED_TABLE = { role: "table", name: "Users without Funded Wallets" } as const;
export const FUNDED_TABLE = { role: "table", name: "Users with Funded Wallets" } as const;
/** The row of the player the arrangement made (its first cell is the email). */
export const PLAYER_ROW: Locator = { role: "row", nameContains: { arranged: "email" } };
const FUNDED = 5;
const MULTIPLIER = 0.25;

const gestures = {
  "FUND.OPEN": () => [click({ role: "button", name: "Fund Wallet" }, PLAYER_ROW)],
  "MULTIPLIER.OPEN": () => [click({ role: "button", name: "Update Multiplier" }, PLAYER_ROW)],
  "xstate.done.actor.fundDialog": ((event: DialogDone) =>
    event.output.succeeded
      ? [fill("Amount (USDT)", String(FUNDED)), click({ role: "button", name: "Fund Wallet" }, FUND_DIALOG)]
      : [click({ role: "button", name: "Cancel" }, FUND_DIALOG)]) as Gesture<never>,
  "xstate.done.actor.multiplierDialog": ((event: DialogDone) =>
    event.output.succeeded
      ? [
          fill("New Multiplier", String(MULTIPLIER)),
          click({ role: "button", name: "Update Multiplier" }, MULTIPLIER_DIALOG),
        ]
      : [click({ role: "button", name: "Cancel" }, MULTIPLIER_DIALOG)]) as Gesture<never>,
  // A sort header changes the URL's search (usort), which the route gives the page as a QUERY.
  QUERY: () => [click({ role: "button", name: "Email" }, UNFUNDED_TABLE)],
  RELOAD: notAGesture(
    "nothing on the page sends RELOAD to the page machine: a dialog that succeeded reloads the list through the page's own `reload` action (walked here), the live stream reloads the list itself",
  ),
} satisfies Record<EventType, Gesture<never> | NotAGesture>;

const SORTED: ModelEvent = { type: "QUERY", search: { usort: "email:asc" } };
const OPEN: ModelEvent[] = [
  { type: "FUND.OPEN", user: PAGE_USER },
  { type: "MULTIPLIER.OPEN", user: PAGE_USER },
];
const ENDS: ModelEvent[] = [
  { type: "xstate.done.actor.fundDialog", output: { succeeded: true } },
  { type: "xstate.done.actor.fundDialog", output: { succeeded: false } },
  { type: "xstate.done.actor.multiplierDialog", output: { succeeded: true } },
  { type: "xstate.done.actor.multiplierDialog", output: { succeeded: false } },
];

/** The model's events a person on the page causes: opening a dialog, ending it, sorting. */
const model: ModelOptions<unknown> = {
  ...usersPage,
  // The page's list loads by itself before the walk's first step (start.ready): not a call the walk answers.
  fakeActors: ["fundDialog", "multiplierDialog"],
  actors: { list: fromCallback(() => {}) },
  // Sorting is only possible while no dialog covers the page.
  events: (snapshot) => (snapshot.matches("closed") ? [SORTED, ...OPEN, ...ENDS] : ENDS),
};

function atEnd(leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] {
  const seen: Expectation[] = [];
  const last = events.at(-1) as (ModelEvent & Partial<DialogDone>) | undefined;
  // An open dialog hides the page behind it from a person's (and Playwright's) view of its roles.
  if (leaf.matches("closed")) seen.push({ see: UNFUNDED_TABLE });
  if (leaf.matches("funding")) seen.push({ see: FUND_DIALOG }, { see: { label: "Amount (USDT)" } });
  if (leaf.matches("updatingMultiplier"))
    seen.push({ see: MULTIPLIER_DIALOG }, { see: { label: "New Multiplier" } });
  if (last?.type === "xstate.done.actor.fundDialog" && last.output?.succeeded)
    // The page reloaded its tables: the player moved to the funded list (docs/product.md §4).
    seen.push({ see: { text: walletFunded(FUNDED).description } }, { see: FUNDED_TABLE });
  if (last?.type === "xstate.done.actor.multiplierDialog" && last.output?.succeeded)
    seen.push(
      { see: { text: multiplierUpdated(MULTIPLIER).description } },
      { seeIn: UNFUNDED_TABLE, text: `${MULTIPLIER}x` },
    );
  if (last?.type === "QUERY") seen.push({ url: "/admin/users?usort=email%3Aasc" });
  return seen;
}

const part: WalkPart = {
  name: "User Management's dialogs on /admin/users",
  model,
  gestures,
  start: {
    url: "/admin/users",
    account: "admin",
    arrange: { file: "admin-dialogs", name: "unfundedPlayer" },
    ready: UNFUNDED_TABLE,
  },
  atEnd,
};

export const usersPageWalk: Walk = { machine: "users-page", parts: [part] };
