import { APPEAL_MAX_LENGTH, APPEAL_MIN_LENGTH } from "#contracts/fair-play-rules.ts";
import { Alert } from "../kit/alert.tsx";
import { cx } from "../kit/cx.ts";
import { inputClass } from "../kit/field.tsx";
import { Modal } from "../kit/modal.tsx";
import { ModalForm } from "../kit/modal-form.tsx";

/**
 * "Ask for a review": one labelled text area and Send. The dialog traps focus and closes on Escape (Modal);
 * what is wrong with the words is said under the field and tied to it (aria-describedby, aria-invalid).
 */
export function AppealDialog(props: {
  open: boolean;
  onClose: () => void;
  draft: string;
  draftError: string | null;
  sendError: string | null;
  busy: boolean;
  onDraftChange: (value: string) => void;
  onSend: () => void;
}) {
  const described = props.draftError ? "appeal-hint appeal-error" : "appeal-hint";
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Ask for a review"
      description="A person reads every request and looks at your account again."
    >
      <ModalForm onSubmit={props.onSend} busy={props.busy} submitLabel="Send">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="appeal-message" className="text-sm font-medium text-slate-300">
            What should we know?
          </label>
          <textarea
            id="appeal-message"
            rows={5}
            value={props.draft}
            maxLength={APPEAL_MAX_LENGTH}
            aria-describedby={described}
            aria-invalid={props.draftError ? true : undefined}
            onChange={(event) => props.onDraftChange(event.target.value)}
            className={cx(inputClass, "h-auto min-h-28 py-2")}
          />
          <p id="appeal-hint" className="text-xs text-slate-400">
            {`${APPEAL_MIN_LENGTH} to ${APPEAL_MAX_LENGTH.toLocaleString("en-US")} characters: how you play, on which devices.`}
          </p>
          {props.draftError && (
            <p id="appeal-error" className="text-sm text-red-300">
              {props.draftError}
            </p>
          )}
        </div>
        {props.sendError && <Alert>{props.sendError}</Alert>}
      </ModalForm>
    </Modal>
  );
}
