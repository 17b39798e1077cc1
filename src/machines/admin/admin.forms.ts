/**
 * The admin forms (docs/product.md §2, §5; the Fair play decisions, docs/fair-play.md): their fields, which are required, and their failure words.
 * The field names are types: a form's values, what its submit actor receives and what its screen renders are
 * all checked against the fields declared here, so a misspelt field does not compile.
 */

import { ALREADY_DECIDED, FORM_FAILURES, REASON_LIMITS } from "./admin.messages.ts";
import type { AdminTarget } from "./admin.types.ts";

export const ADMIN_FORMS = {
  withdraw: {
    fields: { address: "", amount: "" },
    required: ["address", "amount"],
    failure: FORM_FAILURES.withdraw,
    dialog: true,
  },
  fundWallet: {
    fields: { amount: "" },
    required: ["amount"],
    failure: FORM_FAILURES.fundWallet,
    dialog: true,
  },
  updateMultiplier: {
    fields: { multiplier: "" },
    required: ["multiplier"],
    failure: FORM_FAILURES.updateMultiplier,
    dialog: true,
  },
  createAdmin: {
    fields: { name: "", email: "", password: "" },
    required: ["name", "email", "password"],
    failure: FORM_FAILURES.createAdmin,
    dialog: false,
  },
  /** Clear, freeze, unfreeze or ban (docs/fair-play.md): the page presets `action`, the admin gives a reason. */
  riskAction: {
    fields: { action: "", reason: "" },
    required: ["action", "reason"],
    failure: FORM_FAILURES.riskAction,
    dialog: true,
    lengths: { reason: REASON_LIMITS },
  },
  /** A confirmation: nothing to fill in. A 409 means another admin decided first. */
  approveWithdrawal: {
    fields: {},
    required: [],
    failure: FORM_FAILURES.approveWithdrawal,
    dialog: true,
    conflict: ALREADY_DECIDED,
  },
  rejectWithdrawal: {
    fields: { reason: "" },
    required: ["reason"],
    failure: FORM_FAILURES.rejectWithdrawal,
    dialog: true,
    lengths: { reason: REASON_LIMITS },
    conflict: ALREADY_DECIDED,
  },
} as const satisfies Record<
  string,
  {
    fields: Record<string, string>;
    required: readonly string[];
    failure: string;
    dialog: boolean;
    lengths?: Record<string, { min: number; max: number }>;
    conflict?: string;
  }
>;

export type AdminFormName = keyof typeof ADMIN_FORMS;
/** The fields of one form (distributes over a union of forms). */
export type FieldName<F extends AdminFormName = AdminFormName> = F extends AdminFormName
  ? keyof (typeof ADMIN_FORMS)[F]["fields"] & string
  : never;
export type FormFields<F extends AdminFormName> = { [K in FieldName<F>]: string };
/** What a form holds while it is edited: the values of its own fields. */
export type FormValues = Readonly<Partial<Record<FieldName, string>>>;

export interface AdminFormInput {
  form: AdminFormName;
  fields: FormValues;
  required: readonly FieldName[];
  failure: string;
  /** A dialog closes on success; the form on a page (Create New Admin) stays. */
  dialog: boolean;
  /** What the form acts on (the user of a Fund Wallet dialog); shown read-only. */
  target?: AdminTarget | null;
  newId: () => string;
  /** Fields whose length the server limits: a value outside is refused before any call (trimmed). */
  lengths?: Readonly<Partial<Record<FieldName, { min: number; max: number }>>>;
  /** The words of a 409 answer (the thing was decided elsewhere): the dialog closes and the page reloads. */
  conflict?: string | null;
}

/** What a form's submit actor receives: which form, its own fields (each present), target and key. */
export type SubmitInput = {
  [F in AdminFormName]: { form: F; fields: FormFields<F>; target: AdminTarget | null; key: string };
}[AdminFormName];
export type SubmitInputOf<F extends AdminFormName> = Extract<SubmitInput, { form: F }>;

export const isSubmitOf = <F extends AdminFormName>(input: SubmitInput, form: F): input is SubmitInputOf<F> =>
  input.form === form;

export const formInput = (
  form: AdminFormName,
  newId: () => string,
  target: AdminTarget | null = null,
  preset: FormValues = {},
): AdminFormInput => ({
  ...ADMIN_FORMS[form],
  form,
  fields: { ...ADMIN_FORMS[form].fields, ...preset },
  target,
  newId,
});

/** The submit input of a form from what was typed: every field of the form, an untouched one empty. */
export function submitInputOf(
  form: AdminFormName,
  values: FormValues,
  target: AdminTarget | null,
  key: string,
): SubmitInput {
  const value = (name: FieldName) => values[name] ?? "";
  switch (form) {
    case "withdraw":
      return { form, fields: { address: value("address"), amount: value("amount") }, target, key };
    case "fundWallet":
      return { form, fields: { amount: value("amount") }, target, key };
    case "updateMultiplier":
      return { form, fields: { multiplier: value("multiplier") }, target, key };
    case "createAdmin":
      return {
        form,
        fields: { name: value("name"), email: value("email"), password: value("password") },
        target,
        key,
      };
    case "riskAction":
      return { form, fields: { action: value("action"), reason: value("reason") }, target, key };
    case "approveWithdrawal":
      return { form, fields: {}, target, key };
    case "rejectWithdrawal":
      return { form, fields: { reason: value("reason") }, target, key };
  }
}
