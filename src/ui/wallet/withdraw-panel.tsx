import { type InputHTMLAttributes, useId } from "react";
import { Button, StatusButton } from "../kit/button.tsx";
import { Card } from "../kit/card.tsx";
import { cx } from "../kit/cx.ts";
import { inputClass } from "../kit/field.tsx";
import { formatWallet } from "../kit/format.ts";

export interface WithdrawPanelProps {
  to: string;
  amount: string;
  /** Wallet balance in USDT. */
  balance: number;
  minimum: number;
  /** What is wrong with each field (null when it is fine); shown beside a field once it has something in it. */
  addressProblem: string | null;
  amountProblem: string | null;
  busy: boolean;
  onToChange: (value: string) => void;
  onAmountChange: (value: string) => void;
  onMax: () => void;
  onSubmit: () => void;
}

/** The Withdraw USDT tab (docs/product.md §2): a TRC20 address, an amount with Max, and Withdraw. */
export function WithdrawPanel(props: WithdrawPanelProps) {
  const blocked = props.addressProblem !== null || props.amountProblem !== null;
  // An empty form is not wrong, only incomplete: say what is missing, quietly, beside the disabled button.
  const missing =
    props.to.trim() === "" ? props.addressProblem : props.amount === "" ? props.amountProblem : null;
  return (
    <Card>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <Field
          label="TRC20 address"
          placeholder="T…"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          value={props.to}
          onChange={(event) => props.onToChange(event.target.value)}
          disabled={props.busy}
          error={props.to.trim() === "" ? null : props.addressProblem}
        />
        <div className="flex items-start gap-2">
          <Field
            wrapperClassName="min-w-0 flex-1"
            label="Amount (USDT)"
            type="number"
            inputMode="decimal"
            placeholder="0.00"
            step="0.0001"
            min={0}
            max={props.balance}
            value={props.amount}
            onChange={(event) => props.onAmountChange(event.target.value)}
            disabled={props.busy}
            hints={[
              `Available: ${formatWallet(props.balance)} USDT`,
              `Minimum withdrawal: ${props.minimum} USDT`,
            ]}
            error={props.amount === "" ? null : props.amountProblem}
          />
          <Button variant="secondary" className="mt-7 h-11" onClick={props.onMax} disabled={props.busy}>
            Max
          </Button>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <StatusButton
            type="submit"
            status={props.busy ? "pending" : "idle"}
            busyLabel="Processing..."
            disabled={blocked}
            className="sm:order-2"
          >
            Withdraw
          </StatusButton>
          {missing && <p className="text-sm text-slate-400">{missing}</p>}
        </div>
      </form>
    </Card>
  );
}

/** A labelled input with hints and, when the value is wrong, an error that the input points to. */
function Field({
  label,
  hints = [],
  error,
  wrapperClassName,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hints?: string[];
  error: string | null;
  wrapperClassName?: string;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : "", ...hints.map((_, index) => `${id}-hint${index}`)]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cx("flex flex-col gap-1.5", wrapperClassName)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-300">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error !== null}
        aria-describedby={described || undefined}
        className={cx(inputClass, error && "border-red-500/60", className)}
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      )}
      {hints.map((hint, index) => (
        <p key={hint} id={`${id}-hint${index}`} className="text-xs text-slate-400">
          {hint}
        </p>
      ))}
    </div>
  );
}
