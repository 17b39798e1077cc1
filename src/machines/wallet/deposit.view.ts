/** What the Wallet screen shows of the deposit machine: the Deposit USDT tab and the USDT balance figure. */
import type { SnapshotFrom } from "xstate";
import type { ChainTransaction } from "#src/api/wallet.ts";
import type { depositMachine } from "./deposit.machine.ts";

export type DepositSnapshot = SnapshotFrom<typeof depositMachine>;

export type DepositStatus = "loading" | "loadFailed" | "noAddress" | "generating" | "ready";

export interface DepositView {
  status: DepositStatus;
  address: string | null;
  balance: number | null;
  transactions: ChainTransaction[];
  explorer: string | null;
  /** The chain balance and latest transfers are being read again (the address stays on screen). */
  refreshing: boolean;
}

const STATUSES = ["ready", "generating", "noAddress", "loadFailed"] as const satisfies DepositStatus[];

export function toDepositView(snapshot: DepositSnapshot): DepositView {
  const { address, balance, transactions, explorer } = snapshot.context;
  return {
    status: STATUSES.find((status) => snapshot.matches(status)) ?? "loading",
    address,
    balance,
    transactions,
    explorer,
    refreshing: snapshot.hasTag("refreshing"),
  };
}

/** The USDT Balance figure: "N/A" while the server does not know it, 4 decimals otherwise. */
export const selectUsdtBalance = (snapshot: DepositSnapshot) => {
  const { balance } = snapshot.context;
  return balance === null ? "N/A" : balance.toFixed(4);
};

export const selectDepositLoading = (snapshot: DepositSnapshot) => snapshot.hasTag("loading");
