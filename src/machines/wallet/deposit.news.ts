/**
 * What the Deposit tab tells the user about deposits (docs/decisions/011): from a listing of the latest
 * transfers, or from a pushed `deposit` event (docs/decisions/018). Pure functions of the context, so the
 * rules stay in one place whichever way the news came.
 * - The first listing never toasts (money credited before the page opened is not news).
 * - A deposit credited toasts `Deposit successful!` once per transaction id, however it is learned.
 * - A deposit seen pending that the chain refused toasts `Failed to process deposit`.
 */
import type { ChainTransaction } from "#src/api/wallet.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { DepositUpdated } from "#src/machines/live/live.types.ts";
import { type Toast, toast } from "#src/machines/shared/toast.ts";

export interface RefreshResult {
  /** undefined when the balance call failed; null when the server does not know it. */
  balance: number | null | undefined;
  /** undefined when the transactions call failed. */
  transactions: ChainTransaction[] | undefined;
  /** The explorer's transaction URL prefix (token info); null when it could not be read. */
  explorer: string | null;
}

export interface DepositContext {
  /** The root actor, told when the wallet moved (the taps actor reads the balance the header shows). */
  app: AppLink;
  userId: string;
  address: string | null;
  balance: number | null;
  explorer: string | null;
  transactions: ChainTransaction[];
  /** Status of each receive seen so far; null until the first successful load. */
  seen: Record<string, ChainTransaction["status"]> | null;
  /** Parts whose failure was already told and has not been fixed since (the poll stays quiet on them). */
  failing: { balance: boolean; transactions: boolean };
  /** The user's live stream is up: it announces deposits, so the tab does not poll. */
  streamUp: boolean;
}

export interface DepositNews {
  toasts: Toast[];
  /** A deposit was credited: the wallet moved. */
  credited: boolean;
  patch: Partial<DepositContext>;
}

const REFRESH_AGAIN = "Press Refresh to try again.";
const credit = (amount: number) =>
  toast("success", "Deposit successful!", `${amount} USDT is in your wallet.`);

export function listingNews(context: DepositContext, result: RefreshResult): DepositNews {
  const toasts: Toast[] = [];
  const failing = { balance: result.balance === undefined, transactions: result.transactions === undefined };
  if (failing.balance && !context.failing.balance)
    toasts.push(toast("error", "Failed to fetch wallet balance", REFRESH_AGAIN));
  if (failing.transactions && !context.failing.transactions)
    toasts.push(toast("error", "Failed to fetch transactions", REFRESH_AGAIN));
  const balance = result.balance ?? null;
  const explorer = result.explorer ?? context.explorer;
  if (result.transactions === undefined)
    return { toasts, credited: false, patch: { balance, explorer, failing } };
  const seen = { ...(context.seen ?? {}) };
  let credited = false;
  for (const tx of result.transactions) {
    if (tx.type !== "receive") continue;
    const before = context.seen === null ? tx.status : seen[tx.txId];
    if (tx.status === "confirmed" && before !== "confirmed") {
      credited = true;
      toasts.push(credit(tx.value));
    }
    if (tx.status === "failed" && before === "pending") {
      const why = "The network refused this transfer, so nothing was credited. Check it with the sender.";
      toasts.push(toast("error", "Failed to process deposit", why));
    }
    seen[tx.txId] = tx.status;
  }
  return { toasts, credited, patch: { balance, explorer, transactions: result.transactions, seen, failing } };
}

/**
 * A pushed deposit is news as it happens, even before the first listing (which will then not toast it
 * again, being the first). Once the listing knows the transfer, it remembers what the push said.
 */
export function pushNews(context: DepositContext, event: DepositUpdated): DepositNews {
  const status: ChainTransaction["status"] = event.status === "credited" ? "confirmed" : "pending";
  const before = context.seen?.[event.txId];
  if (before === "confirmed" || (status === "pending" && before !== undefined))
    return { toasts: [], credited: false, patch: {} };
  const seen = context.seen === null ? null : { ...context.seen, [event.txId]: status };
  return status === "confirmed"
    ? { toasts: [credit(event.amount)], credited: true, patch: { seen } }
    : { toasts: [], credited: false, patch: { seen } };
}
