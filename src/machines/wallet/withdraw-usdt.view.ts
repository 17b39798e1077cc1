/** What the Withdraw USDT tab shows of its machine: the form's fields, what keeps it from being sent, busy. */
import type { SnapshotFrom } from "xstate";
import { MIN_USDT_WITHDRAWAL } from "#contracts/limits.ts";
import type { withdrawUsdtMachine } from "./withdraw-usdt.machine.ts";
import { addressProblem, amountProblem } from "./withdraw-usdt.rules.ts";

export type WithdrawUsdtSnapshot = SnapshotFrom<typeof withdrawUsdtMachine>;

export interface WithdrawUsdtView {
  to: string;
  amount: string;
  minimum: number;
  addressProblem: string | null;
  amountProblem: string | null;
  /** A withdrawal is being sent. */
  busy: boolean;
}

/** Only the form's part of the context: a followed withdrawal settling does not redraw the form. */
export function toWithdrawUsdtView(snapshot: WithdrawUsdtSnapshot): WithdrawUsdtView {
  const { to, amount } = snapshot.context;
  return {
    to,
    amount,
    minimum: MIN_USDT_WITHDRAWAL,
    addressProblem: addressProblem(to),
    amountProblem: amountProblem(amount),
    busy: snapshot.hasTag("busy"),
  };
}
