/**
 * The back office's forms walked in the real app (the exported tests/e2e/generated/admin-form.spec.ts), one part
 * per form: Fund User Wallet and Update User Multiplier (dialogs on /admin/users, for a player the test made:
 * tests/e2e/arrange/admin-dialogs.ts), Withdraw Funds (the treasury's dialog on /admin/funds) and Create New Admin
 * (the form on /admin/settings). Each dialog is opened by the path's first gesture. The walk holds the form's
 * call and answers it as the path says: by the real server, with no network, or with the API's own refusal
 * (server/domain/wallet/errors.ts, server/domain/admin/actions.ts, server/domain/auth/errors.ts).
 */
import type { AnyMachineSnapshot } from "xstate";
import { ADMIN_FORMS, type AdminFormName, formInput } from "#src/machines/admin/admin.forms.ts";
import {
  FILL_ALL_FIELDS,
  FORM_FAILURES,
  multiplierUpdated,
  walletFunded,
  withdrawalInitiated,
} from "#src/machines/admin/admin.messages.ts";
import type { AdminFormEvent } from "#src/machines/admin/admin-form.machine.ts";
import { PASSWORD } from "../../e2e/fixtures.ts";
import { USER } from "../models/admin-form.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  type Action,
  answer,
  type Call,
  click,
  type Expectation,
  fill,
  type Gesture,
  hold,
  type Locator,
  type NotAGesture,
  notAGesture,
  unlessVisible,
  type Value,
  type Walk,
  type WalkPart,
} from "./actions.ts";
import { HISTORY, OUTSIDE, WITHDRAW_DIALOG, WITHDRAWN } from "./funds-page.gestures.ts";
import { FUND_DIALOG, MULTIPLIER_DIALOG, PLAYER_ROW, UNFUNDED_TABLE } from "./users-page.gestures.ts";

type Form = Extract<AdminFormName, "fundWallet" | "updateMultiplier" | "withdraw" | "createAdmin">;
type EventType = AdminFormEvent["type"] | "xstate.done.actor.submit" | "xstate.error.actor.submit";
type ApiError = { status: number; code: string; message: string };
type ChangeEvent = { type: "CHANGE"; name: string; value: string };
type ErrorEvent = { type: "xstate.error.actor.submit"; error: ApiError };

/** What the dialog's invoking page shows, and how the person opens the dialog there. */
interface Screen {
  name: string;
  url: string;
  call: Call;
  /** The dialog (none: the form is on the page). */
  dialog: Locator | null;
  open: Action[];
  ready: Locator;
  arrange: { file: string; name: string };
  /** Each field's label, and the value a filled field gets. */
  fields: Record<string, { label: string; value: Value }>;
  submit: string;
  busy: string;
  success: string;
  /** The API's own refusal of this form's call (its status, code and message). */
  refusal: ApiError;
}

const NO_NETWORK: ApiError = { status: 0, code: "NETWORK_ERROR", message: "Network error" };
/** server/domain/wallet/errors.ts insufficientPoolBalance: the treasury cannot pay it. */
const POOL_TOO_LOW: ApiError = {
  status: 409,
  code: "INSUFFICIENT_POOL_BALANCE",
  message: "The reward pool cannot pay this right now. Please try again later.",
};
/** server/domain/admin/actions.ts: the player is gone (deleted since the list loaded). */
const NO_SUCH_USER: ApiError = {
  status: 404,
  code: "NOT_FOUND",
  message: "No user has this id. Reload the list and pick one from it.",
};
/** server/domain/auth/errors.ts emailTaken. */
const EMAIL_TAKEN: ApiError = {
  status: 409,
  code: "EMAIL_TAKEN",
  message: "An account with this email already exists.",
};
const FUNDED = 5;
const MULTIPLIER = 0.25;

