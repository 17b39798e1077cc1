import { useEffect, useId, useRef } from "react";
import { inputClass } from "../kit/field.tsx";
import { Modal } from "../kit/modal.tsx";
import { ModalForm } from "../kit/modal-form.tsx";

const TEXTS = {
  link: {
    title: "Link Telegram",
    description:
      "Telegram will sign you in to this account from the bot. Confirm with your current password; we mail you about it.",
    action: "Link Telegram",
  },
  unlink: {
    title: "Unlink Telegram",
    description:
      "Telegram will no longer sign in to this account, and devices signed in through it are signed out. Confirm with your current password.",
    action: "Unlink Telegram",
  },
} as const;

/** Asks for the current password before Telegram is linked or unlinked (docs/decisions/033). */
export function TelegramLinkDialog(props: {
  open: boolean;
  change: "link" | "unlink";
  password: string;
  error: string | null;
  busy: boolean;
  onPasswordChange: (value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const texts = TEXTS[props.change];
  const passwordField = useRef<HTMLInputElement>(null);
  // After a refusal the password is typed again: the cursor goes back to the field that says why.
  useEffect(() => {
    if (props.error && !props.busy) passwordField.current?.focus();
  }, [props.error, props.busy]);
  return (
    <Modal open={props.open} onClose={props.onClose} title={texts.title} description={texts.description}>
      <ModalForm
        onSubmit={props.onSubmit}
        busy={props.busy}
        submitLabel={texts.action}
        submitVariant={props.change === "unlink" ? "danger" : "primary"}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-password`} className="text-sm font-medium text-slate-300">
            Current password
          </label>
          <input
            ref={passwordField}
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={props.password}
            // Read-only, not disabled, while sending: a disabled field loses focus, and a refused password is
            // typed again right there.
            readOnly={props.busy}
            aria-invalid={props.error !== null}
            aria-describedby={props.error ? `${id}-error` : undefined}
            onChange={(event) => props.onPasswordChange(event.target.value)}
            className={inputClass}
          />
          {props.error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
              {props.error}
            </p>
          )}
        </div>
      </ModalForm>
    </Modal>
  );
}
