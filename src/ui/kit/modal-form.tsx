import { Dialog } from "@ark-ui/react/dialog";
import type { ReactNode } from "react";
import { type ButtonVariant, buttonClass, StatusButton } from "./button.tsx";

/**
 * The form inside a Modal: its fields, then Cancel (closes through the dialog, so the machine hears CLOSE) and a
 * submit button that shows `Processing...` while the machine is busy. Enter in a field submits.
 */
export function ModalForm({
  onSubmit,
  busy,
  submitLabel,
  submitVariant = "primary",
  canSubmit = true,
  children,
}: {
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  canSubmit?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="flex justify-end gap-3">
        <Dialog.CloseTrigger className={buttonClass("outline")} disabled={busy}>
          Cancel
        </Dialog.CloseTrigger>
        <StatusButton
          type="submit"
          variant={submitVariant}
          status={busy ? "pending" : "idle"}
          busyLabel="Processing..."
          disabled={!canSubmit}
        >
          {submitLabel}
        </StatusButton>
      </div>
    </form>
  );
}
