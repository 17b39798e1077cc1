/**
 * An admin form (docs/product.md §2, §4, §5, §8): Withdraw Funds, Fund User Wallet, Update User Multiplier and
 * Create New Admin are each this machine with their own fields, submit actor and failure words.
 * States: editing ⇄ submitting; a dialog ends in `succeeded` (its output tells the page to reload what
 * docs/product.md §4 lists) or `cancelled`; the page form (Create New Admin) returns to editing, cleared.
 * A dialog is invoked by its page machine while it is open, so opening one starts with blank fields and no key.
 * Invariants: required fields empty → `Please fill in all fields.` and no call; busy while submitting
 * (`Processing...`); a failure toasts the form's own words under the title Error and keeps the inputs; the
 * Idempotency-Key stays with the same request while its outcome is unknown (shared/attempt-key.ts) and is
 * dropped once the fields change or the server answered definitively.
 * A form with `lengths` refuses a value outside them with its own words and no call (a reason of 3 to 500
 * characters, docs/fair-play.md). A dialog with `conflict` words ends in `outdated` on a 409 answer (another
 * admin decided first): it toasts those words and its output tells the page to reload.
 */
import { assertEvent, assign, emit, enqueueActions, fromPromise, not, setup } from "xstate";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { attemptAfterFailure } from "#src/machines/shared/attempt-key.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import { type AdminFormInput, type FormValues, type SubmitInput, submitInputOf } from "./admin.forms.ts";
import { FILL_ALL_FIELDS, REASON_LENGTH } from "./admin.messages.ts";
import type { AdminToast, FormSuccess } from "./admin.types.ts";

export type { AdminFormInput, SubmitInput } from "./admin.forms.ts";

export type AdminFormEvent =
  /** `name` is the input's (the DOM's string): a name that is not one of the form's fields changes nothing. */
  { type: "CHANGE"; name: string; value: string } | { type: "SUBMIT" } | { type: "CLOSE" };

export const adminFormMachine = setup({
  types: {
    context: {} as Required<Omit<AdminFormInput, "fields">> & {
      fields: FormValues;
      blank: FormValues;
      /** The Idempotency-Key of the request in doubt or under way. */
      key: string | null;
    },
    input: {} as AdminFormInput,
    events: {} as AdminFormEvent,
    emitted: {} as AdminToast,
    output: {} as { succeeded: boolean; outdated?: true },
  },
  actors: {
    submit: fromPromise<FormSuccess, SubmitInput>(notProvided("admin form", "submit")),
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, "CHANGE");
      if (!(event.name in context.blank)) return {};
      return { fields: { ...context.fields, [event.name]: event.value }, key: null };
    }),
    fillAllFields: emit({ type: "toast", tone: "error", title: "Error", description: FILL_ALL_FIELDS }),
    outOfLimits: emit({ type: "toast", tone: "error", title: "Error", description: REASON_LENGTH }),
    toastConflict: emit(({ context }) => ({
      type: "toast" as const,
      tone: "error" as const,
      title: "Already decided",
      description: context.conflict ?? "",
    })),
    succeed: enqueueActions(({ context, enqueue }, success: FormSuccess) => {
      enqueue.emit({
        type: "toast",
        tone: "success",
        title: success.title,
        description: success.description,
      });
      enqueue.assign({ fields: context.blank, key: null });
    }),
    fail: enqueueActions(({ context, enqueue }, failure: { error: unknown }) => {
      enqueue.assign({ key: attemptAfterFailure(context.key, failure.error) });
      enqueue.emit({ type: "toast", tone: "error", title: "Error", description: context.failure });
    }),
  },
  guards: {
    complete: ({ context }) => context.required.every((name) => (context.fields[name] ?? "").trim() !== ""),
    withinLimits: ({ context }) =>
      Object.entries(context.lengths).every(([name, limits]) => {
        const length = (context.fields[name as keyof FormValues] ?? "").trim().length;
        return !limits || (length >= limits.min && length <= limits.max);
      }),
    decidedElsewhere: ({ context }, failure: { error: unknown }) =>
      context.conflict !== null && apiErrorOf(failure.error).status === 409,
    isDialog: ({ context }) => context.dialog,
  },
}).createMachine({
  id: "adminForm",
  context: ({ input }) => ({
    form: input.form,
    fields: input.fields,
    blank: input.fields,
    target: input.target ?? null,
    required: input.required,
    failure: input.failure,
    dialog: input.dialog,
    key: null,
    newId: input.newId,
    lengths: input.lengths ?? {},
    conflict: input.conflict ?? null,
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        CLOSE: { guard: "isDialog", target: "cancelled" },
        CHANGE: { actions: "change" },
        SUBMIT: [
          { guard: not("complete"), actions: "fillAllFields" },
          { guard: not("withinLimits"), actions: "outOfLimits" },
          { target: "submitting" },
        ],
      },
    },
    submitting: {
      tags: ["busy"],
      entry: assign({ key: ({ context }) => context.key ?? context.newId() }),
      invoke: {
        id: "submit",
        src: "submit",
        input: ({ context }) =>
          submitInputOf(context.form, context.fields, context.target, context.key ?? ""),
        onDone: [
          {
            guard: "isDialog",
            target: "succeeded",
            actions: { type: "succeed", params: ({ event }) => event.output },
          },
          { target: "editing", actions: { type: "succeed", params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: "decidedElsewhere", params: ({ event }) => ({ error: event.error }) },
            target: "outdated",
            actions: "toastConflict",
          },
          { target: "editing", actions: { type: "fail", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    succeeded: { type: "final", output: { succeeded: true } },
    cancelled: { type: "final", output: { succeeded: false } },
    outdated: { type: "final", output: { succeeded: false, outdated: true } },
  },
  output: ({ event }) => event.output as { succeeded: boolean; outdated?: true },
});
