/** Every admin dialog and form is an instance of this machine (tests/model/admin.paths.test.ts). */
import { formInput } from "#src/machines/admin/admin.forms.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";

export const USER = { id: "u1", label: "p@example.com", multiplier: 0.001 };
export const FUNDED = {
  title: "Wallet Funded",
  description: "Successfully funded the user's wallet with 5 USDT",
};

/** A dialog: it ends, succeeded or cancelled. */
export const fundWalletDialog: ModelOptions<unknown> = {
  input: formInput("fundWallet", () => "key", USER),
  fakeActors: ["submit"],
  events: [
    { type: "CLOSE" },
    { type: "CHANGE", name: "amount", value: "5" },
    { type: "CHANGE", name: "amount", value: "" },
    { type: "SUBMIT" },
    { type: "xstate.done.actor.submit", output: FUNDED },
    { type: "xstate.error.actor.submit", error: { code: "SERVER_ERROR", message: "x", status: 500 } },
    { type: "xstate.error.actor.submit", error: { code: "NOT_FOUND", message: "x", status: 404 } },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.fields.amount, s.context.key !== null]),
};

/** A form on a page: it never ends, it empties after a success. */
export const createAdminForm: ModelOptions<unknown> = {
  input: formInput("createAdmin", () => "key"),
  fakeActors: ["submit"],
  events: [
    { type: "CLOSE" },
    { type: "CHANGE", name: "name", value: "A" },
    { type: "CHANGE", name: "email", value: "a@b.c" },
    { type: "CHANGE", name: "password", value: "pw" },
    { type: "SUBMIT" },
    { type: "xstate.done.actor.submit", output: { title: "Admin Created", description: "x" } },
    { type: "xstate.error.actor.submit", error: { code: "EMAIL_TAKEN", message: "x", status: 409 } },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.fields]),
};

export const REJECTED = {
  title: "Withdrawal Rejected",
  description: "12.5 USDT went back to the player's wallet.",
};
export const HELD_WITHDRAWAL = { id: "w1", label: "12.5 USDT" };

/**
 * A decision on a held withdrawal (Fair play): a reason of 3 to 500 characters, and a 409 (another admin
 * decided first) ends the dialog `outdated`.
 */
export const rejectDialog: ModelOptions<unknown> = {
  input: formInput("rejectWithdrawal", () => "key", HELD_WITHDRAWAL),
  fakeActors: ["submit"],
  events: [
    { type: "CLOSE" },
    { type: "CHANGE", name: "reason", value: "no" },
    { type: "CHANGE", name: "reason", value: "farm account" },
    { type: "SUBMIT" },
    { type: "xstate.done.actor.submit", output: REJECTED },
    { type: "xstate.error.actor.submit", error: { code: "WITHDRAWAL_DECIDED", message: "x", status: 409 } },
    { type: "xstate.error.actor.submit", error: { code: "SERVER_ERROR", message: "x", status: 500 } },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.fields.reason, s.context.key !== null]),
};

export const adminFormModel = registerModel({
  name: "admin-form",
  file: "src/machines/admin/admin-form.machine.ts",
  machine: adminFormMachine,
  suites: [
    {
      name: "admin dialog (Fund User Wallet)",
      options: fundWalletDialog,
      paths: "transitions",
      unreachable: ["adminForm.outdated"],
    },
    {
      name: "admin form (Create New Admin)",
      options: createAdminForm,
      paths: "transitions",
      unreachable: ["adminForm.succeeded", "adminForm.cancelled", "adminForm.outdated"],
    },
    { name: "admin decision (Reject withdrawal)", options: rejectDialog, paths: "transitions" },
  ],
});
