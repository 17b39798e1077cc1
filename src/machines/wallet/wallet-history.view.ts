/** What the Wallet screen's Transaction History shows of its machine. */
import type { SnapshotFrom } from "xstate";
import type { walletHistoryMachine } from "./wallet-history.machine.ts";

export type WalletHistorySnapshot = SnapshotFrom<typeof walletHistoryMachine>;

export interface WalletHistoryView {
  status: "loading" | "failed" | "ready";
  rows: WalletHistorySnapshot["context"]["transactions"];
  hasMore: boolean;
  /** The next page is on its way (the rows shown stay). */
  loadingMore: boolean;
}

export function toWalletHistoryView(snapshot: WalletHistorySnapshot): WalletHistoryView {
  return {
    status: snapshot.hasTag("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "ready",
    rows: snapshot.context.transactions,
    hasMore: snapshot.context.nextCursor !== null,
    loadingMore: snapshot.hasTag("busy"),
  };
}
