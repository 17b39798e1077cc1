import { inputClass } from "../kit/field.tsx";
import { formatRewards } from "../kit/format.ts";
import { Modal } from "../kit/modal.tsx";
import { ModalForm } from "../kit/modal-form.tsx";

export function WithdrawDialog(props: {
  open: boolean;
  onClose: () => void;
  available: number;
  amount: string;
  canSubmit: boolean;
  busy: boolean;
  onAmountChange: (value: string) => void;
  onMax: () => void;
  onSubmit: () => void;
}) {
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Withdraw Rewards"
      description="Move your rewards to your wallet"
    >
      <ModalForm
        onSubmit={props.onSubmit}
        busy={props.busy}
        submitLabel="Withdraw"
        canSubmit={props.canSubmit}
      >
        <div className="flex items-center justify-between rounded-xl bg-ink-900/70 px-4 py-3">
          <span className="text-sm text-slate-400">Available to withdraw</span>
          <span className="font-semibold tabular-nums">{formatRewards(props.available)}</span>
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between">
            <label htmlFor="withdraw-amount" className="text-sm font-medium text-slate-300">
              Amount
            </label>
            <button
              type="button"
              className="text-sm font-semibold text-brand-300 hover:underline"
              onClick={props.onMax}
            >
              Max
            </button>
          </div>
          <input
            id="withdraw-amount"
            type="number"
            inputMode="decimal"
            placeholder="0.0000"
            step="0.0001"
            min={0}
            max={props.available}
            value={props.amount}
            onChange={(event) => props.onAmountChange(event.target.value)}
            className={inputClass}
          />
        </div>
      </ModalForm>
    </Modal>
  );
}
