import { Button, StatusButton } from "../kit/button.tsx";
import { Card } from "../kit/card.tsx";
import { cx } from "../kit/cx.ts";
import { formatWallet } from "../kit/format.ts";
import { Spinner } from "../kit/spinner.tsx";

export interface ChainRow {
  type: "receive" | "send";
  value: number;
  timestamp: string;
  txId: string;
  status: "pending" | "confirmed" | "failed";
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export interface DepositPanelProps {
  status: "loading" | "loadFailed" | "noAddress" | "generating" | "ready";
  address: string | null;
  /** USDT at the deposit address; null when unknown. */
  balance: number | null;
  transactions: ChainRow[];
  refreshing: boolean;
  /** Explorer URL prefix; the transaction id is appended. */
  explorer: string | null;
  onGenerate: () => void;
  onCopy: () => void;
  onRefresh: () => void;
  onRetry: () => void;
}

/**
 * The Deposit USDT tab (docs/product.md §2): the Generate Wallet prompt, or the address with its recent
 * transfers.
 */
export function DepositPanel(props: DepositPanelProps) {
  if (props.status === "loading") {
    return (
      <Card className="flex justify-center py-10 text-brand-400">
        <Spinner label="Loading wallet" />
      </Card>
    );
  }
  if (props.status === "loadFailed") {
    return (
      <Card className="flex flex-col items-start gap-3 text-sm text-slate-300">
        Could not load your wallet. Check your connection and try again.
        <Button variant="secondary" size="sm" onClick={props.onRetry}>
          Try again
        </Button>
      </Card>
    );
  }
  // Generating again with an address known keeps showing it: the server answers the same address.
  if (props.address === null) {
    return (
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Generate Wallet</h2>
        <p className="text-sm text-slate-300">
          Get your own USDT deposit address on the TRON network (TRC20). Generating your wallet costs a
          one-time fee of 1 tron.
        </p>
        <StatusButton
          status={props.status === "generating" ? "pending" : "idle"}
          busyLabel="Generating..."
          onClick={props.onGenerate}
          className="self-start"
        >
          Generate USDT Wallet
        </StatusButton>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h2 className="text-sm font-medium text-slate-400">Your USDT (TRC20) deposit address</h2>
        <div className="flex items-center gap-2">
          <code
            data-testid="deposit-address"
            className="min-w-0 flex-1 break-all rounded-lg bg-ink-900 px-3 py-2 font-mono text-sm text-slate-100"
          >
            {props.address}
          </code>
          <Button variant="secondary" size="sm" onClick={props.onCopy} aria-label="Copy address">
            Copy
          </Button>
        </div>
        <p className="text-xs text-slate-400">Send only USDT on the TRON network to this address.</p>
      </div>
      <div className="flex items-center justify-between gap-3">
        <div className="flex flex-col">
          <span className="text-sm text-slate-400">USDT balance</span>
          <span className="text-xl font-bold tabular-nums" data-testid="deposit-balance">
            {props.balance === null ? "N/A" : `${formatWallet(props.balance)} USDT`}
          </span>
        </div>
        <StatusButton
          variant="outline"
          size="sm"
          status={props.refreshing ? "pending" : "idle"}
          busyLabel="Refreshing..."
          onClick={props.onRefresh}
        >
          Refresh
        </StatusButton>
      </div>
      <RecentTransactions {...props} />
      <StatusButton
        variant="ghost"
        size="sm"
        status={props.status === "generating" ? "pending" : "idle"}
        busyLabel="Generating..."
        onClick={props.onGenerate}
        className="self-start"
      >
        Generate USDT Wallet
      </StatusButton>
    </Card>
  );
}

function RecentTransactions({ transactions, explorer, refreshing, onRefresh }: DepositPanelProps) {
  return (
    <section aria-labelledby="recent-transactions" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 id="recent-transactions" className="font-semibold">
          Recent Transactions
        </h3>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label="Refresh transactions"
        >
          Refresh
        </Button>
      </div>
      {transactions.length === 0 ? (
        <p className="py-2 text-sm text-slate-400">No transactions found</p>
      ) : (
        <ul className="divide-y divide-white/5">
          {transactions.map((tx) => (
            <li key={`${tx.txId}-${tx.type}`} className="flex items-center justify-between gap-3 py-2.5">
              <div className="flex min-w-0 flex-col">
                <span
                  className={cx(
                    "text-sm font-semibold tabular-nums",
                    tx.type === "receive" ? "text-emerald-400" : "text-red-400",
                  )}
                >
                  {tx.type === "receive" ? "Received" : "Sent"} {formatWallet(tx.value)} USDT
                </span>
                <span className="text-xs text-slate-400">
                  {dateTime.format(new Date(tx.timestamp))}
                  {tx.status !== "confirmed" && ` · ${tx.status}`}
                </span>
              </div>
              {explorer && (
                <a
                  href={`${explorer}${tx.txId}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="shrink-0 text-sm font-semibold text-brand-300 underline-offset-4 hover:underline"
                  aria-label={`View transaction ${tx.txId.slice(0, 6)}…${tx.txId.slice(-4)} (${
                    tx.type === "receive" ? "received" : "sent"
                  } ${formatWallet(tx.value)} USDT) on the explorer`}
                >
                  View
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
