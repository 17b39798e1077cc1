/** The four admin forms (docs/product.md §2, §5): their fields, which are required, and their failure words. */

import { FORM_FAILURES } from "./admin.messages.ts";
import type { AdminTarget } from "./admin.types.ts";
import type { AdminFormInput } from "./admin-form.machine.ts";

type FormDefinition = Omit<AdminFormInput, "newId" | "target">;

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
} as const satisfies Record<string, FormDefinition>;

export const formInput = (
  form: keyof typeof ADMIN_FORMS,
  newId: () => string,
  target: AdminTarget | null = null,
): AdminFormInput => ({ ...ADMIN_FORMS[form], fields: { ...ADMIN_FORMS[form].fields }, target, newId });
