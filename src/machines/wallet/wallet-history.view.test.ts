import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { WalletHistoryAnswer } from "#src/api/rewards.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import { walletHistoryMachine } from "./wallet-history.machine.ts";
import { toWalletHistoryView } from "./wallet-history.view.ts";

type Row = WalletHistoryAnswer["transactions"][number];
const row: Row = {
  id: "a",
  type: "withdraw",
  amount: 300,
  description: "USDT withdrawal to TDvSsd...we9K",
  timestamp: "2026-11-23T07:00:00.000Z",
  status: "completed",
};

function snapshotIn(value: "loading" | "ready" | "refreshing" | "loadingMore" | "failed", context = {}) {
  const initial = createActor(walletHistoryMachine, { input: { app: {} as AppLink } }).getSnapshot();
  return walletHistoryMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

describe("wallet history view", () => {
  it("loads with a spinner, fails with a retry, and shows the rows when ready", () => {
    expect(toWalletHistoryView(snapshotIn("loading")).status).toBe("loading");
    expect(toWalletHistoryView(snapshotIn("failed")).status).toBe("failed");
    expect(toWalletHistoryView(snapshotIn("ready", { transactions: [row], nextCursor: "c1" }))).toEqual({
      status: "ready",
      rows: [row],
      hasMore: true,
      loadingMore: false,
    });
  });

  it("keeps the rows while a refresh or the next page is on its way, and offers no more after the last", () => {
    const refreshing = toWalletHistoryView(snapshotIn("refreshing", { transactions: [row] }));
    expect(refreshing).toMatchObject({ status: "ready", rows: [row], loadingMore: false, hasMore: false });
    const more = toWalletHistoryView(snapshotIn("loadingMore", { transactions: [row], nextCursor: "c1" }));
    expect(more).toMatchObject({ status: "ready", loadingMore: true, hasMore: true });
  });
});
