import { Button, StatusButton } from "../kit/button.tsx";
import { TextField } from "../kit/field.tsx";
import { Modal } from "../kit/modal.tsx";

export interface FormField {
  name: string;
  label: string;
  value: string;
  type?: "text" | "email" | "password" | "number";
  step?: string;
  readOnly?: boolean;
  inputMode?: "decimal" | "text";
}

export interface FormDialogProps {
  open: boolean;
  title: string;
  description: string;
  fields: FormField[];
  submitLabel: string;
  busy: boolean;
  onChange: (name: string, value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}

/** What a page gives an admin form: its state from the form's machine, the gestures back to it. */
export interface FormBinding {
  open: boolean;
  busy: boolean;
  values: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}

/** An admin dialog (docs/product.md §2): labelled inputs, Cancel, and a submit that says Processing... while busy. */
export function FormDialog(props: FormDialogProps) {
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
export function AdminFormFields(
  props: Pick<FormDialogProps, "title" | "fields" | "busy" | "onChange" | "onSubmit">,
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
          onChange={(event) => props.onChange(field.name, event.target.value)}
          autoComplete={field.type === "password" ? "new-password" : "off"}
        />
      ))}
    </form>
  );
}
