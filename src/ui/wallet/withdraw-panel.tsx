import { Button, StatusButton } from "../kit/button.tsx";
import { Card } from "../kit/card.tsx";
import { TextField } from "../kit/field.tsx";
import { formatWallet } from "../kit/format.ts";

export interface WithdrawPanelProps {
  to: string;
  amount: string;
  /** Wallet balance in USDT. */
  balance: number;
  minimum: number;
  /** Why Withdraw is disabled; shown once the user has typed something. */
  problem: string | null;
  busy: boolean;
  onToChange: (value: string) => void;
  onAmountChange: (value: string) => void;
  onMax: () => void;
  onSubmit: () => void;
}

/** The Withdraw USDT tab (spec §2): a TRC20 address, an amount with Max, and Withdraw. */
export function WithdrawPanel(props: WithdrawPanelProps) {
  const touched = props.to !== "" || props.amount !== "";
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
        <TextField
          label="TRC20 address"
          placeholder="T…"
          autoComplete="off"
          spellCheck={false}
          value={props.to}
          onChange={(event) => props.onToChange(event.target.value)}
          disabled={props.busy}
        />
        <div className="flex items-end gap-2">
          <TextField
            className="flex-1"
            label="Amount (USDT)"
            inputMode="decimal"
            placeholder="0.00"
            value={props.amount}
            onChange={(event) => props.onAmountChange(event.target.value)}
            disabled={props.busy}
            hint={`Available: ${formatWallet(props.balance)} USDT`}
          />
          <Button variant="secondary" className="mb-6" onClick={props.onMax} disabled={props.busy}>
            Max
          </Button>
        </div>
        <p className="text-sm text-slate-400">Minimum withdrawal: {props.minimum} USDT</p>
        {touched && props.problem && (
          <p role="status" className="text-sm text-amber-300">
            {props.problem}
          </p>
        )}
        <StatusButton
          type="submit"
          status={props.busy ? "pending" : "idle"}
          busyLabel="Processing..."
          disabled={props.problem !== null}
        >
          Withdraw
        </StatusButton>
      </form>
    </Card>
  );
}