const SCREENS: Record<Form, Screen> = {
  fundWallet: {
    name: "Fund User Wallet on /admin/users",
    url: "/admin/users",
    call: { method: "POST", path: "/admin/fund-wallet" },
    dialog: FUND_DIALOG,
    open: [click({ role: "button", name: "Fund Wallet" }, PLAYER_ROW)],
    ready: UNFUNDED_TABLE,
    arrange: { file: "admin-dialogs", name: "unfundedPlayer" },
    fields: { amount: { label: "Amount (USDT)", value: String(FUNDED) } },
    submit: "Fund Wallet",
    busy: "Processing...",
    success: walletFunded(FUNDED).description,
    refusal: POOL_TOO_LOW,
  },
  updateMultiplier: {
    name: "Update User Multiplier on /admin/users",
    url: "/admin/users",
    call: { method: "POST", path: "/admin/update-multiplier" },
    dialog: MULTIPLIER_DIALOG,
    open: [click({ role: "button", name: "Update Multiplier" }, PLAYER_ROW)],
    ready: UNFUNDED_TABLE,
    arrange: { file: "admin-dialogs", name: "unfundedPlayer" },
    fields: { multiplier: { label: "New Multiplier", value: String(MULTIPLIER) } },
    submit: "Update Multiplier",
    busy: "Processing...",
    success: multiplierUpdated(MULTIPLIER).description,
    refusal: NO_SUCH_USER,
  },
  withdraw: {
    name: "Withdraw Funds on /admin/funds",
    url: "/admin/funds",
    call: { method: "POST", path: "/admin/withdraw" },
    dialog: WITHDRAW_DIALOG,
    open: [click({ role: "button", name: "Withdraw Funds" })],
    ready: HISTORY,
    arrange: { file: "admin", name: "dashboardSettled" },
    fields: {
      address: { label: "Withdrawal Address", value: OUTSIDE },
      amount: { label: "Amount (USDT)", value: String(WITHDRAWN) },
    },
    submit: "Confirm Withdrawal",
    busy: "Processing...",
    success: withdrawalInitiated(WITHDRAWN, OUTSIDE).description,
    refusal: POOL_TOO_LOW,
  },
  createAdmin: {
    name: "Create New Admin on /admin/settings",
    url: "/admin/settings",
    call: { method: "POST", path: "/admin/create-admin" },
    dialog: null,
    open: [],
    ready: { role: "heading", name: "Create New Admin" },
    arrange: { file: "admin-dialogs", name: "newAdminEmail" },
    fields: {
      name: { label: "Name", value: "Second Admin" },
      email: { label: "Email", value: { arranged: "email" } },
      password: { label: "Password", value: PASSWORD },
    },
    submit: "Create Admin User",
    busy: "Creating...",
    // The success names the email the arrangement made: the toast's title says it.
    success: "Admin Created",
    refusal: EMAIL_TAKEN,
  },
};

function gestures(form: Form): Record<EventType, Gesture<never> | NotAGesture> {
  const screen = SCREENS[form];
  // A dialog opens with the path's first gesture (the page machine's own walk opens and ends it).
  const opened = (actions: Action[]): Action[] =>
    screen.dialog ? [unlessVisible(screen.dialog, screen.open), ...actions] : actions;
  const scope = screen.dialog ?? undefined;
  return {
    CHANGE: ((event: ChangeEvent) => {
      const field = screen.fields[event.name];
      if (!field) throw new Error(`${form} has no field ${event.name}`);
      return opened([fill(field.label, event.value === "" ? "" : field.value)]);
    }) as Gesture<never>,
    SUBMIT: () => opened([click({ role: "button", name: screen.submit }, scope)]),
    CLOSE: screen.dialog
      ? () => opened([click({ role: "button", name: "Cancel" }, scope)])
      : notAGesture("the Create New Admin form is on its page: it has no Cancel and never closes"),
    "xstate.done.actor.submit": () => [answer(screen.call, "server")],
    "xstate.error.actor.submit": ((event: ErrorEvent) => [
      answer(screen.call, event.error.code === NO_NETWORK.code ? "network" : screen.refusal),
    ]) as Gesture<never>,
  };
}

