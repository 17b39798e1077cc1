import { Dialog } from "@ark-ui/react/dialog";
import { Alert } from "../kit/alert.tsx";
import { Button, buttonClass } from "../kit/button.tsx";
import { cx } from "../kit/cx.ts";
import { formatMultiplier, formatWallet } from "../kit/format.ts";
import { Modal } from "../kit/modal.tsx";
import { Spinner } from "../kit/spinner.tsx";

export interface MultiplierCard {
  value: number;
  price: number;
  state: "current" | "owned" | "insufficient" | "purchase";
}

const BUTTON_LABEL: Record<MultiplierCard["state"], string> = {
  current: "Current",
  owned: "Owned",
  insufficient: "Not enough funds",
  purchase: "Purchase",
};

export function MultipliersDialog(props: {
  open: boolean;
  onClose: () => void;
  status: "loading" | "failed" | "ready";
  busyValue: number | null;
  walletBalance: number;
  cards: MultiplierCard[];
  onPurchase: (value: number) => void;
  onRetry: () => void;
}) {
  const { status, busyValue, cards } = props;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Multipliers"
      description="Boost your rewards with multipliers"
    >
      <div className="mb-4 flex items-center justify-between rounded-xl bg-ink-900/70 px-4 py-3">
        <span className="text-sm text-slate-400">Wallet Balance</span>
        <span className="font-semibold tabular-nums">${formatWallet(props.walletBalance)}</span>
      </div>
      {status === "loading" && (
        <div className="flex justify-center py-8 text-brand-400">
          <Spinner label="Loading multipliers" />
        </div>
      )}
      {status === "failed" && (
        <div className="flex flex-col gap-3">
          <Alert>Could not load the multipliers. Check your connection and try again.</Alert>
          <Button variant="secondary" onClick={props.onRetry}>
            Try again
          </Button>
        </div>
      )}
      {status === "ready" && (
        <ul className="grid grid-cols-2 gap-3">
          {cards.map((card) => (
            <li
              key={card.value}
              aria-current={card.state === "current" ? "true" : undefined}
              className={cx(
                "flex flex-col gap-2 rounded-xl border p-4",
                card.state === "current"
                  ? "border-brand-400 bg-brand-500/10"
                  : "border-white/10 bg-ink-900/60",
              )}
            >
              <span className="text-2xl font-bold tabular-nums text-slate-50">
                {formatMultiplier(card.value)}
              </span>
              <span className="text-sm text-slate-400">Cost: ${formatWallet(card.price)}</span>
              <Button
                size="sm"
                variant={card.state === "purchase" ? "primary" : "secondary"}
                disabled={card.state !== "purchase" || busyValue !== null}
                aria-busy={busyValue === card.value}
                onClick={() => props.onPurchase(card.value)}
              >
                {busyValue === card.value ? "Processing..." : BUTTON_LABEL[card.state]}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex justify-end">
        <Dialog.CloseTrigger className={buttonClass("outline")}>Close</Dialog.CloseTrigger>
      </div>
    </Modal>
  );
}
