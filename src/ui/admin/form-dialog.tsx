import { Button, StatusButton } from "../kit/button.tsx";
import { TextField } from "../kit/field.tsx";
import { Modal } from "../kit/modal.tsx";

/**
 * An input of an admin form. `TField` is the form's own field names: an editable input must be one of them
 * (a misspelt name does not compile); a read-only one (the user a dialog acts on) shows context only.
 */
export type FormField<TField extends string = string> = {
  label: string;
  value: string;
  type?: "text" | "email" | "password" | "number";
  step?: string;
  inputMode?: "decimal" | "text";
} & ({ name: TField; readOnly?: false } | { name: string; readOnly: true });

export interface FormDialogProps<TField extends string = string> {
  open: boolean;
  title: string;
  description: string;
  fields: FormField<TField>[];
  submitLabel: string;
  busy: boolean;
  onChange: (name: TField, value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}

/** What a page gives an admin form: its state from the form's machine, the gestures back to it. */
export interface FormBinding<TField extends string = string> {
  open: boolean;
  busy: boolean;
  values: Readonly<Partial<Record<TField, string>>>;
  onChange: (name: TField, value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}

/** An admin dialog (docs/product.md §2): labelled inputs, Cancel, and a submit that says Processing... while busy. */
export function FormDialog<TField extends string>(props: FormDialogProps<TField>) {
  return (
    <Modal open={props.open} onClose={props.onCancel} title={props.title} description={props.description}>
      <AdminFormFields {...props} />
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <StatusButton
          form={formId(props.title)}
          type="submit"
          status={props.busy ? "pending" : "idle"}
          busyLabel="Processing..."
        >
          {props.submitLabel}
        </StatusButton>
      </div>
    </Modal>
  );
}

const formId = (title: string) => `form-${title.toLowerCase().replace(/\W+/g, "-")}`;

/** The inputs of an admin form; submitting (Enter or the button) asks the machine, which checks the fields. */
export function AdminFormFields<TField extends string>(
  props: Pick<FormDialogProps<TField>, "title" | "fields" | "busy" | "onChange" | "onSubmit">,
) {
  return (
    <form
      id={formId(props.title)}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          name={field.name}
          type={field.type ?? "text"}
          step={field.step}
          inputMode={field.inputMode}
          readOnly={field.readOnly}
          required={!field.readOnly}
          value={field.value}
          disabled={props.busy && !field.readOnly}
          onChange={(event) => {
            if (!field.readOnly) props.onChange(field.name, event.target.value);
          }}
          autoComplete={field.type === "password" ? "new-password" : "off"}
        />
      ))}
    </form>
  );
}
