/**
 * The four admin forms (docs/product.md §2, §5): their fields, which are required, and their failure words.
 * The field names are types: a form's values, what its submit actor receives and what its screen renders are
 * all checked against the fields declared here, so a misspelt field does not compile.
 */

import { FORM_FAILURES } from "./admin.messages.ts";
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
} as const satisfies Record<
  string,
  { fields: Record<string, string>; required: readonly string[]; failure: string; dialog: boolean }
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
): AdminFormInput => ({ ...ADMIN_FORMS[form], form, fields: { ...ADMIN_FORMS[form].fields }, target, newId });

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
  }
}