/**
 * The form's events as a person gives them: each field filled (one of them emptied again), submitted, closed,
 * and the call answered by the server, by no network, or refused.
 */
function walkModel(form: Form): ModelOptions<unknown> {
  const screen = SCREENS[form];
  const names = Object.keys(screen.fields);
  const shown = (name: string) => {
    const value = screen.fields[name]!.value;
    return typeof value === "string" ? value : "(the arranged email)";
  };
  const answers: ModelEvent[] = [
    { type: "SUBMIT" },
    ...(screen.dialog ? [{ type: "CLOSE" }] : []),
    { type: "xstate.done.actor.submit", output: { title: "Done", description: screen.success } },
    { type: "xstate.error.actor.submit", error: NO_NETWORK },
    { type: "xstate.error.actor.submit", error: screen.refusal },
  ];
  return {
    input: formInput(form, () => "key", form === "createAdmin" ? null : USER),
    fakeActors: ["submit"],
    // The fields are filled in the screen's order, one at a time; the first may be emptied again. A field is
    // not typed again with what it holds (the same state): one test per transition a person makes.
    events: (snapshot) => {
      const fields = snapshot.context.fields as Record<string, string | undefined>;
      const next = names.find((name) => fields[name] !== shown(name));
      const first = names[0]!;
      return [
        ...(next ? [{ type: "CHANGE", name: next, value: shown(next) }] : []),
        ...(fields[first] ? [{ type: "CHANGE", name: first, value: "" }] : []),
        ...answers,
      ];
    },
    serializeState: (s) => JSON.stringify([s.value, s.context.fields, s.context.key !== null]),
  };
}

/** Whether a SUBMIT of the path found a required field empty (the form said so and sent nothing). */
function refusedEmpty(form: Form, events: ModelEvent[]): boolean {
  const fields: Record<string, string> = {};
  let refused = false;
  for (const event of events) {
    if (event.type === "CHANGE") {
      const change = event as unknown as ChangeEvent;
      fields[change.name] = change.value;
    }
    if (event.type === "SUBMIT" && ADMIN_FORMS[form].required.some((name) => !fields[name]?.trim()))
      refused = true;
  }
  return refused;
}

function atEnd(form: Form) {
  const screen = SCREENS[form];
  return (leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] => {
    const seen: Expectation[] = [{ url: screen.url }];
    // A path of no step: the page as it opens, before any gesture opened its dialog.
    if (events.length === 0) return [...seen, { see: screen.ready }];
    const types = events.map((event) => event.type);
    // An open dialog hides the page behind it from a person's (and Playwright's) view of its roles.
    const open = screen.dialog && (leaf.matches("editing") || leaf.matches("submitting"));
    seen.push({ see: open && screen.dialog ? screen.dialog : screen.ready });
    if (leaf.matches("submitting")) seen.push({ see: { role: "button", name: screen.busy } });
    if (refusedEmpty(form, events)) seen.push({ see: { text: FILL_ALL_FIELDS } });
    if (types.includes("xstate.error.actor.submit")) seen.push({ see: { text: FORM_FAILURES[form] } });
    if (types.includes("xstate.done.actor.submit")) seen.push({ see: { text: screen.success } });
    return seen;
  };
}

const part = (form: Form): WalkPart => {
  const screen = SCREENS[form];
  return {
    name: screen.name,
    model: walkModel(form),
    gestures: gestures(form),
    before: [hold(screen.call)],
    start: { url: screen.url, account: "admin", arrange: screen.arrange, ready: screen.ready },
    atEnd: atEnd(form),
  };
};

export const adminFormWalk: Walk = {
  machine: "admin-form",
  parts: [part("fundWallet"), part("updateMultiplier"), part("withdraw"), part("createAdmin")],
};
