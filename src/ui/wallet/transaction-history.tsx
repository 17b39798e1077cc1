import { Button } from "../kit/button.tsx";
import { Card } from "../kit/card.tsx";
import { cx } from "../kit/cx.ts";
import { formatWallet } from "../kit/format.ts";
import { Spinner } from "../kit/spinner.tsx";

export interface TransactionRow {
  id: string;
  type: "deposit" | "withdraw" | "purchase";
  amount: number;
  description: string;
  timestamp: string;
  status: "pending" | "completed" | "failed";
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Every movement of the wallet, newest first; deposits in green, money out in red. */
export function TransactionHistory(props: {
  status: "loading" | "failed" | "ready";
  rows: TransactionRow[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onRetry: () => void;
}) {
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Transaction History</h2>
      {props.status === "loading" && (
        <div className="flex justify-center py-6 text-brand-400">
          <Spinner label="Loading transactions" />
        </div>
      )}
      {props.status === "failed" && (
        <div className="flex items-center justify-between gap-3 text-sm text-slate-400">
          Could not load your transactions.
          <Button size="sm" variant="secondary" onClick={props.onRetry}>
            Try again
          </Button>
        </div>
      )}
      {props.status === "ready" && props.rows.length === 0 && (
        <p className="py-4 text-sm text-slate-400">No transactions yet</p>
      )}
      {props.status === "ready" && props.rows.length > 0 && (
        <ul className="divide-y divide-white/5">
          {props.rows.map((row) => (
            <li key={row.id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="text-sm break-words text-slate-100">{row.description}</span>
                <span className="text-xs text-slate-400">
                  {dateTime.format(new Date(row.timestamp))}
                  {row.status !== "completed" && ` · ${row.status}`}
                </span>
              </div>
              <span
                className={cx(
                  "shrink-0 font-semibold tabular-nums",
                  row.type === "deposit" ? "text-emerald-400" : "text-red-400",
                )}
              >
                {row.type === "deposit" ? "+" : "−"}${formatWallet(row.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {props.hasMore && (
        <Button variant="ghost" size="sm" onClick={props.onMore} disabled={props.loadingMore}>
          {props.loadingMore ? "Loading..." : "Show more"}
        </Button>
      )}
    </Card>
  );
}
