/**
 * An admin form or dialog (spec §2, §4, §5, §8): Withdraw Funds, Fund User Wallet, Update User Multiplier and
 * Create New Admin are each this machine with their own fields, submit actor and words. Page-lifetime.
 * States: closed ⇄ open.editing → open.submitting → closed (dialogs) or open.editing (the settings form).
 * Required fields empty → `Please fill in all fields.`; busy while submitting (`Processing...`); success
 * clears the inputs, toasts, and emits `done` so the page reloads what spec §4 lists; failure toasts
 * spec §8's destructive Error with the form's message and keeps the inputs.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";

export type FormFields = Record<string, string>;
export interface FormSuccess {
  title: string;
  description: string;
}

export const FILL_ALL_FIELDS = "Please fill in all fields.";

export const adminFormMachine = setup({
  types: {
    context: {} as {
      fields: FormFields;
      blank: FormFields;
      /** What the form acts on (the user of a Fund Wallet dialog); shown read-only. */
      target: Record<string, string> | null;
      required: string[];
      failure: string;
      /** A form on the page (Create New Admin) stays open; a dialog closes on success. */
      dialog: boolean;
      /** An Idempotency-Key kept while the same request may be retried after an unknown outcome. */
      key: string | null;
      newId: () => string;
    },
    input: {} as {
      fields: FormFields;
      required: string[];
      failure: string;
      dialog: boolean;
      newId: () => string;
    },
    events: {} as
      | { type: "OPEN"; target?: Record<string, string>; fields?: FormFields }
      | { type: "CLOSE" }
      | { type: "CHANGE"; name: string; value: string }
      | { type: "SUBMIT" },
    emitted: {} as
      | { type: "toast"; tone: "success" | "error"; title: string; description?: string }
      | { type: "done"; target: Record<string, string> | null },
  },
  actors: {
    submit: fromPromise<
      FormSuccess,
      { fields: FormFields; target: Record<string, string> | null; key: string }
    >(() => {
      throw new Error('admin form machine: actor "submit" was not provided');
    }),
  },
  actions: {
    succeed: enqueueActions(({ context, enqueue }, output: FormSuccess) => {
      enqueue.emit({ type: "toast", tone: "success", title: output.title, description: output.description });
      enqueue.emit({ type: "done", target: context.target });
      enqueue.assign({ fields: context.blank, key: null });
    }),
  },
  guards: {
    complete: ({ context }) => context.required.every((name) => (context.fields[name] ?? "").trim() !== ""),
    isDialog: ({ context }) => context.dialog,
  },
}).createMachine({
  id: "adminForm",
  context: ({ input }) => ({
    fields: input.fields,
    blank: input.fields,
    target: null,
    required: input.required,
    failure: input.failure,
    dialog: input.dialog,
    key: null,
    newId: input.newId,
  }),
  initial: "choose",
  states: {
    choose: { always: [{ guard: "isDialog", target: "closed" }, { target: "open" }] },
    closed: {
      on: {
        OPEN: {
          target: "open",
          actions: assign(({ context, event }) => ({
            target: event.target ?? null,
            fields: { ...context.blank, ...(event.fields ?? {}) },
            key: null,
          })),
        },
      },
    },
    open: {
      initial: "editing",
      states: {
        editing: {
          on: {
            CLOSE: { guard: "isDialog", target: "#adminForm.closed" },
            CHANGE: {
              actions: assign({
                fields: ({ context, event }) => ({ ...context.fields, [event.name]: event.value }),
                key: null,
              }),
            },
            SUBMIT: [
              { guard: "complete", target: "submitting" },
              {
                actions: emit({
                  type: "toast",
                  tone: "error",
                  title: "Error",
                  description: FILL_ALL_FIELDS,
                }),
              },
            ],
          },
        },
        submitting: {
          tags: ["busy"],
          entry: assign({ key: ({ context }) => context.key ?? context.newId() }),
          invoke: {
            id: "submit",
            src: "submit",
            input: ({ context }) => ({
              fields: context.fields,
              target: context.target,
              key: context.key ?? "",
            }),
            onDone: [
              {
                guard: "isDialog",
                target: "#adminForm.closed",
                actions: { type: "succeed", params: ({ event }) => event.output },
              },
              { target: "editing", actions: { type: "succeed", params: ({ event }) => event.output } },
            ],
            onError: {
              target: "editing",
              actions: enqueueActions(({ context, enqueue, event }) => {
                const status = (event.error as { status?: number } | null)?.status ?? 0;
                // No answer or a server failure: the same key again, so a retry cannot act twice.
                if (status !== 0 && status < 500) enqueue.assign({ key: null });
                enqueue.emit({
                  type: "toast",
                  tone: "error",
                  title: "Error",
                  description: context.failure,
                });
              }),
            },
          },
        },
      },
    },
  },
});
