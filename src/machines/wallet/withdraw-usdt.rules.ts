/**
 * The Withdraw USDT tab's rules (docs/product.md §5, §8; docs/decisions/011): what keeps the form from being
 * sent, and what the user is told when a withdrawal settles, whether a poll or the live stream said so.
 */
import { MIN_USDT_WITHDRAWAL } from "#contracts/limits.ts";
import { roundToMicro } from "#contracts/micro.ts";
import { isTronAddress, shortTronAddress } from "#contracts/tron-address.ts";
import { type ApiError, outcomeUnknown } from "#src/api/errors.ts";
import type { TokenTransferAnswer } from "#src/api/wallet.ts";
import type { Toast } from "#src/machines/shared/toast.ts";

export const INSUFFICIENT = "Insufficient balance for withdrawal";
export const WITHDRAW_FAILED = "Failed to process withdrawal";

/** What is wrong with the address, in words that say what to do; null when it is a TRC20 address. */
export function addressProblem(to: string): string | null {
  const address = to.trim();
  if (address === "") return "Enter the TRC20 address to send to.";
  return isTronAddress(address) ? null : "Enter a valid TRC20 address (starts with T, 34 characters).";
}

/**
 * What is wrong with the amount (docs/product.md §5: a number above 0; our minimum and USDT's 6 decimals).
 */
export function amountProblem(amount: string): string | null {
  const value = Number(amount);
  if (amount.trim() === "" || !Number.isFinite(value) || value <= 0) return "Enter an amount above 0.";
  if (/\.\d{7,}$/.test(amount.trim())) return "USDT has at most 6 decimals.";
  if (roundToMicro(value) < roundToMicro(MIN_USDT_WITHDRAWAL))
    return `The minimum withdrawal is ${MIN_USDT_WITHDRAWAL} USDT.`;
  return null;
}

/** What keeps the Withdraw button disabled, in words; null when the form can be sent. */
export const withdrawProblem = (to: string, amount: string) => addressProblem(to) ?? amountProblem(amount);

/** What a withdrawal's end is: polled (GET /wallet/withdrawals/{id}) or pushed (a `withdrawal` event). */
export interface WithdrawalOutcome {
  id: string;
  amount: number;
  /** `review`: held for an admin (docs/fair-play.md); like `pending`, not an end. */
  status: "review" | "pending" | "confirmed" | "failed";
  /** Why an admin rejected it (then `failed`). */
  reason?: string | null;
}

/** Confirmed or failed: a withdrawal held for review or on its way is still followed. */
export const hasEnded = (w: Pick<WithdrawalOutcome, "status">) =>
  w.status === "confirmed" || w.status === "failed";

export const REVIEW_TITLE = "Withdrawal awaiting review";
export const REVIEW_DESCRIPTION = "An admin reviews it before it is sent; the USDT stays reserved meanwhile.";

export const settledToast = (w: WithdrawalOutcome): Toast =>
  w.status === "confirmed"
    ? {
        type: "toast",
        tone: "success",
        title: "Withdrawal successful!",
        description: `${w.amount} USDT sent.`,
      }
    : {
        type: "toast",
        tone: "error",
        title: WITHDRAW_FAILED,
        // A rejected withdrawal says why, in the admin's words (docs/fair-play.md).
        description: w.reason
          ? `Rejected: ${w.reason} The ${w.amount} USDT is back in your wallet.`
          : `The ${w.amount} USDT did not go out and is back in your wallet.`,
      };

export const insufficientToast: Toast = {
  type: "toast",
  tone: "error",
  title: INSUFFICIENT,
  description: "Enter at most your wallet balance.",
};

export const submittedToast = (withdrawal: TokenTransferAnswer["withdrawal"]): Toast =>
  withdrawal.status === "review"
    ? { type: "toast", tone: "success", title: REVIEW_TITLE, description: REVIEW_DESCRIPTION }
    : {
        type: "toast",
        tone: "success",
        title: "Withdrawal submitted",
        description: `${withdrawal.amount} USDT to ${shortTronAddress(withdrawal.to)}. It confirms in a few seconds.`,
      };

export const refusedToast = (error: ApiError): Toast =>
  error.code === "INSUFFICIENT_BALANCE"
    ? insufficientToast
    : {
        type: "toast",
        tone: "error",
        title: WITHDRAW_FAILED,
        description: outcomeUnknown(error)
          ? "Check your connection and press Withdraw again: it will not be sent twice."
          : error.message,
      };
